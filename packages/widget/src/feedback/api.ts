/**
 * The contract between `<docent-feedback>` (in the element module) and its lazily loaded chunk. Types only:
 * importing this file costs the element module nothing.
 */
import type { Warner } from '@docent/contract/attributes/parse';
import type { DispatchDocentEvent } from '../events.js';

export interface FeedbackHost {
  /** The element's attributes; the chunk parses `project`, `api-url`, `hide-branding` and `rating`. */
  getAttribute(name: string): string | null;
  /** The element's warner: one warning per attribute, whoever parses it. */
  readonly warner: Warner;
  readonly dispatch: DispatchDocentEvent;
  /** The element's text: the heading of the block, or the name of the single thumb. Empty: the default. */
  readonly labelText: string;
}

export interface FeedbackHandle {
  /** The element's attributes or text changed. */
  update(): void;
  destroy(): void;
}

export interface FeedbackModule {
  mountFeedback(container: HTMLElement, host: FeedbackHost): FeedbackHandle;
}
