/**
 * Every page URL of a sitemap or sitemap index, following indexes down to their sitemaps. Any sitemap that cannot be
 * read fails the whole source: a sync removes pages no longer listed, so a partial list would delete the pages of
 * the unreadable part. Sitemaps are fetched without a robots.txt check, as robots.txt itself points crawlers at them.
 */
import { FetchError } from '../../net/guardedFetch.js';
import type { Crawl } from './crawl.js';
import { parseContentType } from './decode.js';
import { httpStatusReason } from './page.js';
import { parseSitemap, SitemapError } from './sitemap.js';

/** An index of indexes is already beyond the protocol; a third level is a loop or a mistake. */
const MAX_NESTING = 3;
/** Enough for 25 million URLs at 50,000 each; past it the list is not a documentation site's. */
const MAX_SITEMAPS = 500;

async function fetchSitemapFile(crawl: Crawl, url: string): Promise<ReturnType<typeof parseSitemap>> {
  let response;
  try {
    response = await crawl.fetch(url, 'sitemap');
  } catch (error) {
    throw new SitemapError(error instanceof FetchError ? error.message : `${url} could not be fetched`);
  }
  if (response.status < 200 || response.status >= 300) throw new SitemapError(`${url} answered ${httpStatusReason(response.status)}`);
  return parseSitemap(response.body, { url: response.url, mime: parseContentType(response.headers['content-type']).mime, maxBytes: crawl.settings.maxSitemapBytes });
}

/** The page URLs listed, in order, as written in the sitemaps (not yet normalised). Throws SitemapError. */
export async function readSitemaps(crawl: Crawl, rootUrl: string): Promise<string[]> {
  const urls: string[] = [];
  const visited = new Set<string>();
  let level = [rootUrl];
  for (let depth = 0; level.length > 0; depth += 1) {
    if (depth >= MAX_NESTING) throw new SitemapError(`${rootUrl} nests sitemap indexes more than ${MAX_NESTING - 1} levels deep`);
    const fresh = level.filter((url) => !visited.has(url));
    fresh.forEach((url) => visited.add(url));
    if (visited.size > MAX_SITEMAPS) throw new SitemapError(`${rootUrl} lists more than ${MAX_SITEMAPS} sitemaps`);
    const documents = await Promise.all(fresh.map((url) => fetchSitemapFile(crawl, url)));
    level = [];
    for (const document of documents) {
      if (document.kind === 'urlset') urls.push(...document.urls);
      else level.push(...document.sitemaps);
    }
  }
  return urls;
}
