/**
 * Rows of the attribute table that the elements read before any dialog code loads. They ship with the button;
 * the other rows (dialogRows.ts) load with the dialog. `attributes.ts` joins both into the one table.
 */
import { cssLength, enumeration, shortcut } from './elementTypes.js';
import { ALL_ELEMENTS, BUTTON_ELEMENTS, type AttributeRows, type ElementOptionName } from './model.js';


export const ELEMENT_ROWS: AttributeRows<ElementOptionName> = {
  buttonStyle: {
    name: 'button-style', prop: 'buttonStyle', type: enumeration, values: ['rounded', 'pill', 'square'], default: 'rounded',
    elements: BUTTON_ELEMENTS, group: 'buttons', description: 'Corner shape of the button.',
  },
  buttonTheme: {
    name: 'button-theme', prop: 'buttonTheme', type: enumeration, values: ['auto', 'light', 'dark'], default: 'auto',
    elements: ['chat-button'], group: 'buttons', description: 'Colors of the floating button.',
  },
  buttonPosition: {
    name: 'button-position', prop: 'buttonPosition', type: enumeration, values: ['bottom-right', 'bottom-left'], default: 'bottom-right',
    elements: ['chat-button'], group: 'buttons', description: 'Corner where the floating button sits.',
  },
  defaultTab: {
    name: 'default-tab', prop: 'defaultTab', type: enumeration, values: ['search', 'ask'], default: 'search',
    defaultByElement: { 'chat-button': 'ask', chat: 'ask' }, defaultLabel: '`search` on the search button, `ask` on the chat button',
    elements: BUTTON_ELEMENTS, group: 'buttons', description: 'The tab shown when the dialog opens.',
  },
  shortcut: {
    name: 'shortcut', prop: 'shortcut', type: shortcut, default: 'mod+k',
    elements: ['search-button'], group: 'buttons',
    description: 'Keyboard shortcut that toggles the dialog (`mod` is Ctrl, or ⌘ on a Mac); `none` turns it and `/` off.',
  },
  embeddedHeight: {
    name: 'embedded-height', prop: 'embeddedHeight', type: cssLength, default: '32rem',
    elements: ['chat'], group: 'buttons', description: 'Height of the inline panel.',
  },
  theme: {
    name: 'theme', prop: 'theme', type: enumeration, values: ['auto', 'light', 'dark'], default: 'auto',
    elements: ALL_ELEMENTS, group: 'appearance', description: 'Color scheme; `auto` follows `<html data-theme>`, then `prefers-color-scheme`.',
  },
};
