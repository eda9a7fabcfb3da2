/** A `sitemap` source: every URL its sitemap (or sitemap index) lists, narrowed by `include` and `exclude` globs. */
import { Crawl } from './crawl.js';
import { pathFilter } from './globs.js';
import { runQueue } from './queue.js';
import { readSitemaps } from './sitemapFetch.js';
import { SitemapError } from './sitemap.js';
import { neverThrows, nothingIndexed, validStartUrl, STOPPED } from './outcome.js';
import type { CrawlOptions, CrawlResult, SitemapSourceConfig } from './types.js';
import { normaliseUrl } from './urls.js';

function globList(globs: readonly string[]): string {
  return globs.map((glob) => `"${glob}"`).join(', ');
}

export function crawlSitemapSource(config: SitemapSourceConfig, options: CrawlOptions): Promise<CrawlResult> {
  return neverThrows(() => crawlSitemap(config, options));
}

async function crawlSitemap(config: SitemapSourceConfig, options: CrawlOptions): Promise<CrawlResult> {
  const crawl = new Crawl(options);
  const start = validStartUrl(config.url, 'sitemap');
  if (!start.ok) return crawl.result(start.message);
  const include = config.include ?? [];
  const exclude = config.exclude ?? [];

  let listed: string[];
  try {
    listed = await readSitemaps(crawl, start.url);
  } catch (error) {
    if (crawl.stopped) return crawl.result(STOPPED);
    return crawl.result(error instanceof SitemapError ? error.message : `${start.url} could not be read as a sitemap`);
  }
  if (listed.length === 0) return crawl.result(`${start.url} lists no URLs`);

  const filter = pathFilter(include, exclude);
  const kept: string[] = [];
  const unique = new Set<string>();
  for (const entry of listed) {
    const url = normaliseUrl(entry);
    if (!url) {
      crawl.skipped.push({ url: entry, reason: 'not an http or https URL' });
      continue;
    }
    if (unique.has(url)) continue;
    unique.add(url);
    const verdict = filter(url);
    if (verdict === 'kept') kept.push(url);
    else crawl.skipped.push({ url, reason: verdict === 'excluded' ? `matches exclude ${globList(exclude)}` : `matches no include ${globList(include)}` });
  }
  if (kept.length === 0) {
    const why = include.length > 0 ? `none of them matches include ${globList(include)}` : 'every one of them is an invalid URL or matches exclude';
    const after = include.length > 0 && exclude.length > 0 ? ` once exclude ${globList(exclude)} is applied` : '';
    return crawl.result(`${start.url} lists ${unique.size || listed.length} URLs, but ${why}${after}; globs match the URL path, such as /docs/**`);
  }

  await runQueue(
    crawl,
    kept.map((url) => ({ url, depth: 0 })),
    { inScope: (url) => filter(url) === 'kept', followLinksAt: () => false },
  );
  if (crawl.stopped) return crawl.result(STOPPED);
  return crawl.result(nothingIndexed(crawl));
}
