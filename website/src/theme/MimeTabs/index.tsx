import React, { type ReactNode } from 'react';
import MimeTabs from '@theme-original/MimeTabs';
import type MimeTabsType from 'docusaurus-theme-openapi-docs/lib/theme/MimeTabs';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof MimeTabsType>;

/**
 * Renders only the selected tab's panel. The theme renders every panel and hides all but one; on an API page that
 * is every response status with its schema and example code blocks, built again after hydration (the tabs remount
 * once the page knows it is in the browser), most of the page's start-up work on a phone. A panel renders when
 * its tab is chosen.
 */
export default function LazyMimeTabs(props: Props): ReactNode {
  return <MimeTabs lazy {...props} />;
}
