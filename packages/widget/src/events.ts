/** The `docent:*` events every element dispatches (bubbling, composed), with their `detail` types. */

export interface SourceReference {
  readonly number: number;
  readonly title: string;
  readonly url: string;
}

/** An answer in the dialog or the panel (its thumbs). */
export interface AnswerFeedbackTarget {
  readonly type: 'answer';
  /** Id of the rated answer in the conversation. */
  readonly id: string;
  readonly question: string;
}

/** A page (`<docent-feedback>`): its URL without query or fragment. */
export interface PageFeedbackTarget {
  readonly type: 'page';
  readonly url: string;
}

export type FeedbackTarget = AnswerFeedbackTarget | PageFeedbackTarget;

export type FeedbackRating = 'up' | 'down';

export interface FeedbackDetail {
  readonly target: FeedbackTarget;
  readonly rating: FeedbackRating;
  /** What the reader wrote after a thumbs-down on a page, when anything. */
  readonly comment?: string;
}

export interface DocentEventDetails {
  'docent:open': undefined;
  'docent:close': undefined;
  'docent:search': { readonly query: string; readonly resultCount: number };
  'docent:question': { readonly question: string };
  'docent:answer': { readonly question: string; readonly answered: boolean; readonly sources: readonly SourceReference[] };
  'docent:feedback': FeedbackDetail;
}

export type DocentEventName = keyof DocentEventDetails;

export type DispatchDocentEvent = <N extends DocentEventName>(name: N, detail: DocentEventDetails[N]) => void;

/** Dispatches a `docent:*` event from `target`; it crosses shadow roots and bubbles to `document`. */
export function dispatchDocentEvent<N extends DocentEventName>(target: EventTarget, name: N, detail: DocentEventDetails[N]): void {
  target.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail }));
}

declare global {
  interface DocumentEventMap {
    'docent:open': CustomEvent<undefined>;
    'docent:close': CustomEvent<undefined>;
    'docent:search': CustomEvent<DocentEventDetails['docent:search']>;
    'docent:question': CustomEvent<DocentEventDetails['docent:question']>;
    'docent:answer': CustomEvent<DocentEventDetails['docent:answer']>;
    'docent:feedback': CustomEvent<DocentEventDetails['docent:feedback']>;
  }
}
