import { CHAT_ROWS } from '@docent/contract/attributes/chatRows';
import type { AttributeRule, ElementOptions } from '@docent/contract/attributes/model';
import type { PanelHandle } from '../dialog/api.js';
import type { StylesheetName } from '../stylesheet.js';
import { ELEMENT_STRINGS } from '../elementStrings.js';
import { DocentElement } from './base.js';
import { element } from './dom.js';
import { loadDialogModule, reportLoadError } from './lazy.js';

/** `<docent-chat>`: the chat panel inline in a page. Its code loads when it comes near the viewport. */
export class DocentChat extends DocentElement<Pick<ElementOptions, 'theme' | 'embeddedHeight'>> {
  static override kind = 'chat' as const;
  static override rows: readonly AttributeRule[] = CHAT_ROWS as readonly AttributeRule[];
  static override styles: readonly StylesheetName[] = ['docent-chat.css'];
  private mount!: HTMLDivElement;
  private handle: PanelHandle | undefined;
  private visibility: IntersectionObserver | undefined;
  private loading = false;

  protected create(): void {
    this.mount = element('div', 'docent-panel-mount');
    const placeholder = element('div', 'docent-panel docent-panel-placeholder', { role: 'status' });
    placeholder.textContent = ELEMENT_STRINGS.panelLoading;
    this.mount.append(placeholder);
    this.root.append(this.mount);
  }

  protected render(): void {
    // CSSOM, not a style attribute: allowed under a strict `style-src`.
    this.mount.style.setProperty('height', this.options.embeddedHeight);
  }

  protected override connected(): void {
    if (this.handle || this.loading) return;
    this.visibility = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && this.load(), {
      rootMargin: '400px',
    });
    this.visibility.observe(this);
  }

  protected override disconnected(): void {
    this.visibility?.disconnect();
    this.visibility = undefined;
  }

  protected override optionsChanged(): void {
    this.handle?.update();
  }

  private load(): void {
    this.visibility?.disconnect();
    this.visibility = undefined;
    this.loading = true;
    Promise.all([loadDialogModule(), this.loadDialogStyles()])
      .then(([module]) => {
        this.handle = module.mountPanel(this.mount, this);
      })
      .catch(reportLoadError)
      .finally(() => {
        this.loading = false;
      });
  }
}
