import React, { type ReactNode } from 'react';
import { usePluginData } from '@docusaurus/useGlobalData';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { SearchButton, setStylesheetUrl } from '@docent/widget/react';
import type { ClientSettings } from '../../settings';

/**
 * The navbar slot: Docent's search button. Only the button loads with the page; the dialog, the
 * engine and the index load on the first hover, focus, click or shortcut.
 */
export default function SearchBar(): ReactNode {
  const settings = usePluginData('docusaurus-plugin-docent') as ClientSettings;
  // The widget's stylesheets are copied to /docent/ by the plugin after the build.
  setStylesheetUrl(useBaseUrl('/docent/docent.css'));
  return (
    <SearchButton
      project={settings.project}
      headerTitle={settings.headerTitle}
      cleanTitles={settings.cleanTitles}
      buttonStyle={settings.buttonStyle}
      shortcut={settings.shortcut}
      indexUrl={useBaseUrl(settings.indexUrl)}
      {...(settings.apiUrl ? { apiUrl: settings.apiUrl } : {})}
    >
      Search
    </SearchButton>
  );
}
