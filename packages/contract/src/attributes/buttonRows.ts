/**
 * Rows of the attribute table that `<docent-search-button>` reads before any dialog code loads (`theme` is also
 * every element's, `button-style` and `default-tab` also the chat button's). They ship with the button; the chat
 * elements' own rows are in chatRows.ts, the dialog's in dialogRows.ts. elementRows.ts joins the element rows.
 */
import { enumeration, shortcut } from './elementTypes.js';
import { ALL_ELEMENTS, BUTTON_ELEMENTS, type AttributeRule } from './model.js';

export const BUTTON_STYLE_ROW: AttributeRule<'buttonStyle'> = {
  name: 'button-style', prop: 'buttonStyle', type: enumeration, values: ['rounded', 'pill', 'square'], default: 'rounded',
  elements: BUTTON_ELEMENTS,
};

export const DEFAULT_TAB_ROW: AttributeRule<'defaultTab'> = {
  name: 'default-tab', prop: 'defaultTab', type: enumeration, values: ['search', 'ask'], default: 'search',
  defaultByElement: { 'chat-button': 'ask', chat: 'ask' },
  elements: BUTTON_ELEMENTS,
};

export const SHORTCUT_ROW: AttributeRule<'shortcut'> = {
  name: 'shortcut', prop: 'shortcut', type: shortcut, default: 'mod+k',
  elements: ['search-button'],
};

export const THEME_ROW: AttributeRule<'theme'> = {
  name: 'theme', prop: 'theme', type: enumeration, values: ['auto', 'light', 'dark'], default: 'auto',
  elements: ALL_ELEMENTS,
};

/** What `<docent-search-button>` parses itself. */
export const SEARCH_BUTTON_ROWS = [BUTTON_STYLE_ROW, DEFAULT_TAB_ROW, SHORTCUT_ROW, THEME_ROW] as const;
