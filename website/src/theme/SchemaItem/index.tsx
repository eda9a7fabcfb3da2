import SchemaItem from '@theme-original/SchemaItem';
import type SchemaItemType from 'docusaurus-theme-openapi-docs/lib/theme/SchemaItem';
import type { WrapperProps } from '@docusaurus/types';
import { asPropertyListEntry } from '@site/src/components/ApiPropertyList';

/** A property is a list entry when it sits directly in a theme `<ul>` (response headers); nested ones are not. */
export default asPropertyListEntry<WrapperProps<typeof SchemaItemType>>(SchemaItem);
