/**
 * The assistant's state and everything that talks to the outside: the data source, the browser storage, the
 * `docent:*` events and the live region. Components get state and intent-named actions, nothing else.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Tab, WidgetOptions } from '@docent/contract/attributes';
import { sourceFor } from '../data/index.js';
import type { DataSource } from '../data/types.js';
import { createMemory, type Memory } from '../state/persistence.js';
import { currentConversationId, initialState, isAnswering, listOptions, reducer } from '../state/reducer.js';
import type { Action, AssistantState, Rating } from '../state/types.js';
import { STRINGS } from '../strings.js';
import type { AssistantHost } from './api.js';
import { askQuestion, rateAnswer } from './askFlow.js';
import { cleanResultTitles } from './search/titles.js';
import { useSearchEffects } from './useSearchEffects.js';
import { useWidgetEvents } from './useWidgetEvents.js';

export interface Announcer {
  readonly message: string;
  announce(message: string): void;
}

function useAnnouncer(): Announcer {
  const [message, setMessage] = useState('');
  const announce = useCallback((next: string) => {
    // Clear first so the same words are announced again.
    setMessage('');
    setTimeout(() => setMessage(next), 50);
  }, []);
  return { message, announce };
}

let nextId = 0;
const newId = (): string => `${Date.now().toString(36)}-${(nextId += 1)}`;

export interface AssistantActions {
  open(tab: Tab, query?: string): void;
  close(): void;
  setTab(tab: Tab): void;
  setQuery(query: string): void;
  setFilter(path: string | null): void;
  moveActive(delta: number): void;
  setActive(index: number): void;
  /** Enter (or a click) on a row of the Search tab. Returns the URL to follow, if the row is a result. */
  chooseOption(index: number): string | undefined;
  removeRecent(query: string): void;
  retrySearch(): void;
  ask(question: string): void;
  retryAnswer(question: string): void;
  acceptConsent(): void;
  rate(id: string, rating: Rating): void;
  clearConversation(): void;
  setSearchOnly(searchOnly: boolean): void;
}

export interface Assistant {
  readonly state: AssistantState;
  readonly actions: AssistantActions;
  readonly announcement: string;
  announce(message: string): void;
}

export function useAssistant(host: AssistantHost, options: WidgetOptions, initialView: AssistantState['view']): Assistant {
  const [state, dispatch] = useReducer(reducer, initialState({ view: initialView }));
  const stateRef = useRef(state);
  stateRef.current = state;
  const { message: announcement, announce } = useAnnouncer();
  const { project, storeHistory, consentText, indexUrl, apiUrl, cleanTitles, answerThreshold } = options;

  const source: DataSource = useMemo(() => sourceFor({ indexUrl, apiUrl, project, answerThreshold }), [indexUrl, apiUrl, project, answerThreshold]);
  const memory: Memory = useMemo(() => createMemory(project, storeHistory, consentText), [project, storeHistory, consentText]);
  const hydrate = useCallback(() => dispatch({ type: 'hydrated', ...memory.load() }), [memory]);
  useEffect(hydrate, [hydrate]);

  // Saved only once the remembered values are in the state, so a first render never overwrites them.
  const { hydrated } = state;
  useEffect(() => {
    if (hydrated) memory.saveRecentSearches(state.recentSearches);
  }, [memory, hydrated, state.recentSearches]);
  // Not while an answer streams: the unfinished turn is never saved, so each piece of text would rewrite the same.
  const answering = isAnswering(state);
  useEffect(() => {
    if (hydrated && !answering) memory.saveConversation(state.conversation);
  }, [memory, hydrated, answering, state.conversation]);

  // Answers still arriving stop when the conversation is cleared or the dialog goes away.
  const inFlight = useRef(new Set<AbortController>());
  useEffect(() => {
    const controllers = inFlight.current;
    return () => controllers.forEach((controller) => controller.abort());
  }, []);

  const transformResults = useCallback(
    (results: Parameters<typeof cleanResultTitles>[0]) => (cleanTitles ? cleanResultTitles(results) : results),
    [cleanTitles],
  );
  const [retryCount, setRetryCount] = useState(0);
  useSearchEffects({ state, dispatch, source, host, announce, transformResults, retryCount });
  const events = useWidgetEvents(source, state);

  const send = useCallback(
    (question: string, dispatchAction: (action: Action) => void) => {
      const controller = new AbortController();
      inFlight.current.add(controller);
      const conversationId = currentConversationId(stateRef.current);
      events.questionSent();
      void askQuestion({ source, dispatch: dispatchAction, announce, host, cleanTitles }, { id: newId(), question, conversationId, signal: controller.signal }).finally(() =>
        inFlight.current.delete(controller),
      );
    },
    [announce, cleanTitles, events, host, source],
  );

  const actions = useMemo<AssistantActions>(() => {
    const ask = (question: string): void => {
      const text = question.trim();
      const current = stateRef.current;
      if (text === '' || current.searchOnly) return;
      if (!current.consentAccepted) {
        dispatch({ type: 'questionHeld', question: text });
        return;
      }
      send(text, dispatch);
    };
    return {
      open: (tab, query) => {
        const wasClosed = stateRef.current.view === 'closed';
        // Another element on the page may have changed the shared history since this dialog last opened.
        if (!isAnswering(stateRef.current)) hydrate();
        dispatch({ type: 'opened', tab, query });
        if (wasClosed) events.opened(tab);
      },
      close: () => {
        events.searchEnded();
        dispatch({ type: 'closed' });
      },
      setTab: (tab) => dispatch({ type: 'tabChanged', tab }),
      setQuery: (query) => dispatch({ type: 'queryChanged', query }),
      setFilter: (path) => dispatch({ type: 'filterChanged', path }),
      moveActive: (delta) => dispatch({ type: 'activeMoved', delta }),
      setActive: (index) => dispatch({ type: 'activeSet', index }),
      chooseOption: (index) => {
        const current = stateRef.current;
        const option = listOptions(current)[index];
        if (!option) return undefined;
        dispatch({ type: 'recentAdded', query: current.query });
        if (option.kind === 'ask') {
          dispatch({ type: 'tabChanged', tab: 'ask' });
          ask(option.query);
          return undefined;
        }
        events.searchEnded();
        return option.section.url;
      },
      removeRecent: (query) => dispatch({ type: 'recentRemoved', query }),
      retrySearch: () => setRetryCount((count) => count + 1),
      ask,
      retryAnswer: ask,
      acceptConsent: () => {
        dispatch({ type: 'consentAccepted' });
        memory.saveConsent();
        const pending = stateRef.current.pendingQuestion;
        if (pending !== null) send(pending, dispatch);
      },
      rate: (id, rating) => {
        const message = stateRef.current.conversation.find((item) => item.id === id);
        if (message?.role !== 'assistant') return;
        rateAnswer({ source, dispatch, announce, host }, message, rating, typeof location === 'undefined' ? undefined : location.href);
      },
      clearConversation: () => {
        inFlight.current.forEach((controller) => controller.abort());
        dispatch({ type: 'conversationCleared' });
        announce(STRINGS.conversationCleared);
      },
      setSearchOnly: (searchOnly) => {
        dispatch({ type: 'searchOnlyChanged', searchOnly });
        memory.saveSearchOnly(searchOnly);
      },
    };
  }, [announce, events, host, hydrate, memory, send, source]);

  return { state, actions, announcement, announce };
}

