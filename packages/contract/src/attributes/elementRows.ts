/**
 * Rows of the attribute table that the elements read before any dialog code loads, joined. Each element ships only
 * its own (buttonRows.ts for the search button, chatRows.ts for the chat elements); the other rows (dialogRows.ts)
 * load with the dialog. `attributes.ts` joins these, the docs of these rows (elementDocs.ts) and the dialog's into
 * the one table.
 */
import { BUTTON_STYLE_ROW, DEFAULT_TAB_ROW, SHORTCUT_ROW, THEME_ROW } from './buttonRows.js';
import { BUTTON_POSITION_ROW, BUTTON_THEME_ROW, EMBEDDED_HEIGHT_ROW } from './chatRows.js';
import type { AttributeRules, ElementOptionName } from './model.js';

export const ELEMENT_ROWS: AttributeRules<ElementOptionName> = {
  buttonStyle: BUTTON_STYLE_ROW,
  buttonTheme: BUTTON_THEME_ROW,
  buttonPosition: BUTTON_POSITION_ROW,
  defaultTab: DEFAULT_TAB_ROW,
  shortcut: SHORTCUT_ROW,
  embeddedHeight: EMBEDDED_HEIGHT_ROW,
  theme: THEME_ROW,
};
