import React, { type ReactNode } from 'react';
import SchemaTabs from '@theme-original/SchemaTabs';
import type SchemaTabsType from 'docusaurus-theme-openapi-docs/lib/theme/SchemaTabs';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof SchemaTabsType>;

/**
 * Renders only the selected tab's panel. The theme renders every panel and hides all but one; on an API page that
 * is every response status with its schema and example code blocks, built again after hydration (the tabs remount
 * once the page knows it is in the browser), most of the page's start-up work on a phone. A panel renders when
 * its tab is chosen.
 */
export default function LazySchemaTabs(props: Props): ReactNode {
  return <SchemaTabs lazy {...props} />;
}
