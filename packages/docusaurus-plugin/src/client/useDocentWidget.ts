import { usePluginData } from '@docusaurus/useGlobalData';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { setStylesheetUrl } from '@docent/widget/react';
import type { ClientSettings, WidgetSettings } from '../settings';

export interface DocentWidget {
  /** Props for the widget's React components: the site's options plus the index URL under the base URL. */
  props: WidgetSettings & { indexUrl: string };
  chatButton: boolean;
  pageFeedback: boolean;
}

/**
 * The plugin's settings from global data: `props` are ready to spread onto `SearchButton` or `ChatButton`
 * (`PageFeedback` takes only `project`, `apiUrl`, `theme` and `hideBranding` from them).
 */
export function useDocentWidget(): DocentWidget {
  const settings = usePluginData('docusaurus-plugin-docent') as ClientSettings;
  // The widget's stylesheets (STYLESHEETS in @docent/contract/stylesheets) are copied to /docent/ after the build.
  setStylesheetUrl(useBaseUrl('/docent/docent.css'));
  const indexUrl = useBaseUrl(settings.indexUrl);
  return { props: { ...settings.widget, indexUrl }, chatButton: settings.chatButton, pageFeedback: settings.pageFeedback };
}
