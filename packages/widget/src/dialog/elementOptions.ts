/**
 * An element's options for its dialog or panel: its attributes parsed through the whole table, and in connected
 * mode, once the project's settings have come from the server, those settings in place of the defaults the
 * attributes left (data/serverSettings.ts). The first render never waits for the server: the settings are asked
 * for when the dialog code loads (on hover, focus or shortcut), so they are usually in before the dialog opens.
 */
import { parseAttributes, type WidgetOptions } from '@docent/contract/attributes';
import { sourceFor } from '../data/index.js';
import { withServerSettings, type ServerSettings } from '../data/serverSettings.js';
import type { AssistantHost } from './api.js';

export interface OptionsReader {
  /** The options now: the attributes, with the server's settings once they have arrived. */
  read(): WidgetOptions;
}

interface SettingsRequest {
  /** The server and project asked: a changed `api-url` or `project` asks again. */
  readonly key: string;
  settings?: ServerSettings;
}

/** `onSettings` is called when the server's settings arrive, so the caller reads and renders again. */
export function createOptionsReader(host: AssistantHost, onSettings: () => void): OptionsReader {
  const getAttribute = (name: string): string | null => host.getAttribute(name);
  let current: SettingsRequest | undefined;
  return {
    read() {
      const options = parseAttributes(host.kind, getAttribute, host.warner);
      const key = options.apiUrl === undefined ? '' : `${options.apiUrl} ${options.project}`;
      if (current?.key !== key) {
        const request: SettingsRequest = { key };
        current = request;
        void sourceFor(options)
          .settings?.()
          .then((settings) => {
            request.settings = settings;
            if (current === request) onSettings();
          });
      }
      return current.settings ? withServerSettings(options, current.settings, host.kind, getAttribute) : options;
    },
  };
}
