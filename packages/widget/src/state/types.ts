import type { Tab } from '../attributes.js';
import type { Answer, PageHit } from '../data/types.js';

/** Which part of the assistant is showing. The embedded panel is always on `ask`. */
export type View = 'closed' | Tab;

/** `stalled`: still loading after a short delay, the moment a spinner is worth showing. */
export type Status = 'idle' | 'loading' | 'stalled' | 'error';

export type Rating = 'up' | 'down';

export interface UserMessage {
  readonly id: string;
  readonly role: 'user';
  readonly text: string;
}

export interface AssistantMessage {
  readonly id: string;
  readonly role: 'assistant';
  readonly question: string;
  readonly status: 'pending' | 'done' | 'error';
  readonly answer?: Answer;
  readonly error?: string;
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
  | { type: 'answerReceived'; id: string; answer: Answer }
  | { type: 'answerFailed'; id: string; error: string }
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
