/**
 * Options of docusaurus-plugin-docent: the widget's attributes in camelCase, as the widget's attribute table
 * (`@docent/contract/attributes`) defines them (type, allowed values, default), plus the plugin's own options.
 * Validation fails loudly, naming the option and the fix.
 */
import {
  ATTRIBUTES,
  defaultOf,
  describeAllowed,
  type AttributeDefinition,
  type OptionName,
  type WidgetOptions,
} from '@docent/contract/attributes';
import { PROJECT_ID_RULE } from '@docent/contract/projectId';

/**
 * Attributes the plugin does not take as options: it sets `index-url` itself (from `indexPath`), and it renders
 * neither `<docent-chat>` (`embedded-height`) nor an inline thumb (`rating`).
 */
const NOT_OPTIONS = ['indexUrl', 'embeddedHeight', 'rating'] as const satisfies readonly OptionName[];

/** The widget attributes a site sets through the plugin, by their camelCase prop. */
export type WidgetOptionName = Exclude<OptionName, (typeof NOT_OPTIONS)[number]>;

/** What a site owner writes for the widget's attributes: each optional but `project`, arrays as plain arrays. */
export type WidgetOptionValues = { [P in Exclude<WidgetOptionName, 'project'>]?: Mutable<WidgetOptions[P]> } & { project: string };
type Mutable<T> = T extends readonly (infer Item)[] ? Item[] : T;

/** The plugin's own options. */
export interface PluginOwnOptions {
  id?: string;
  /** Where the index is written, relative to the build folder. */
  indexPath?: string;
  /** Render `<docent-chat-button>`, the floating button, on every page. */
  chatButton?: boolean;
  /** Render `<docent-feedback>` under every doc. */
  pageFeedback?: boolean;
  /**
   * Groups of words that mean the same to the site's readers (`[['bot', 'assistant']]`): a query word of a group
   * also finds the group's other words. Written into the index, so `docent serve` ranks with them too.
   */
  synonyms?: string[][];
}

/** What a site owner writes in docusaurus.config.ts. */
export type PluginOptions = PluginOwnOptions & WidgetOptionValues;

/**
 * Attributes whose default is none (`apiUrl`, `initialMessage`, `assistantAvatar`, `consentText`) or depends on the
 * element (`defaultTab`: `search` on the search button, `ask` on the chat button): the widget applies those.
 */
type NoPluginDefault = 'apiUrl' | 'initialMessage' | 'assistantAvatar' | 'consentText' | 'defaultTab';

/** Options after validation: every option with a default has its value. */
export type ResolvedOptions = PluginOptions & Required<Omit<PluginOptions, NoPluginDefault>>;

/** The widget options the plugin takes, in the table's order. */
const WIDGET_OPTIONS: readonly AttributeDefinition[] = ATTRIBUTES.filter(
  (definition) => !(NOT_OPTIONS as readonly string[]).includes(definition.prop),
);

const PLUGIN_DEFAULTS = {
  id: 'default',
  indexPath: 'docent-index.json',
  chatButton: false,
  pageFeedback: true,
  synonyms: [] as string[][],
} as const satisfies Required<PluginOwnOptions>;

/** The table's defaults (as the search button has them), where there is one default for every element. */
function widgetDefaults(): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const definition of WIDGET_OPTIONS) {
    const value = defaultOf(definition, 'search-button');
    if (value === undefined || definition.defaultByElement !== undefined || definition.required) continue;
    defaults[definition.prop] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return defaults;
}

export const DEFAULT_OPTIONS = { ...widgetDefaults(), ...PLUGIN_DEFAULTS } as Omit<ResolvedOptions, 'project'>;

type Check = (value: unknown) => { ok: true; value: unknown } | { ok: false; problem: string };

