/** The crawler's public shapes: what a sync hands it and what it hands back. */

export interface CrawlProgress {
  /** URLs done so far, fetched or skipped. */
  fetched: number;
  /** URLs known so far; grows while links and sitemaps are discovered. */
  total: number;
  failed: number;
}

export interface CrawlOptions {
  allowPrivateNetworks: boolean;
  /** `Docent/<version>`: see DOCENT_USER_AGENT. */
  userAgent: string;
  /** Per request, redirects and body included (default 20 s). */
  timeoutMs?: number;
  /** Largest page accepted (default 5 MiB, the extractor's own limit). */
  maxPageBytes?: number;
  /** Largest sitemap accepted, after gunzip (default 10 MiB). */
  maxSitemapBytes?: number;
  /** Requests in flight to one host (default 2). */
  concurrencyPerHost?: number;
  /** Pause between the starts of two requests to one host (default 250 ms; 0 in tests). */
  delayMs?: number;
  /** Most pages one source may yield (default 5,000); the rest are skipped, so one source cannot fill the server's memory. */
  maxPages?: number;
  signal?: AbortSignal;
  onProgress?(progress: CrawlProgress): void;
  /**
   * Extra request headers for every request of the crawl (a `private` source's `Authorization` or `Cookie`).
   * Each request sends them to its own URL's origin only: a redirect elsewhere drops them.
   */
  headers?: Record<string, string>;
}

export interface CrawledPage {
  /** Normalised absolute URL without fragment: the canonical URL when the page names a same-origin one. */
  url: string;
  html: string;
  /** sha256 hex of `html`. */
  contentHash: string;
}

export interface CrawlFailure {
  url: string;
  /** For the site owner, e.g. "HTTP 404 Not Found" or "http://… took longer than 20 s". */
  reason: string;
  /** The HTTP status when the server answered with an error; absent when no answer came (refused, timeout, DNS…). */
  status?: number;
}

export interface CrawlResult {
  pages: CrawledPage[];
  failures: CrawlFailure[];
  skipped: { url: string; reason: string }[];
  /** Set when the source as a whole failed (start URL refused, sitemap unreadable, nothing to index): keep what was indexed. */
  fatal: string | null;
}

export interface UrlSourceConfig {
  url: string;
  include_subpages?: boolean;
  max_depth?: number;
}

export interface SitemapSourceConfig {
  url: string;
  include?: string[];
  exclude?: string[];
}
