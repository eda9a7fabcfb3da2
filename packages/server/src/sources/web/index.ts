/**
 * The web crawler for `url` and `sitemap` sources, as a library for the sync runner: nothing here throws for bad
 * input; every problem ends in `fatal`, `failures` or `skipped`, worded for the owner of the site.
 */
export { crawlUrlSource, DEFAULT_MAX_DEPTH } from './urlSource.js';
export { crawlSitemapSource } from './sitemapSource.js';
export { DEFAULT_USER_AGENT_PREFIX, DOCENT_USER_AGENT } from './settings.js';
export type { CrawlOptions, CrawlProgress, CrawledPage, CrawlFailure, CrawlResult, UrlSourceConfig, SitemapSourceConfig } from './types.js';
