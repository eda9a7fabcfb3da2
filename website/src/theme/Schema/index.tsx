import React, { type ReactNode } from 'react';
import Schema from '@theme-original/Schema';
import type SchemaType from 'docusaurus-theme-openapi-docs/lib/theme/Schema';
import type { WrapperProps } from '@docusaurus/types';
import { PropertyListEntry } from '@site/src/components/ApiPropertyList';

type Props = WrapperProps<typeof SchemaType>;

/** The request and response bodies render a schema as the only content of a `<ul>`: it is that list's entry. */
export default function SchemaWrapper(props: Props): ReactNode {
  return (
    <PropertyListEntry always>
      <Schema {...props} />
    </PropertyListEntry>
  );
}
