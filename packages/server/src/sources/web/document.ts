/**
 * One document fetched by URL under the crawler's rules (an `openapi` source's description): robots.txt obeyed,
 * the Docent user agent, the address policy, at most 5 redirects. Never throws: a failure is a reason for the owner.
 */
import { FetchError } from '../../net/guardedFetch.js';
import { Crawl } from './crawl.js';
import type { CrawlOptions } from './types.js';

export type FetchedDocument = { ok: true; url: string; text: string } | { ok: false; reason: string };

export async function fetchDocument(url: string, options: CrawlOptions): Promise<FetchedDocument> {
  const crawl = new Crawl(options);
  try {
    const robots = await crawl.robots.check(url);
    if (robots.verdict !== 'allowed') return { ok: false, reason: robots.reason };
    const response = await crawl.fetch(url, 'document');
    if (response.status >= 400) return { ok: false, reason: `${response.url} answered HTTP ${response.status}: check the URL, or whether the document needs a login` };
    return { ok: true, url: response.url, text: response.body.toString('utf8') };
  } catch (error) {
    return { ok: false, reason: error instanceof FetchError ? error.message : `${url} could not be fetched: ${(error as Error).message}` };
  }
}
