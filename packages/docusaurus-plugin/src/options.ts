/**
 * Options of docusaurus-plugin-docent: the widget attributes (customization/layout) in camelCase,
 * plus the plugin's own options. Validation fails loudly, naming the option and the fix.
 */

export const BUTTON_STYLES = ['rounded', 'pill', 'square'] as const;
export const BUTTON_THEMES = ['auto', 'light', 'dark'] as const;
export const BUTTON_POSITIONS = ['bottom-right', 'bottom-left'] as const;
export const MODAL_POSITIONS = ['center', 'sidebar-right', 'bottom-right'] as const;
export const TABS = ['search', 'ask'] as const;
export const THEMES = ['auto', 'light', 'dark'] as const;

export type ButtonStyle = (typeof BUTTON_STYLES)[number];
export type ButtonTheme = (typeof BUTTON_THEMES)[number];
export type ButtonPosition = (typeof BUTTON_POSITIONS)[number];
export type ModalPosition = (typeof MODAL_POSITIONS)[number];
export type Tab = (typeof TABS)[number];
export type Theme = (typeof THEMES)[number];

export interface Filter {
  label: string;
  path: string;
}

/** What a site owner writes in docusaurus.config.ts. */
export interface PluginOptions {
  id?: string;
  project: string;
  apiUrl?: string;
  indexPath?: string;
  headerTitle?: string;
  placeholder?: string;
  buttonStyle?: ButtonStyle;
  buttonTheme?: ButtonTheme;
  buttonPosition?: ButtonPosition;
  modalPosition?: ModalPosition;
  defaultTab?: Tab;
  cleanTitles?: boolean;
  answerThreshold?: number;
  initialMessage?: string;
  suggestedQuestions?: string[];
  suggestedQuestionsTitle?: string;
  filters?: Filter[];
  footerText?: string;
  hideSources?: boolean;
  hideFeedback?: boolean;
  hideBranding?: boolean;
  assistantName?: string;
  assistantAvatar?: string;
  theme?: Theme;
  storeHistory?: boolean;
  consentText?: string;
  shortcut?: string;
  chatButton?: boolean;
  pageFeedback?: boolean;
}

/** Options after validation: every option with a default has its value. */
export type ResolvedOptions = PluginOptions &
  Required<Omit<PluginOptions, 'apiUrl' | 'initialMessage' | 'assistantAvatar' | 'consentText' | 'defaultTab'>>;

export const DEFAULT_OPTIONS = {
  id: 'default',
  indexPath: 'docent-index.json',
  headerTitle: 'Ask AI',
  placeholder: 'Search or ask a question…',
  buttonStyle: 'rounded',
  buttonTheme: 'auto',
  buttonPosition: 'bottom-right',
  modalPosition: 'center',
  cleanTitles: false,
  answerThreshold: 0.4,
  suggestedQuestions: [],
  suggestedQuestionsTitle: 'Suggested questions',
  filters: [],
  footerText: 'Answers come from the documentation and can be wrong. Check the cited sources.',
  hideSources: false,
  hideFeedback: false,
  hideBranding: false,
  assistantName: 'Docent',
  theme: 'auto',
  storeHistory: true,
  shortcut: 'mod+k',
  chatButton: false,
  pageFeedback: true,
} as const satisfies Omit<ResolvedOptions, 'project'>;

type Check = (value: unknown) => string | undefined;

const PROJECT_ID = /^[a-z0-9][a-z0-9-]{2,39}$/;
const SHORTCUT = /^(none|((mod|ctrl|meta|alt|shift)\+)*[a-z0-9/])$/;

function describe(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

const isText: Check = (value) => (typeof value === 'string' && value.trim() !== '' ? undefined : 'must be a non-empty string');
const isShare: Check = (value) => (typeof value === 'number' && value >= 0 && value <= 1 ? undefined : 'must be a number from 0 to 1, such as 0.6');
const isBoolean: Check = (value) => (typeof value === 'boolean' ? undefined : 'must be true or false');
const oneOf =
  (values: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value) ? undefined : `must be one of ${values.join(', ')}`;
const matches =
  (pattern: RegExp, rule: string): Check =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? undefined : rule;
const isUrl: Check = (value) => {
  if (typeof value !== 'string') return 'must be a URL string';
  try {
    new URL(value, 'http://localhost');
    return /^(https?:\/\/|\/)/.test(value) ? undefined : 'must be an absolute http(s) URL or a path starting with /';
  } catch {
    return 'must be a URL string';
  }
};
const isTextList: Check = (value) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && item.trim() !== '')
    ? undefined
    : 'must be an array of non-empty strings';
const isFilterList: Check = (value) =>
  Array.isArray(value) &&
  value.every(
    (item: unknown) =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as Filter).label === 'string' &&
      typeof (item as Filter).path === 'string' &&
      (item as Filter).path.startsWith('/'),
  )
    ? undefined
    : 'must be an array of { label, path } objects whose path starts with /';

const CHECKS: Record<keyof PluginOptions, Check> = {
  id: isText,
  project: matches(PROJECT_ID, 'must be a project id: 3 to 40 characters of a-z, 0-9 and -, starting with a letter or digit'),
  apiUrl: isUrl,
  indexPath: matches(/^[\w./-]+\.json$/, 'must be a relative path to a .json file, such as docent-index.json'),
  headerTitle: isText,
  placeholder: isText,
  buttonStyle: oneOf(BUTTON_STYLES),
  buttonTheme: oneOf(BUTTON_THEMES),
  buttonPosition: oneOf(BUTTON_POSITIONS),
  modalPosition: oneOf(MODAL_POSITIONS),
  defaultTab: oneOf(TABS),
  cleanTitles: isBoolean,
  answerThreshold: isShare,
  initialMessage: isText,
  suggestedQuestions: isTextList,
  suggestedQuestionsTitle: isText,
  filters: isFilterList,
  footerText: isText,
  hideSources: isBoolean,
  hideFeedback: isBoolean,
  hideBranding: isBoolean,
  assistantName: isText,
  assistantAvatar: isUrl,
  theme: oneOf(THEMES),
  storeHistory: isBoolean,
  consentText: isText,
  shortcut: matches(SHORTCUT, 'must be a shortcut such as mod+k, ctrl+shift+f or /, or none'),
  chatButton: isBoolean,
  pageFeedback: isBoolean,
};

export const OPTION_NAMES = Object.keys(CHECKS) as (keyof PluginOptions)[];

export class PluginOptionsError extends Error {
  override name = 'PluginOptionsError';
}

/** Returns the options with defaults applied, or throws one error listing every problem. */
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
  for (const name of OPTION_NAMES) {
    const value = options[name];
    if (value === undefined) continue;
    const problem = CHECKS[name](value);
    if (problem) problems.push(`option "${name}" ${problem}; got ${describe(value)}`);
  }
  if (problems.length > 0) {
    throw new PluginOptionsError(problems.map((problem) => `${prefix} ${problem}`).join('\n'));
  }
  return { ...DEFAULT_OPTIONS, ...(options as unknown as PluginOptions) } as ResolvedOptions;
}
