import { ariaKeyShortcuts, isApplePlatform, parseShortcut, shortcutHint, type Shortcut } from '../shortcut.js';
import { ELEMENT_STRINGS } from '../elementStrings.js';
import { DialogHostElement } from './dialogHost.js';
import { element, icon, SEARCH_ICON } from './dom.js';

/** `<docent-search-button>`: a search-box-like button for a navbar, with the shortcut hint. */
export class DocentSearchButton extends DialogHostElement {
  static override kind = 'search-button' as const;
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
        ...shortcutHint(shortcut, isApplePlatform()).map((key) => Object.assign(element('kbd', ''), { textContent: key })),
      );
      this.button.setAttribute('aria-keyshortcuts', ariaKeyShortcuts(shortcut));
    } else {
      this.button.removeAttribute('aria-keyshortcuts');
    }
  }
}
