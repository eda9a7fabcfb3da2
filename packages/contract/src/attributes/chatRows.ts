/**
 * Rows of the attribute table that only `<docent-chat-button>` and `<docent-chat>` read before any dialog code
 * loads: they ship with those elements, never with the search button.
 */
import { BUTTON_STYLE_ROW, DEFAULT_TAB_ROW, THEME_ROW } from './buttonRows.js';
import { cssLength } from './cssLength.js';
import { enumeration } from './elementTypes.js';
import type { AttributeRule } from './model.js';

export const BUTTON_THEME_ROW: AttributeRule<'buttonTheme'> = {
  name: 'button-theme', prop: 'buttonTheme', type: enumeration, values: ['auto', 'light', 'dark'], default: 'auto',
  elements: ['chat-button'],
};

export const BUTTON_POSITION_ROW: AttributeRule<'buttonPosition'> = {
  name: 'button-position', prop: 'buttonPosition', type: enumeration, values: ['bottom-right', 'bottom-left'], default: 'bottom-right',
  elements: ['chat-button'],
};

export const EMBEDDED_HEIGHT_ROW: AttributeRule<'embeddedHeight'> = {
  name: 'embedded-height', prop: 'embeddedHeight', type: cssLength, default: '32rem',
  elements: ['chat'],
};

/** What `<docent-chat-button>` parses itself. */
export const CHAT_BUTTON_ROWS = [BUTTON_STYLE_ROW, BUTTON_THEME_ROW, BUTTON_POSITION_ROW, DEFAULT_TAB_ROW, THEME_ROW] as const;
/** What `<docent-chat>` parses itself. */
export const CHAT_ROWS = [EMBEDDED_HEIGHT_ROW, THEME_ROW] as const;
