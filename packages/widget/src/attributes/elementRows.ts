/**
 * Rows of the attribute table that the elements read before any dialog code loads. They ship with the button;
 * the other rows (dialogRows.ts) load with the dialog. `attributes.ts` joins both, and the docs of these rows
 * (elementDocs.ts), into the one table.
 */
import { cssLength, enumeration, shortcut } from './elementTypes.js';
import { ALL_ELEMENTS, BUTTON_ELEMENTS, type AttributeRules, type ElementOptionName } from './model.js';

export const ELEMENT_ROWS: AttributeRules<ElementOptionName> = {
  buttonStyle: {
    name: 'button-style', prop: 'buttonStyle', type: enumeration, values: ['rounded', 'pill', 'square'], default: 'rounded',
    elements: BUTTON_ELEMENTS,
  },
  buttonTheme: {
    name: 'button-theme', prop: 'buttonTheme', type: enumeration, values: ['auto', 'light', 'dark'], default: 'auto',
    elements: ['chat-button'],
  },
  buttonPosition: {
    name: 'button-position', prop: 'buttonPosition', type: enumeration, values: ['bottom-right', 'bottom-left'], default: 'bottom-right',
    elements: ['chat-button'],
  },
  defaultTab: {
    name: 'default-tab', prop: 'defaultTab', type: enumeration, values: ['search', 'ask'], default: 'search',
    defaultByElement: { 'chat-button': 'ask', chat: 'ask' },
    elements: BUTTON_ELEMENTS,
  },
  shortcut: {
    name: 'shortcut', prop: 'shortcut', type: shortcut, default: 'mod+k',
    elements: ['search-button'],
  },
  embeddedHeight: {
    name: 'embedded-height', prop: 'embeddedHeight', type: cssLength, default: '32rem',
    elements: ['chat'],
  },
  theme: {
    name: 'theme', prop: 'theme', type: enumeration, values: ['auto', 'light', 'dark'], default: 'auto',
    elements: ALL_ELEMENTS,
  },
};
