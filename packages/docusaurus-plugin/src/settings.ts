import { DEFAULT_OPTIONS, type PluginOptions, type ResolvedOptions } from './options';

/** Plugin options that configure the plugin itself rather than a widget attribute. */
const PLUGIN_ONLY = ['id', 'indexPath', 'chatButton', 'pageFeedback', 'synonyms'] as const;

/** The widget attributes a site can set through the plugin, in camelCase (the reference on customization/layout). */
export type WidgetSettings = Omit<PluginOptions, (typeof PLUGIN_ONLY)[number]>;

/**
 * The part of the options the browser needs. It goes into global data (and so into every page), so it
 * carries only the widget attributes the site changed from their defaults: the widget applies the rest.
 */
export interface ClientSettings {
  widget: WidgetSettings;
  /** Site-relative URL of the static index; the theme prefixes the base URL. */
  indexUrl: string;
  chatButton: boolean;
  /** Render `<docent-feedback>` under every doc (pages with front matter `docent: false` excepted). */
  pageFeedback: boolean;
}

function isDefault(name: string, value: unknown): boolean {
  const defaults: Readonly<Record<string, unknown>> = DEFAULT_OPTIONS;
  return name in defaults && JSON.stringify(defaults[name]) === JSON.stringify(value);
}

export function toClientSettings(options: ResolvedOptions): ClientSettings {
  const widget: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(options)) {
    if ((PLUGIN_ONLY as readonly string[]).includes(name) || value === undefined) continue;
    if (name !== 'project' && isDefault(name, value)) continue;
    widget[name] = value;
  }
  return {
    widget: widget as unknown as WidgetSettings,
    indexUrl: `/${options.indexPath.replace(/^\/+/, '')}`,
    chatButton: options.chatButton,
    pageFeedback: options.pageFeedback,
  };
}