function describe(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/**
 * How the allowed values read in an option's error. The table says them for attribute text; a few types read
 * differently as JavaScript values in a config file.
 */
function expected(definition: AttributeDefinition): string {
  switch (definition.type.name) {
    case 'enum':
      return `one of ${describeAllowed(definition)}`;
    case 'boolean':
      return 'true or false';
    case 'text':
    case 'markdown':
      return 'a non-empty string';
    case 'project-id':
      return `a project id: ${PROJECT_ID_RULE}`;
    case 'string-array':
      return 'an array of non-empty strings';
    case 'filter-array':
      return 'an array of { label, path } objects whose path starts with /';
    default:
      return describeAllowed(definition);
  }
}

/** A widget option passes its attribute's own check; a blank string is refused, since leaving the option out is how to get the default. */
function widgetCheck(definition: AttributeDefinition): Check {
  return (value) => {
    const blank = typeof value === 'string' && value.trim() === '';
    const listOfBlanks = Array.isArray(value) && value.some((item) => typeof item === 'string' && item.trim() === '');
    const checked = blank || listOfBlanks ? { ok: false as const } : definition.type.check(value, definition);
    return checked.ok ? checked : { ok: false, problem: `must be ${expected(definition)}` };
  };
}

const isText: Check = (value) => (typeof value === 'string' && value.trim() !== '' ? { ok: true, value } : { ok: false, problem: 'must be a non-empty string' });
const isBoolean: Check = (value) => (typeof value === 'boolean' ? { ok: true, value } : { ok: false, problem: 'must be true or false' });
const isIndexPath: Check = (value) =>
  typeof value === 'string' && /^[\w./-]+\.json$/.test(value)
    ? { ok: true, value }
    : { ok: false, problem: 'must be a relative path to a .json file, such as docent-index.json' };

/** The shape of a synonym table; the engine checks its words when it builds the index (see writeArtifacts). */
const isSynonyms: Check = (value) =>
  Array.isArray(value) && value.every((group) => Array.isArray(group) && group.length >= 2 && group.every((word) => typeof word === 'string' && word.trim() !== ''))
    ? { ok: true, value }
    : { ok: false, problem: 'must be an array of groups, each of two or more words, such as [["bot", "assistant"], ["sync", "recrawl"]]' };

const CHECKS: Record<keyof PluginOptions, Check> = {
  id: isText,
  indexPath: isIndexPath,
  chatButton: isBoolean,
  pageFeedback: isBoolean,
  synonyms: isSynonyms,
  ...(Object.fromEntries(WIDGET_OPTIONS.map((definition) => [definition.prop, widgetCheck(definition)])) as Record<WidgetOptionName, Check>),
};

export const OPTION_NAMES = Object.keys(CHECKS) as (keyof PluginOptions)[];

export class PluginOptionsError extends Error {
  override name = 'PluginOptionsError';
}

/** Returns the options with defaults applied, or throws one error listing every problem (by option name). */
export function normalizeOptions(input: unknown): ResolvedOptions {
  const prefix = 'docusaurus-plugin-docent:';
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new PluginOptionsError(`${prefix} options must be an object such as { project: 'my-project' }`);
  }
  const options = input as Record<string, unknown>;
  const problems: string[] = [];
  for (const name of Object.keys(options)) {
    if (!(name in CHECKS)) {
      problems.push(`unknown option "${name}"; known options are ${OPTION_NAMES.join(', ')}`);
    }
  }
  if (options.project === undefined) {
    problems.push('option "project" is required: set it to your project id, such as project: \'my-project\'');
  }
  const values: Record<string, unknown> = {};
  for (const name of [...OPTION_NAMES].sort()) {
    const value = options[name];
    if (value === undefined) continue;
    const checked = CHECKS[name](value);
    if (checked.ok) values[name] = checked.value;
    else problems.push(`option "${name}" ${checked.problem}; got ${describe(value)}`);
  }
  if (problems.length > 0) {
    throw new PluginOptionsError(problems.map((problem) => `${prefix} ${problem}`).join('\n'));
  }
  return { ...DEFAULT_OPTIONS, ...values } as ResolvedOptions;
}
