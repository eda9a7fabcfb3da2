/**
 * When a search counts for the analytics: search as you type asks the server at every keystroke, but the reader
 * searched for what they typed last, before pausing. A query is recorded once it has not changed for a second, or
 * at once when the search ends (a result opened, the dialog closed, the page hidden); never an empty query, never
 * the same query twice in a row. React-free, with its clock passed in, so the timing is tested as it runs.
 */
import { realTimers, type TimerHandle, type Timers } from '../data/timers.js';

/** How long the query must stay the same before it counts as the reader's search. */
export const SEARCH_PAUSE_MS = 1000;

export interface SearchEventTracker {
  /** The query in the search input changed (typed, picked from the recent searches, set by `open({query})`). */
  queryChanged(query: string): void;
  /** The results of `query` are in: their count goes with the query's event. */
  resultsSettled(query: string, resultCount: number): void;
  /** The search is over: a query still waiting for its pause is recorded now. */
  end(): void;
  /** Stops the timer; nothing more is recorded. */
  dispose(): void;
}

export interface SearchEventOptions {
  /** Called once per search the reader made; `resultCount` when its results were in. */
  readonly onSearch: (query: string, resultCount: number | undefined) => void;
  readonly timers?: Timers;
  readonly pauseMs?: number;
}

/** Queries that differ only in case or spacing are the same search. */
const sameSearch = (a: string, b: string): boolean => a.toLowerCase().replace(/\s+/g, ' ') === b.toLowerCase().replace(/\s+/g, ' ');

export function createSearchEventTracker({ onSearch, timers = realTimers, pauseMs = SEARCH_PAUSE_MS }: SearchEventOptions): SearchEventTracker {
  /** The query waiting for its pause (or, once paused, for its results); '' when none. */
  let pending = '';
  let resultCount: number | undefined;
  /** The pause is over, but the results were not in yet: the event waits for them (or for the search to end). */
  let paused = false;
  let lastRecorded = '';
  let timer: TimerHandle | undefined;

  const stopTimer = (): void => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };

  const record = (): void => {
    stopTimer();
    const query = pending;
    pending = '';
    paused = false;
    if (query === '' || sameSearch(query, lastRecorded)) return;
    lastRecorded = query;
    onSearch(query, resultCount);
  };

  return {
    queryChanged(next) {
      const query = next.trim();
      if (query === pending) return;
      // A query the reader paused on, whose results never came (a failed search), still was their search.
      if (paused) record();
      stopTimer();
      pending = query;
      resultCount = undefined;
      if (query === '') return;
      timer = timers.setTimeout(() => {
        timer = undefined;
        paused = true;
        if (resultCount !== undefined) record();
      }, pauseMs);
    },
    resultsSettled(query, count) {
      if (query.trim() !== pending || pending === '') return;
      resultCount = count;
      if (paused) record();
    },
    end: record,
    dispose() {
      stopTimer();
      pending = '';
      paused = false;
    },
  };
}
