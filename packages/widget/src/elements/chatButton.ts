import { ELEMENT_STRINGS } from '../elementStrings.js';
import { currentScheme } from '../theme.js';
import { DialogHostElement } from './dialogHost.js';
import { CHAT_ICON, element, icon } from './dom.js';

/** `<docent-chat-button>`: the floating "Ask AI" launcher in a corner of the page. */
export class DocentChatButton extends DialogHostElement {
  static override kind = 'chat-button' as const;
  private labelNode!: HTMLSpanElement;

  protected createButton(): HTMLButtonElement {
    const button = element('button', '', { type: 'button' });
    this.labelNode = element('span', 'docent-launcher-label');
    button.append(icon(CHAT_ICON), this.labelNode);
    return button;
  }

  protected render(): void {
    // The host element is the fixed box (`button-position` is styled on it: see docent.css).
    this.button.className = `docent-launcher docent-shape-${this.options.buttonStyle}`;
    this.labelNode.textContent = this.label(ELEMENT_STRINGS.chatButtonLabel);
  }

  protected override applyScheme(): void {
    super.applyScheme();
    // `button-theme` colors the floating button itself, separately from the dialog it opens.
    this.button.dataset.docentScheme = currentScheme(this.options.buttonTheme);
  }
}
