/** The reference-docs half of the element rows (elementRows.ts): joined to them in attributes.ts, never shipped with the button. */
import type { AttributeDoc, ElementOptionName } from './model.js';

export const ELEMENT_DOCS: { readonly [P in ElementOptionName]: AttributeDoc } = {
  buttonStyle: { group: 'buttons', description: 'Corner shape of the button.' },
  buttonTheme: { group: 'buttons', description: 'Colors of the floating button.' },
  buttonPosition: { group: 'buttons', description: 'Corner where the floating button sits.' },
  defaultTab: { defaultLabel: '`search` on the search button, `ask` on the chat button', group: 'buttons', description: 'The tab shown when the dialog opens.' },
  shortcut: { group: 'buttons', description: 'Keyboard shortcut that toggles the dialog (`mod` is Ctrl, or ⌘ on a Mac); `none` turns it and `/` off.' },
  embeddedHeight: { group: 'buttons', description: 'Height of the inline panel.' },
  theme: { group: 'appearance', description: 'Color scheme; `auto` follows `<html data-theme>`, then `prefers-color-scheme`.' },
};
