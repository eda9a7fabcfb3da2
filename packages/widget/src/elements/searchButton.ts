import { ariaKeyShortcuts, isApplePlatform, parseShortcut, shortcutHint, type Shortcut } from '../shortcut.js';
import { SEARCH_BUTTON_ROWS } from '@docent/contract/attributes/buttonRows';
import type { AttributeRule, ElementOptions } from '@docent/contract/attributes/model';
import { ELEMENT_STRINGS } from '../elementStrings.js';
import { DialogHostElement } from './dialogHost.js';
import { element, icon } from './dom.js';

const SEARCH_ICON =
  'M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z';

/** `<docent-search-button>`: a search-box-like button for a navbar, with the shortcut hint. */
export class DocentSearchButton extends DialogHostElement<Pick<ElementOptions, 'theme' | 'buttonStyle' | 'defaultTab' | 'shortcut'>> {
  static override kind = 'search-button' as const;
  static override rows: readonly AttributeRule[] = SEARCH_BUTTON_ROWS as readonly AttributeRule[];
  private labelNode!: HTMLSpanElement;
  private hintNode!: HTMLElement;

  override get keyShortcut(): Shortcut | null {
    return parseShortcut(this.options.shortcut);
  }

  protected createButton(): HTMLButtonElement {
    const button = element('button', '', { type: 'button' });
    this.labelNode = element('span', 'docent-search-button-label');
    this.hintNode = element('kbd', 'docent-shortcut-hint', { 'aria-hidden': 'true' });
    button.append(icon(SEARCH_ICON), this.labelNode, this.hintNode);
    return button;
  }

  protected render(): void {
    const shortcut = this.keyShortcut;
    this.button.className = `docent-search-button docent-shape-${this.options.buttonStyle}`;
    this.labelNode.textContent = this.label(ELEMENT_STRINGS.searchButtonLabel);
    this.hintNode.hidden = shortcut === null;
    if (shortcut) {
      this.hintNode.replaceChildren(
        ...shortcutHint(shortcut, isApplePlatform()).map((key) => Object.assign(element('kbd', 'docent-key'), { textContent: key })),
      );
      this.button.setAttribute('aria-keyshortcuts', ariaKeyShortcuts(shortcut));
    } else {
      this.button.removeAttribute('aria-keyshortcuts');
    }
  }
}
