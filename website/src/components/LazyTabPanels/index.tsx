import React, { type ComponentType, type ReactNode } from 'react';

/**
 * One of the OpenAPI theme's tab components that renders only the selected tab's panel: the body of the src/theme
 * wrappers of `ApiTabs`, `MimeTabs` and `SchemaTabs`. The theme renders every panel and hides all but one; on an
 * API page that is every response status with its schema and example code blocks, built again after hydration (the
 * tabs remount once the page knows it is in the browser), most of the page's start-up work on a phone. A panel
 * renders when its tab is chosen.
 */
export function withLazyPanels<P extends object>(Tabs: ComponentType<P & { lazy?: boolean }>): (props: P) => ReactNode {
  return function TabsWithLazyPanels(props: P): ReactNode {
    return <Tabs lazy {...props} />;
  };
}
