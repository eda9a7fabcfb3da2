import type { PageHit, SectionHit } from '../data/types.js';
import type { Action, AssistantMessage, AssistantState, Message } from './types.js';

export const MAX_RECENT_SEARCHES = 5;

export function initialState(overrides: Partial<AssistantState> = {}): AssistantState {
  return {
    view: 'closed',
    query: '',
    filterPath: null,
    results: [],
    resultsKey: '',
    activeIndex: -1,
    status: 'idle',
    error: null,
    recentSearches: [],
    conversation: [],
    pendingQuestion: null,
    consentAccepted: false,
    searchOnly: false,
    hydrated: false,
    ...overrides,
  };
}

/** Identifies the search a set of results answers: the query and the filter. */
export function searchKey(query: string, filterPath: string | null): string {
  return `${filterPath ?? ''}\u0000${query.trim()}`;
}

/** One row of the Search tab's listbox. (Recent searches are plain buttons outside it: each has a remove button.) */
export type ListOption =
  | { readonly kind: 'ask'; readonly query: string }
  | { readonly kind: 'section'; readonly page: PageHit; readonly section: SectionHit };

/** The rows the arrow keys move through, in screen order. */
export function listOptions(state: AssistantState): ListOption[] {
  const query = state.query.trim();
  if (query === '') return [];
  const options: ListOption[] = state.searchOnly ? [] : [{ kind: 'ask', query }];
  for (const page of state.results) {
    for (const section of page.sections) options.push({ kind: 'section', page, section });
  }
  return options;
}

export type SearchScreen = 'start' | 'results' | 'no-results' | 'error';

/** The one screen switch of the Search tab. */
export function searchScreen(state: AssistantState): SearchScreen {
  if (state.query.trim() === '') return 'start';
  if (state.status === 'error') return 'error';
  if (state.results.length > 0) return 'results';
  const settled = state.status === 'idle' && state.resultsKey === searchKey(state.query, state.filterPath);
  return settled ? 'no-results' : 'results';
}

function firstSectionIndex(state: AssistantState): number {
  const options = listOptions(state);
  const first = options.findIndex((option) => option.kind === 'section');
  return first === -1 ? (options.length > 0 ? 0 : -1) : first;
}

/** An assistant message still waiting for (more of) its answer. */
function isOpenAnswer(message: Message): message is AssistantMessage {
  return message.role === 'assistant' && (message.status === 'pending' || message.status === 'streaming');
}

/** The message without what only a streaming answer needs. */
function settled(message: AssistantMessage): AssistantMessage {
  const { partial: _partial, partialCitations: _citations, ...rest } = message;
  return rest;
}

function updateMessage(conversation: readonly Message[], id: string, update: (message: Message) => Message): Message[] {
  return conversation.map((message) => (message.id === id ? update(message) : message));
}

