/** How a source as a whole ends, in words for the site owner. */
import { parseHttpUrl, FetchError } from '../../net/guardedFetch.js';
import type { Crawl } from './crawl.js';
import type { CrawlResult } from './types.js';

export const STOPPED = 'the crawl was stopped before it finished; nothing was changed';

export function validStartUrl(input: unknown, what: 'page' | 'sitemap'): { ok: true; url: string } | { ok: false; message: string } {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, message: `the source has no ${what} URL` };
  try {
    const url = parseHttpUrl(input.trim());
    url.hash = '';
    return { ok: true, url: url.href };
  } catch (error) {
    return { ok: false, message: error instanceof FetchError ? error.message : `"${input}" is not a valid URL` };
  }
}

/**
 * A crawl that stored no page at all fails the source, so a site that is down for a moment (every page 503) does
 * not empty the index: the sync keeps what it had and the error says what the first URL ran into.
 */
export function nothingIndexed(crawl: Crawl): string | null {
  if (crawl.pages.length > 0) return null;
  const firstFailure = crawl.failures[0];
  if (firstFailure) {
    return crawl.failures.length === 1
      ? `${firstFailure.url} could not be fetched: ${firstFailure.reason}`
      : `none of the ${crawl.failures.length} pages could be fetched; the first, ${firstFailure.url}: ${firstFailure.reason}`;
  }
  const firstSkip = crawl.skipped[0];
  if (firstSkip) return `no page could be indexed; ${firstSkip.url} was skipped: ${firstSkip.reason}`;
  return 'no page could be indexed';
}

/** The crawl's promise to the sync runner: a bug in here ends the source with a message, never an exception. */
export async function neverThrows(crawl: () => Promise<CrawlResult>): Promise<CrawlResult> {
  try {
    return await crawl();
  } catch (error) {
    return { pages: [], failures: [], skipped: [], fatal: `the crawl failed unexpectedly: ${error instanceof Error ? error.message : String(error)}` };
  }
}
