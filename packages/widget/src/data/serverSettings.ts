/**
 * Connected mode: the widget settings a project keeps on the server (`getProject`'s `widget`, openapi.yaml) take
 * the place of the widget's built-in defaults, so a change on the server reaches every page without a rebuild.
 * What the site owner wrote on the element (an attribute, or a React prop, which becomes one) still wins: the
 * server only fills in what the page left out (an attribute with a bad value counts as written: it gets the
 * default its warning names). Each server value passes the check of the attribute of the same
 * name; a bad one is dropped with one warning naming the setting, and the default stays.
 */
import { WIDGET_SETTING_OPTIONS } from '@docent/contract/api';
import { attributeFor, type ElementKind, type OptionName, type WidgetOptions } from '@docent/contract/attributes';
import { show } from '@docent/contract/attributes/parse';
import type { AttributeRule, Check } from '@docent/contract/attributes/model';

/** `WidgetSettings` of the contract: each setting and the option it sets. */
export const SERVER_SETTINGS = WIDGET_SETTING_OPTIONS;

export type ServerSettingName = keyof typeof SERVER_SETTINGS;
export type ServerSettingProp = (typeof SERVER_SETTINGS)[ServerSettingName];
/** The server's settings that passed their checks, as options. */
export type ServerSettings = Partial<Pick<WidgetOptions, ServerSettingProp>>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `null` is the contract's "none" for the options whose default is none (initial message, consent text, avatar).
 * A blank string counts as left out, as a blank attribute does.
 */
function checkSetting(value: unknown, rule: AttributeRule): Check | 'left out' {
  if (value === undefined || (typeof value === 'string' && rule.type.name !== 'boolean' && value.trim() === '')) return 'left out';
  if (value === null && rule.default === undefined) return { ok: true, value: undefined };
  return rule.type.check(value, rule);
}

/** `getProject`'s response → the settings that pass their attribute's check. Anything else in it is ignored. */
export function readServerSettings(project: unknown, warn: (message: string) => void = (message) => console.warn(message)): ServerSettings {
  const widget = isObject(project) ? project.widget : undefined;
  if (!isObject(widget)) return {};
  const settings: Partial<Record<ServerSettingProp, unknown>> = {};
  for (const [name, prop] of Object.entries(SERVER_SETTINGS) as [ServerSettingName, ServerSettingProp][]) {
    const rule = attributeFor(prop);
    const checked = checkSetting(widget[name], rule);
    if (checked === 'left out') continue;
    if (checked.ok) settings[prop] = checked.value;
    else {
      warn(
        `Docent: the server's widget setting ${name} has a bad value ${show(widget[name])}. ` +
          `Allowed: ${rule.type.allowed(rule)}. Using the default (${show(rule.default)}).`,
      );
    }
  }
  return settings as ServerSettings;
}

/** True when the page set the attribute: the same test `parseAttribute` makes (a blank attribute is left out). */
function attributeSet(rule: AttributeRule, raw: string | null): boolean {
  return raw !== null && (rule.type.name === 'boolean' || raw.trim() !== '');
}

function take<P extends ServerSettingProp>(options: WidgetOptions, settings: ServerSettings, prop: P): void {
  options[prop] = settings[prop] as WidgetOptions[P];
}

/**
 * An element's options with the server's settings in place of the defaults its attributes left. A setting the
 * element does not have (filters on a chat button) stays out, as the attribute would.
 */
export function withServerSettings(
  options: WidgetOptions,
  settings: ServerSettings,
  kind: ElementKind,
  getAttribute: (name: string) => string | null,
): WidgetOptions {
  const merged: WidgetOptions = { ...options };
  for (const prop of Object.keys(settings) as ServerSettingProp[]) {
    const rule = attributeFor(prop);
    if (rule.elements.includes(kind) && !attributeSet(rule, getAttribute(rule.name))) take(merged, settings, prop);
  }
  return merged;
}
