import ParamsItem from '@theme-original/ParamsItem';
import type ParamsItemType from 'docusaurus-theme-openapi-docs/lib/theme/ParamsItem';
import type { WrapperProps } from '@docusaurus/types';
import { asPropertyListEntry } from '@site/src/components/ApiPropertyList';

/** Each parameter is an entry of the theme's parameter `<ul>`. */
export default asPropertyListEntry<WrapperProps<typeof ParamsItemType>>(ParamsItem, { always: true });