export function reducer(state: AssistantState, action: Action): AssistantState {
  switch (action.type) {
    case 'opened': {
      const query = action.query ?? state.query;
      return { ...state, view: action.tab, query, activeIndex: query === state.query ? state.activeIndex : -1 };
    }
    case 'closed': {
      // Leaving a search that found something keeps it in the recent searches.
      const keep = state.view === 'search' && state.results.length > 0 && state.query.trim() !== '';
      const closed = { ...state, view: 'closed' as const, status: state.status === 'error' ? ('error' as const) : ('idle' as const) };
      return keep ? reducer(closed, { type: 'recentAdded', query: state.query }) : closed;
    }
    case 'tabChanged':
      return { ...state, view: action.tab };
    case 'queryChanged':
      if (action.query === state.query) return state;
      return { ...state, query: action.query, activeIndex: -1, error: null, status: action.query.trim() === '' ? 'idle' : state.status };
    case 'filterChanged':
      return { ...state, filterPath: action.path, activeIndex: -1 };
    case 'searchStarted':
      return { ...state, status: state.status === 'stalled' ? 'stalled' : 'loading', error: null };
    case 'searchStalled':
      return state.status === 'loading' ? { ...state, status: 'stalled' } : state;
    case 'searchSucceeded': {
      if (action.key !== searchKey(state.query, state.filterPath)) return state;
      const next = { ...state, results: action.results, resultsKey: action.key, status: 'idle' as const, error: null };
      return { ...next, activeIndex: firstSectionIndex(next) };
    }
    case 'searchFailed':
      if (action.key !== searchKey(state.query, state.filterPath)) return state;
      return { ...state, status: 'error', error: action.error, results: [], resultsKey: action.key, activeIndex: -1 };
    case 'activeMoved': {
      const count = listOptions(state).length;
      if (count === 0) return state.activeIndex === -1 ? state : { ...state, activeIndex: -1 };
      const from = state.activeIndex < 0 ? (action.delta > 0 ? -1 : count) : state.activeIndex;
      return { ...state, activeIndex: (((from + action.delta) % count) + count) % count };
    }
    case 'activeSet':
      return { ...state, activeIndex: action.index };
    case 'recentAdded': {
      const query = action.query.trim();
      if (query === '') return state;
      const recent = [query, ...state.recentSearches.filter((item) => item !== query)].slice(0, MAX_RECENT_SEARCHES);
      return { ...state, recentSearches: recent };
    }
    case 'recentRemoved':
      return { ...state, recentSearches: state.recentSearches.filter((item) => item !== action.query) };
    case 'questionHeld':
      return { ...state, view: 'ask', pendingQuestion: action.question };
    case 'questionAsked':
      return {
        ...state,
        view: state.view === 'closed' ? 'closed' : 'ask',
        pendingQuestion: null,
        conversation: [
          ...state.conversation,
          { id: `${action.id}-q`, role: 'user', text: action.question },
          { id: action.id, role: 'assistant', question: action.question, status: 'pending' },
        ],
      };
    case 'answerStarted':
      return {
        ...state,
        conversation: updateMessage(state.conversation, action.id, (message) =>
          isOpenAnswer(message)
            ? { ...message, conversationId: action.conversationId, messageId: action.messageId, partialCitations: action.citations }
            : message,
        ),
      };
    case 'answerDelta':
      if (action.text === '') return state;
      return {
        ...state,
        conversation: updateMessage(state.conversation, action.id, (message) =>
          isOpenAnswer(message) ? { ...message, status: 'streaming', partial: `${message.partial ?? ''}${action.text}` } : message,
        ),
      };
    case 'answerReceived':
      return {
        ...state,
        conversation: updateMessage(state.conversation, action.id, (message) =>
          isOpenAnswer(message) ? { ...settled(message), status: 'done', answer: action.answer } : message,
        ),
      };
    case 'answerFailed':
      return {
        ...state,
        conversation: updateMessage(state.conversation, action.id, (message) =>
          isOpenAnswer(message)
            ? { ...settled(message), status: 'error', error: action.error, ...(action.detail ? { errorDetail: action.detail } : {}) }
            : message,
        ),
      };
    case 'answerRated':
      return {
        ...state,
        conversation: updateMessage(state.conversation, action.id, (message) =>
          message.role === 'assistant' ? { ...message, rating: action.rating } : message,
        ),
      };
    case 'conversationCleared':
      return { ...state, conversation: [], pendingQuestion: null };
    case 'consentAccepted':
      return { ...state, consentAccepted: true };
    case 'searchOnlyChanged': {
      const next = { ...state, searchOnly: action.searchOnly, pendingQuestion: action.searchOnly ? null : state.pendingQuestion };
      return { ...next, activeIndex: firstSectionIndex(next) };
    }
    case 'hydrated':
      return {
        ...state,
        recentSearches: action.recentSearches,
        conversation: action.conversation,
        consentAccepted: action.consentAccepted,
        searchOnly: action.searchOnly,
        hydrated: true,
      };
    default:
      return state;
  }
}

/** True while an answer is being composed or is still arriving. */
export function isAnswering(state: AssistantState): boolean {
  return state.conversation.some(isOpenAnswer);
}

/** The conversation the next question continues (connected mode): the latest one the server named. */
export function currentConversationId(state: AssistantState): string | undefined {
  for (let index = state.conversation.length - 1; index >= 0; index -= 1) {
    const message = state.conversation[index];
    if (message?.role === 'assistant' && message.conversationId !== undefined) return message.conversationId;
  }
  return undefined;
}
