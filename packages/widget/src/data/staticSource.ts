/**
 * Static mode: the index file is fetched once per URL (the promise is cached and shared by every element on the
 * page) and searched and answered in the browser. A large site's index comes in parts: the file is a manifest, and
 * each query fetches the parts it reads, relative to the index URL. Every engine call of the widget goes through
 * this module.
 */
import { answerAsync, loadIndex, searchAsync } from '@docent/engine';
import type { Answer, DataSource, PageHit, SearchOptions } from './types.js';

type LoadedIndex = ReturnType<typeof loadIndex>;
export type FetchText = (url: string) => Promise<string>;

const indexes = new Map<string, Promise<LoadedIndex>>();

function resolveUrl(indexUrl: string): string {
  const base = typeof document === 'undefined' ? 'https://docent.invalid/' : document.baseURI;
  return new URL(indexUrl, base).href;
}

async function fetchText(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (error) {
    throw new Error(`Could not load the search index ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new Error(`Could not load the search index ${url}: HTTP ${response.status}`);
  return response.text();
}

function loadCached(url: string, fetcher: FetchText): Promise<LoadedIndex> {
  let pending = indexes.get(url);
  if (!pending) {
    pending = fetcher(url).then((text) => loadIndex(text, { fetchPart: (path) => fetcher(new URL(path, url).href) }));
    // A failed load is forgotten, so "Try again" fetches again.
    pending.catch(() => indexes.delete(url));
    indexes.set(url, pending);
  }
  return pending;
}

export interface StaticOptions {
  /** The engine's answer threshold (the `answer-threshold` attribute); the engine's default when left out. */
  answerThreshold?: number;
}

export function createStaticSource(indexUrl: string, fetcher: FetchText = fetchText, { answerThreshold }: StaticOptions = {}): DataSource {
  const url = resolveUrl(indexUrl);
  return {
    async prepare() {
      await loadCached(url, fetcher);
    },
    async search(query: string, options: SearchOptions = {}): Promise<readonly PageHit[]> {
      const index = await loadCached(url, fetcher);
      return searchAsync(index, query, { limit: options.limit, pathPrefix: options.pathPrefix });
    },
    async ask(question: string): Promise<Answer> {
      const index = await loadCached(url, fetcher);
      const result = await answerAsync(index, question, { threshold: answerThreshold });
      return {
        answered: result.answered,
        markdown: result.markdown,
        citations: result.citations,
        closest: result.closest,
        related: result.related,
      };
    },
  };
}

/** For tests. */
export function forgetIndexes(): void {
  indexes.clear();
}
