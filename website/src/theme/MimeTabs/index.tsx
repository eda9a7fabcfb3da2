import MimeTabs from '@theme-original/MimeTabs';
import type MimeTabsType from 'docusaurus-theme-openapi-docs/lib/theme/MimeTabs';
import type { WrapperProps } from '@docusaurus/types';
import { withLazyPanels } from '@site/src/components/LazyTabPanels';

export default withLazyPanels<WrapperProps<typeof MimeTabsType>>(MimeTabs);
