import ApiTabs from '@theme-original/ApiTabs';
import type ApiTabsType from 'docusaurus-theme-openapi-docs/lib/theme/ApiTabs';
import type { WrapperProps } from '@docusaurus/types';
import { withLazyPanels } from '@site/src/components/LazyTabPanels';

export default withLazyPanels<WrapperProps<typeof ApiTabsType>>(ApiTabs);
