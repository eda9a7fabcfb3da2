/**
 * What the UI needs from a data source. Static mode (the engine in the browser) and connected mode (a Docent
 * server) both produce these shapes, so the UI never knows which one runs.
 */
import type { WidgetEvent } from './eventQueue.js';
import type { ServerSettings } from './serverSettings.js';

export interface SectionHit {
  readonly url: string;
  readonly heading: string;
  /** The heading, HTML-escaped, with matched words in `<mark>` (rendered like `snippet`). */
  readonly headingHtml?: string;
  readonly breadcrumb: readonly string[];
  /** HTML-escaped text with `<mark>` around the matched words. Rendered by `Highlighted`, never as HTML. */
  readonly snippet: string;
  readonly score: number;
}

export interface PageHit {
  readonly pageUrl: string;
  readonly pageTitle: string;
  readonly score: number;
  readonly sections: readonly SectionHit[];
}

export interface Citation {
  readonly number: number;
  /** The section URL plus a `#:~:text=` fragment of the cited words, where there is one. */
  readonly url: string;
  readonly sectionUrl: string;
  readonly title: string;
  readonly breadcrumb: readonly string[];
}

export interface PageLink {
  readonly url: string;
  readonly title: string;
}

export interface Answer {
  readonly answered: boolean;
  /** Markdown in which every sentence ends with its citation number `[n]`. */
  readonly markdown: string;
  readonly citations: readonly Citation[];
  /** When `answered` is false: the pages that come closest. */
  readonly closest: readonly PageLink[];
  /** When `answered` is true: pages worth reading next, none of them cited (absent in conversations saved before). */
  readonly related?: readonly PageLink[];
}

export interface SearchOptions {
  readonly limit?: number;
  readonly pathPrefix?: string;
  /** Aborted when the reader has typed on: a connected source cancels the request. */
  readonly signal?: AbortSignal;
}

/** What a connected source knows before the first word of an answer arrives. */
export interface AnswerStart {
  /** The conversation the answer belongs to: send it with the next question to continue it. */
  readonly conversationId: string;
  /** The answer's id on the server: feedback on the answer names it. */
  readonly messageId: string;
  /** The sources the answer can cite, so `[n]` links while the text is still arriving. */
  readonly citations: readonly Citation[];
}

export interface AskOptions {
  /** Continue this conversation (connected mode); a new one starts without it. */
  readonly conversationId?: string;
  /** Connected mode: the ids and sources, before any text. */
  readonly onStart?: (start: AnswerStart) => void;
  /** Connected mode: the next piece of the Markdown answer, in order; the pieces join into `Answer.markdown`. */
  readonly onDelta?: (text: string) => void;
  readonly signal?: AbortSignal;
}

export type Rating = 'up' | 'down';

/** A thumb on an answer (by the server's message id) or on a page. */
export type FeedbackTarget =
  | { readonly type: 'answer'; readonly messageId: string; readonly url?: string }
  | { readonly type: 'page'; readonly url: string };

export interface Feedback {
  readonly target: FeedbackTarget;
  readonly rating: Rating;
  readonly comment?: string;
}

export interface DataSource {
  /** Starts loading what the source needs (the index in static mode); safe to call many times. */
  prepare(): Promise<void>;
  search(query: string, options?: SearchOptions): Promise<readonly PageHit[]>;
  /** Static mode answers at once and ignores the callbacks; connected mode streams through them. */
  ask(question: string, options?: AskOptions): Promise<Answer>;
  /** Connected mode only: records the feedback on the server. Resolves with the feedback's id. */
  sendFeedback?(feedback: Feedback): Promise<string>;
  /** Connected mode only: the project's widget settings from the server, checked; `{}` when they cannot be had. */
  settings?(): Promise<ServerSettings>;
  /** Connected mode only: queues an event for the project's analytics (nothing when the browser asks not to be tracked). */
  recordEvent?(event: WidgetEvent): void;
}
