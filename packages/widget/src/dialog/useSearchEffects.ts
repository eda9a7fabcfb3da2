import { useEffect, useRef, type Dispatch } from 'react';
import type { DataSource, PageHit } from '../data/types.js';
import { searchKey } from '../state/reducer.js';
import type { Action, AssistantState } from '../state/types.js';
import { STRINGS } from '../strings.js';
import type { AssistantHost } from './api.js';

/** After this long without results, "loading" becomes "stalled" and a spinner shows. */
export const STALL_DELAY_MS = 300;
/** `docent:search` fires once the reader pauses typing, not on every keystroke. */
export const SEARCH_EVENT_DELAY_MS = 600;
export const RESULT_LIMIT = 8;

interface SearchEffects {
  readonly state: AssistantState;
  readonly dispatch: Dispatch<Action>;
  readonly source: DataSource;
  readonly host: AssistantHost;
  readonly announce: (message: string) => void;
  readonly transformResults: (results: readonly PageHit[]) => readonly PageHit[];
  readonly retryCount: number;
}

export const countSections = (results: readonly PageHit[]): number => results.reduce((sum, page) => sum + page.sections.length, 0);

export function useSearchEffects({ state, dispatch, source, host, announce, transformResults, retryCount }: SearchEffects): void {
  const { view, query, filterPath } = state;
  const open = view !== 'closed';

  // Results as you type.
  useEffect(() => {
    const text = query.trim();
    if (!open || text === '') return undefined;
    const key = searchKey(query, filterPath);
    let current = true;
    // A connected source cancels the request of a query the reader has typed past.
    const controller = new AbortController();
    dispatch({ type: 'searchStarted' });
    const stall = setTimeout(() => {
      dispatch({ type: 'searchStalled' });
      announce(STRINGS.loading);
    }, STALL_DELAY_MS);
    source
      .search(text, { limit: RESULT_LIMIT, pathPrefix: filterPath ?? undefined, signal: controller.signal })
      .then((results) => {
        if (current) dispatch({ type: 'searchSucceeded', key, results: transformResults(results) });
      })
      .catch((error: unknown) => {
        if (current) dispatch({ type: 'searchFailed', key, error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => clearTimeout(stall));
    return () => {
      current = false;
      clearTimeout(stall);
      controller.abort();
    };
  }, [open, query, filterPath, source, dispatch, announce, transformResults, retryCount]);

  // One `docent:search` event and one announcement per settled search, while the Search tab shows: a count that
  // settles after the reader has moved to Ask AI would otherwise replace the answer's announcement.
  const reported = useRef('');
  const { resultsKey, results, status } = state;
  const searching = view === 'search';
  useEffect(() => {
    if (!searching || status !== 'idle' || query.trim() === '' || resultsKey !== searchKey(query, filterPath)) return undefined;
    if (reported.current === resultsKey) return undefined;
    const count = countSections(results);
    const timer = setTimeout(() => {
      reported.current = resultsKey;
      host.dispatch('docent:search', { query: query.trim(), resultCount: count });
      announce(count === 0 ? STRINGS.noResults(query.trim()) : STRINGS.resultCount(count));
    }, SEARCH_EVENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searching, status, query, filterPath, resultsKey, results, host, announce]);
}
