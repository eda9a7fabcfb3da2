/**
 * Connected mode: what the reader does in the assistant, as events for the project's analytics (`open`, `search`,
 * `question`), queued by the data source (data/eventQueue.ts). Searches are the queries the reader paused on
 * (searchEventTracker.ts), not every keystroke. In static mode, and when the browser asks not to be tracked,
 * nothing is recorded.
 */
import { useEffect, useMemo } from 'react';
import type { Tab } from '@docent/contract/attributes/model';
import { MAX_PROPERTY_LENGTH } from '../data/eventQueue.js';
import { watchPageVisibility } from '../data/pageHide.js';
import type { DataSource } from '../data/types.js';
import { searchKey } from '../state/reducer.js';
import type { AssistantState } from '../state/types.js';
import { createSearchEventTracker } from './searchEventTracker.js';
import { countSections } from './useSearchEffects.js';

export interface WidgetEvents {
  /** The dialog opened on `tab`. */
  opened(tab: Tab): void;
  /** The reader opened a result or closed the dialog: the query in the input is their search, paused or not. */
  searchEnded(): void;
  /** A question went to the server. */
  questionSent(): void;
}

export function useWidgetEvents(source: DataSource, state: AssistantState): WidgetEvents {
  const tracker = useMemo(() => {
    if (!source.recordEvent) return undefined;
    return createSearchEventTracker({
      onSearch: (query, resultCount) =>
        source.recordEvent?.({
          type: 'search',
          properties: { query: query.slice(0, MAX_PROPERTY_LENGTH), ...(resultCount === undefined ? {} : { result_count: resultCount }) },
        }),
    });
  }, [source]);

  // A reader who leaves the page (or the tab) mid-search has searched; the dialog going away ends the search too.
  // In the `record` phase, so the search joins the request the queue sends as the page goes.
  useEffect(() => {
    if (!tracker) return undefined;
    const stopWatching = watchPageVisibility({ hidden: () => tracker.end(), phase: 'record' });
    return () => {
      stopWatching();
      tracker.end();
      tracker.dispose();
    };
  }, [tracker]);

  const { query, filterPath, status, resultsKey, results } = state;
  useEffect(() => tracker?.queryChanged(query), [tracker, query]);

  const settled = status === 'idle' && query.trim() !== '' && resultsKey === searchKey(query, filterPath);
  const resultCount = settled ? countSections(results) : undefined;
  useEffect(() => {
    if (resultCount !== undefined) tracker?.resultsSettled(query, resultCount);
  }, [tracker, query, resultCount]);

  return useMemo<WidgetEvents>(
    () => ({
      opened: (tab) => source.recordEvent?.({ type: 'open', properties: { tab } }),
      searchEnded: () => tracker?.end(),
      questionSent: () => source.recordEvent?.({ type: 'question' }),
    }),
    [source, tracker],
  );
}
