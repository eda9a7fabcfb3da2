import React, { type ReactNode } from 'react';
import ParamsItem from '@theme-original/ParamsItem';
import type ParamsItemType from 'docusaurus-theme-openapi-docs/lib/theme/ParamsItem';
import type { WrapperProps } from '@docusaurus/types';
import { PropertyListEntry } from '@site/src/components/ApiPropertyList';

type Props = WrapperProps<typeof ParamsItemType>;

/** Each parameter is an entry of the theme's parameter `<ul>`. */
export default function ParamsItemWrapper(props: Props): ReactNode {
  return (
    <PropertyListEntry always>
      <ParamsItem {...props} />
    </PropertyListEntry>
  );
}
