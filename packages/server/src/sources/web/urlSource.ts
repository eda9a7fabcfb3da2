/**
 * A `url` source: one page and, with `include_subpages`, the pages it links to under the same origin and path prefix,
 * down to `max_depth` links away. Failing to fetch the start page fails the source, since nothing else is reachable.
 */
import { Crawl } from './crawl.js';
import { neverThrows, nothingIndexed, validStartUrl, STOPPED } from './outcome.js';
import { runQueue, type QueueItem } from './queue.js';
import type { CrawlOptions, CrawlResult, UrlSourceConfig } from './types.js';
import { underPrefix } from './urls.js';

/** The documented default (urls.mdx). */
export const DEFAULT_MAX_DEPTH = 3;

export function crawlUrlSource(config: UrlSourceConfig, options: CrawlOptions): Promise<CrawlResult> {
  return neverThrows(() => crawlUrl(config, options));
}

async function crawlUrl(config: UrlSourceConfig, options: CrawlOptions): Promise<CrawlResult> {
  const crawl = new Crawl(options);
  const start = validStartUrl(config.url, 'page');
  if (!start.ok) return crawl.result(start.message);
  const includeSubpages = config.include_subpages === true;
  const depth = config.max_depth;
  const maxDepth = typeof depth === 'number' && Number.isFinite(depth) ? Math.max(0, Math.floor(depth)) : DEFAULT_MAX_DEPTH;

  const scopes = [underPrefix(start.url)];
  await runQueue(crawl, [{ url: start.url, depth: 0 }], {
    inScope: (url) => scopes.some((inScope) => inScope(url)),
    followLinksAt: (at) => includeSubpages && at < maxDepth,
    // http://docs.example.com/guides redirecting to https://docs.example.com/guides/ still means that prefix.
    redirected: (item: QueueItem, finalUrl: string) => {
      if (item.depth === 0) scopes.push(underPrefix(finalUrl));
    },
  });
  if (crawl.stopped) return crawl.result(STOPPED);

  const startFailure = crawl.failures.find((failure) => failure.url === start.url);
  if (startFailure) {
    return crawl.result(startFailure.status === undefined ? startFailure.reason : `the start page ${start.url} answered ${startFailure.reason}`);
  }
  const startSkip = crawl.skipped.find((skip) => skip.url === start.url && skip.reason.includes('robots.txt'));
  if (startSkip) return crawl.result(`${startSkip.reason}; allow the Docent user agent for this path in robots.txt to index it`);
  return crawl.result(nothingIndexed(crawl));
}
