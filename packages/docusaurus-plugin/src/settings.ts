import type { ResolvedOptions } from './options';

/**
 * The part of the options the browser needs to render the button. It goes into global data,
 * so it stays a handful of short fields: never content or the index.
 */
export interface ClientSettings {
  project: string;
  headerTitle: string;
  cleanTitles: boolean;
  buttonStyle: ResolvedOptions['buttonStyle'];
  shortcut: string;
  apiUrl: string | null;
  indexUrl: string;
}

export function toClientSettings(options: ResolvedOptions): ClientSettings {
  return {
    project: options.project,
    headerTitle: options.headerTitle,
    cleanTitles: options.cleanTitles,
    buttonStyle: options.buttonStyle,
    shortcut: options.shortcut,
    apiUrl: options.apiUrl ?? null,
    indexUrl: `/${options.indexPath.replace(/^\/+/, '')}`,
  };
}
