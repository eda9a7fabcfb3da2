import type { Tab } from '@docent/contract/attributes';
import type { Answer, AnswerStart, Citation, PageHit, Rating } from '../data/types.js';

/** Which part of the assistant is showing. The embedded panel is always on `ask`. */
export type View = 'closed' | Tab;

/** `stalled`: still loading after a short delay, the moment a spinner is worth showing. */
export type Status = 'idle' | 'loading' | 'stalled' | 'error';

export type { Rating };

export interface UserMessage {
  readonly id: string;
  readonly role: 'user';
  readonly text: string;
}

/**
 * `pending`: asked, no text yet. `streaming` (connected mode): the text is arriving in `partial`.
 * `done`: `answer` is complete. `error`: `error` says why (and `errorDetail`, when it is written for the reader).
 */
export interface AssistantMessage {
  readonly id: string;
  readonly role: 'assistant';
  readonly question: string;
  readonly status: 'pending' | 'streaming' | 'done' | 'error';
  readonly answer?: Answer;
  /** While streaming: the Markdown received so far. */
  readonly partial?: string;
  /** While streaming: the sources the server sent ahead of the text, so citation numbers link as they appear. */
  readonly partialCitations?: readonly Citation[];
  /** Connected mode: the server's id of this answer (for feedback) and of its conversation (for the next question). */
  readonly messageId?: string;
  readonly conversationId?: string;
  readonly error?: string;
  /** A failure explained for the reader, such as the server's `detail` or when to try again. */
  readonly errorDetail?: string;
  readonly rating?: Rating;
}

export type Message = UserMessage | AssistantMessage;

export interface AssistantState {
  readonly view: View;
  readonly query: string;
  /** `path` of the active filter chip, or null for all results. */
  readonly filterPath: string | null;
  readonly results: readonly PageHit[];
  /** The query (and filter) the results belong to. */
  readonly resultsKey: string;
  readonly activeIndex: number;
  readonly status: Status;
  readonly error: string | null;
  readonly recentSearches: readonly string[];
  readonly conversation: readonly Message[];
  /** A question waiting for the consent gate. */
  readonly pendingQuestion: string | null;
  readonly consentAccepted: boolean;
  readonly searchOnly: boolean;
  /** False until the remembered history is in the state: nothing is saved before, so nothing is overwritten. */
  readonly hydrated: boolean;
}

export type Action =
  | { type: 'opened'; tab: Tab; query?: string }
  | { type: 'closed' }
  | { type: 'tabChanged'; tab: Tab }
  | { type: 'queryChanged'; query: string }
  | { type: 'filterChanged'; path: string | null }
  | { type: 'searchStarted' }
  | { type: 'searchStalled' }
  | { type: 'searchSucceeded'; key: string; results: readonly PageHit[] }
  | { type: 'searchFailed'; key: string; error: string }
  | { type: 'activeMoved'; delta: number }
  | { type: 'activeSet'; index: number }
  | { type: 'recentAdded'; query: string }
  | { type: 'recentRemoved'; query: string }
  | { type: 'questionHeld'; question: string }
  | { type: 'questionAsked'; id: string; question: string }
  | ({ type: 'answerStarted'; id: string } & AnswerStart)
  | { type: 'answerDelta'; id: string; text: string }
  | { type: 'answerReceived'; id: string; answer: Answer }
  | { type: 'answerFailed'; id: string; error: string; detail?: string }
  | { type: 'answerRated'; id: string; rating: Rating }
  | { type: 'conversationCleared' }
  | { type: 'consentAccepted' }
  | { type: 'searchOnlyChanged'; searchOnly: boolean }
  | {
      type: 'hydrated';
      recentSearches: readonly string[];
      conversation: readonly Message[];
      consentAccepted: boolean;
      searchOnly: boolean;
    };
