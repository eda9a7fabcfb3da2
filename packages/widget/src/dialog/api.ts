/**
 * The contract between the tiny element module and the lazily loaded dialog chunk. Types only: importing this
 * file costs the button nothing.
 */
import type { ElementKind, Tab } from '@docent/contract/attributes/model';
import type { Warner } from '@docent/contract/attributes/parse';
import type { DispatchDocentEvent } from '../events.js';

export interface OpenRequest {
  readonly tab: Tab;
  readonly query?: string;
}

/** What an element gives the React tree it hosts. */
export interface AssistantHost {
  readonly kind: ElementKind;
  /** The element's attributes; the dialog code parses them through the whole attribute table. */
  getAttribute(name: string): string | null;
  /** The element's warner: still one warning per attribute, whoever parses it. */
  readonly warner: Warner;
  readonly dispatch: DispatchDocentEvent;
  /** The dialog closed itself (Esc, the close button, an opened result). */
  onClosed(): void;
}

export interface PanelHandle {
  /** The element's attributes changed: parse them again. */
  update(): void;
  destroy(): void;
}

export interface DialogHandle extends PanelHandle {
  open(request: OpenRequest): void;
  close(): void;
}

/** A search or chat button, as its dialog code sees it. */
export interface ButtonHost extends AssistantHost {
  /** The dialog code keeps it up to date: the page's shortcut listener reads it. */
  isOpen: boolean;
  readonly options: { readonly defaultTab: Tab };
  /** Where focus returns when the dialog closes. */
  readonly button: HTMLButtonElement;
}

/** Opens and closes a button's dialog, and sends `docent:open` and `docent:close`. */
export interface ButtonController {
  open(options: { tab?: unknown; query?: unknown }): void;
  close(): void;
  /** The button's attributes changed. */
  update(): void;
}

export interface DialogModule {
  mountDialog(container: HTMLElement, host: AssistantHost): DialogHandle;
  /** Mounts the (closed) dialog of a button and returns what opens and closes it. */
  controlButton(container: HTMLElement, host: ButtonHost): ButtonController;
  mountPanel(container: HTMLElement, host: AssistantHost): PanelHandle;
  /** Starts fetching what the dialog needs (the index in static mode). */
  prepare(host: AssistantHost): void;
}
