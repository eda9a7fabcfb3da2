/**
 * A button that opens the assistant dialog: `<docent-search-button>` and `<docent-chat-button>`.
 * The dialog chunk is imported on first hover, focus, touch, click or shortcut, never before.
 */
import type { ElementOptions, Tab } from '../attributes/model.js';
import type { DialogHandle } from '../dialog/api.js';
import type { Shortcut } from '../shortcut.js';
import { DocentElement } from './base.js';
import { element } from './dom.js';
import { registerShortcutTarget } from './keyboard.js';
import { loadDialogModule, reportLoadError } from './lazy.js';

export interface OpenOptions {
  tab?: Tab;
  query?: string;
}

export abstract class DialogHostElement<
  O extends Pick<ElementOptions, 'theme' | 'defaultTab'>,
> extends DocentElement<O> {
  protected button!: HTMLButtonElement;
  private mount!: HTMLDivElement;
  private handle: Promise<DialogHandle> | undefined;
  private opened = false;
  private unregister: (() => void) | undefined;

  /** True while the dialog is open. */
  get isOpen(): boolean {
    return this.opened;
  }

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
    if (this.opened) this.close();
  }

  protected override optionsChanged(): void {
    void this.handle?.then((handle) => handle.update());
  }

  override onClosed(): void {
    if (!this.opened) return;
    this.opened = false;
    this.afterClose();
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
    const tab = options.tab === 'search' || options.tab === 'ask' ? options.tab : this.options.defaultTab;
    const query = typeof options.query === 'string' ? options.query : undefined;
    const wasOpen = this.opened;
    this.opened = true;
    this.dialog()
      .then((handle) => {
        if (!this.opened) return;
        handle.open({ tab, query });
        if (!wasOpen) this.dispatch('docent:open', undefined);
      })
      .catch((error: unknown) => {
        this.opened = false;
        reportLoadError(error);
      });
  }

  /** Closes the dialog and returns focus to the button. */
  close(): void {
    if (!this.opened) return;
    this.opened = false;
    void this.handle?.then((handle) => handle.close());
    this.afterClose();
  }

  private afterClose(): void {
    this.dispatch('docent:close', undefined);
    this.button.focus({ preventScroll: true });
  }

  private dialog(): Promise<DialogHandle> {
    this.handle ??= Promise.all([loadDialogModule(), this.loadDialogStyles()]).then(([module]) =>
      module.mountDialog(this.mount, this),
    );
    this.handle.catch(() => {
      this.handle = undefined;
    });
    return this.handle;
  }
}
