import { CHAT_BUTTON_ROWS } from '@docent/contract/attributes/chatRows';
import type { AttributeRule, ElementOptions } from '@docent/contract/attributes/model';
import type { StylesheetName } from '../stylesheet.js';
import { ELEMENT_STRINGS } from '../elementStrings.js';
import { currentScheme } from '../theme.js';
import { DialogHostElement } from './dialogHost.js';
import { element, icon } from './dom.js';

const CHAT_ICON = 'M3 3h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H8l-4 3.5V14H3a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z';

/** `<docent-chat-button>`: the floating "Ask AI" launcher in a corner of the page. */
export class DocentChatButton extends DialogHostElement<
  Pick<ElementOptions, 'theme' | 'buttonStyle' | 'buttonTheme' | 'buttonPosition' | 'defaultTab'>
> {
  static override kind = 'chat-button' as const;
  static override rows: readonly AttributeRule[] = CHAT_BUTTON_ROWS as readonly AttributeRule[];
  static override styles: readonly StylesheetName[] = ['docent-chat.css'];
  private labelNode!: HTMLSpanElement;

  protected createButton(): HTMLButtonElement {
    const button = element('button', '', { type: 'button' });
    this.labelNode = element('span', 'docent-launcher-label');
    button.append(icon(CHAT_ICON), this.labelNode);
    return button;
  }

  protected render(): void {
    // The host element is the fixed box (`button-position` is styled on it: see docent-chat.css).
    this.button.className = `docent-launcher docent-shape-${this.options.buttonStyle}`;
    this.labelNode.textContent = this.label(ELEMENT_STRINGS.chatButtonLabel);
  }

  protected override applyScheme(): void {
    super.applyScheme();
    // `button-theme` colors the floating button itself, separately from the dialog it opens.
    this.button.dataset.docentScheme = currentScheme(this.options.buttonTheme);
  }
}
