import React, { type ReactNode } from 'react';
import ApiTabs from '@theme-original/ApiTabs';
import type ApiTabsType from 'docusaurus-theme-openapi-docs/lib/theme/ApiTabs';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof ApiTabsType>;

/**
 * Renders only the selected tab's panel. The theme renders every panel and hides all but one; on an API page that
 * is every response status with its schema and example code blocks, built again after hydration (the tabs remount
 * once the page knows it is in the browser), most of the page's start-up work on a phone. A panel renders when
 * its tab is chosen.
 */
export default function LazyApiTabs(props: Props): ReactNode {
  return <ApiTabs lazy {...props} />;
}
