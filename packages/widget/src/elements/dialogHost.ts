/**
 * A button that opens the assistant dialog: `<docent-search-button>` and `<docent-chat-button>`.
 * Only the button is here. Opening, closing and the events they send are the dialog chunk's (`controlButton`),
 * imported on first hover, focus, touch, click or shortcut, never before.
 */
import type { ElementOptions, Tab } from '@docent/contract/attributes/model';
import type { ButtonController, ButtonHost } from '../dialog/api.js';
import type { Shortcut } from '../shortcut.js';
import { DocentElement } from './base.js';
import { element } from './dom.js';
import { registerShortcutTarget } from './keyboard.js';
import { loadDialogModule, reportLoadError } from './lazy.js';

export interface OpenOptions {
  tab?: Tab;
  query?: string;
}

export abstract class DialogHostElement<O extends Pick<ElementOptions, 'theme' | 'defaultTab'>>
  extends DocentElement<O>
  implements ButtonHost
{
  button!: HTMLButtonElement;
  /** True while the dialog is open; the dialog code sets it. */
  isOpen = false;
  private mount!: HTMLDivElement;
  private controller: Promise<ButtonController> | undefined;
  private unregister: (() => void) | undefined;

  /** The keyboard shortcut this element answers to (only the search button has one). */
  get keyShortcut(): Shortcut | null {
    return null;
  }

  protected abstract createButton(): HTMLButtonElement;

  protected create(): void {
    this.button = this.createButton();
    this.button.setAttribute('aria-haspopup', 'dialog');
    this.mount = element('div', 'docent-dialog-mount');
    this.root.append(this.button, this.mount);
    this.button.addEventListener('click', () => this.open());
    const warm = (): void => this.prefetch();
    for (const type of ['pointerenter', 'focus', 'touchstart']) this.button.addEventListener(type, warm, { passive: true });
  }

  protected override connected(): void {
    this.unregister = registerShortcutTarget(this);
  }

  protected override disconnected(): void {
    this.unregister?.();
    this.unregister = undefined;
    this.close();
  }

  protected override optionsChanged(): void {
    void this.controller?.then((controller) => controller.update());
  }

  /** Loads the dialog code and starts fetching the index, without opening anything. */
  prefetch(): void {
    void this.loadDialogStyles();
    loadDialogModule()
      .then((module) => module.prepare(this))
      .catch(() => undefined); // a failed prefetch is retried by open()
  }

  /** Opens the dialog, on `tab` (default: `default-tab`) with `query` in the input. */
  open(options: OpenOptions = {}): void {
    this.control()
      .then((controller) => controller.open(options))
      .catch((error: unknown) => reportLoadError(error));
  }

  /** Closes the dialog and returns focus to the button. */
  close(): void {
    if (this.isOpen) void this.controller?.then((controller) => controller.close());
  }

  private control(): Promise<ButtonController> {
    this.controller ??= Promise.all([loadDialogModule(), this.loadDialogStyles()]).then(([module]) =>
      module.controlButton(this.mount, this),
    );
    this.controller.catch(() => {
      this.controller = undefined; // let a later attempt retry
    });
    return this.controller;
  }
}
