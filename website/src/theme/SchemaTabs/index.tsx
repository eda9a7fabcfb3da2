import SchemaTabs from '@theme-original/SchemaTabs';
import type SchemaTabsType from 'docusaurus-theme-openapi-docs/lib/theme/SchemaTabs';
import type { WrapperProps } from '@docusaurus/types';
import { withLazyPanels } from '@site/src/components/LazyTabPanels';

export default withLazyPanels<WrapperProps<typeof SchemaTabsType>>(SchemaTabs);
