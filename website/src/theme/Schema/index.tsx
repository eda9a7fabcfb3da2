import Schema from '@theme-original/Schema';
import type SchemaType from 'docusaurus-theme-openapi-docs/lib/theme/Schema';
import type { WrapperProps } from '@docusaurus/types';
import { asPropertyListEntry } from '@site/src/components/ApiPropertyList';

/** The request and response bodies render a schema as the only content of a `<ul>`: it is that list's entry. */
export default asPropertyListEntry<WrapperProps<typeof SchemaType>>(Schema, { always: true });
