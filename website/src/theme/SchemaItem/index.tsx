import React, { type ReactNode } from 'react';
import SchemaItem from '@theme-original/SchemaItem';
import type SchemaItemType from 'docusaurus-theme-openapi-docs/lib/theme/SchemaItem';
import type { WrapperProps } from '@docusaurus/types';
import { PropertyListEntry } from '@site/src/components/ApiPropertyList';

type Props = WrapperProps<typeof SchemaItemType>;

/** A property is a list entry when it sits directly in a theme `<ul>` (response headers); nested ones are not. */
export default function SchemaItemWrapper(props: Props): ReactNode {
  return (
    <PropertyListEntry>
      <SchemaItem {...props} />
    </PropertyListEntry>
  );
}
