/** The attribute model: elements, option types, and the shape of one row of the attribute table. */

export type ElementKind = 'search-button' | 'chat-button' | 'chat' | 'feedback';

export const ELEMENT_TAGS = {
  'search-button': 'docent-search-button',
  'chat-button': 'docent-chat-button',
  chat: 'docent-chat',
  feedback: 'docent-feedback',
} as const satisfies { [K in ElementKind]: `docent-${K}` }; // parse.ts and the React components rely on this spelling

export const REACT_COMPONENTS = {
  'search-button': 'SearchButton',
  'chat-button': 'ChatButton',
  chat: 'Chat',
  feedback: 'PageFeedback',
} as const satisfies Record<ElementKind, string>;

export const ALL_ELEMENTS: readonly ElementKind[] = ['search-button', 'chat-button', 'chat', 'feedback'];
export const DIALOG_ELEMENTS: readonly ElementKind[] = ['search-button', 'chat-button', 'chat'];
export const BUTTON_ELEMENTS: readonly ElementKind[] = ['search-button', 'chat-button'];

export type Theme = 'auto' | 'light' | 'dark';
export type Tab = 'search' | 'ask';

export interface Filter {
  readonly label: string;
  readonly path: string;
}

/** Every option of every element, parsed and typed. */
export interface WidgetOptions {
  project: string;
  apiUrl: string | undefined;
  indexUrl: string;
  headerTitle: string;
  placeholder: string;
  buttonStyle: 'rounded' | 'pill' | 'square';
  buttonTheme: Theme;
  buttonPosition: 'bottom-right' | 'bottom-left';
  modalPosition: 'center' | 'sidebar-right' | 'bottom-right';
  defaultTab: Tab;
  cleanTitles: boolean;
  answerThreshold: number;
  initialMessage: string | undefined;
  suggestedQuestions: readonly string[];
  suggestedQuestionsTitle: string;
  filters: readonly Filter[];
  footerText: string;
  hideSources: boolean;
  hideFeedback: boolean;
  hideBranding: boolean;
  assistantName: string;
  assistantAvatar: string | undefined;
  theme: Theme;
  storeHistory: boolean;
  consentText: string | undefined;
  shortcut: string;
  embeddedHeight: string;
  rating: 'up' | 'down' | undefined;
}

export type OptionName = keyof WidgetOptions;

/** The options the elements read before any dialog code loads (button shape, theme, shortcut, height). */
export type ElementOptionName = 'theme' | 'buttonStyle' | 'buttonTheme' | 'buttonPosition' | 'defaultTab' | 'shortcut' | 'embeddedHeight';
export type ElementOptions = Pick<WidgetOptions, ElementOptionName>;

/** The options `<docent-feedback>` reads besides `theme` (its lazily loaded chunk parses them). */
export type FeedbackOptionName = 'project' | 'apiUrl' | 'hideBranding' | 'rating';
export type FeedbackOptions = Pick<WidgetOptions, FeedbackOptionName>;

export type ValueTypeName =
  | 'text'
  | 'markdown'
  | 'enum'
  | 'boolean'
  | 'shortcut'
  | 'css-length'
  | 'project-id'
  | 'url'
  | 'absolute-url'
  | 'share'
  | 'string-array'
  | 'filter-array';

export type Check = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

/** How one kind of value is read from an attribute string, checked (strings and props alike) and described. */
export interface ValueType {
  readonly name: ValueTypeName;
  /** Attribute text → the value `check` expects (JSON is parsed here). */
  readonly decode?: (raw: string) => unknown;
  readonly check: (value: unknown, definition: AttributeRule) => Check;
  /** The allowed values, as a warning says them. */
  readonly allowed: (definition: AttributeRule) => string;
}

/** Sections of the reference page (layout.mdx), in order. */
export type AttributeGroup = 'connection' | 'text' | 'buttons' | 'results' | 'branding' | 'appearance' | 'feedback';
export const ATTRIBUTE_GROUPS: readonly AttributeGroup[] = ['connection', 'text', 'buttons', 'results', 'branding', 'appearance', 'feedback'];

/** What the elements need at run time to read an attribute: its names, type, allowed values and default. */
export interface AttributeRule<P extends OptionName = OptionName> {
  /** Attribute name on the elements (kebab-case). */
  readonly name: string;
  /** React prop and Docusaurus plugin option (camelCase). */
  readonly prop: P;
  readonly type: ValueType;
  /** Allowed values of an `enum`. */
  readonly values?: readonly string[];
  readonly default: WidgetOptions[P];
  /** Element-specific defaults that replace `default` (for `default-tab`). */
  readonly defaultByElement?: Partial<Record<ElementKind, WidgetOptions[P]>>;
  readonly required?: boolean;
  readonly elements: readonly ElementKind[];
}

/** What only the reference docs need: kept out of the rules that ship with the button. */
export interface AttributeDoc {
  /** How the default reads in the docs when it is not a plain value. */
  readonly defaultLabel?: string;
  readonly group: AttributeGroup;
  /** One line for the reference table. */
  readonly description: string;
}

export type AttributeDefinition<P extends OptionName = OptionName> = AttributeRule<P> & AttributeDoc;

export type AttributeRules<P extends OptionName> = { readonly [K in P]: AttributeRule<K> };
export type AttributeRows<P extends OptionName> = { readonly [K in P]: AttributeDefinition<K> };
