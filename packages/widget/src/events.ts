/** The `docent:*` events every element dispatches (bubbling, composed), with their `detail` types. */

export interface SourceReference {
  readonly number: number;
  readonly title: string;
  readonly url: string;
}

export interface FeedbackTarget {
  readonly type: 'answer';
  /** Id of the rated answer in the conversation. */
  readonly id: string;
  readonly question: string;
}

export interface DocentEventDetails {
  'docent:open': undefined;
  'docent:close': undefined;
  'docent:search': { readonly query: string; readonly resultCount: number };
  'docent:question': { readonly question: string };
  'docent:answer': { readonly question: string; readonly answered: boolean; readonly sources: readonly SourceReference[] };
  'docent:feedback': { readonly target: FeedbackTarget; readonly rating: 'up' | 'down' };
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
