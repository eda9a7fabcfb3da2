/** The crawler's defaults, and the user agent it announces. */
import { DOCENT_VERSION } from '../../version.js';
import type { CrawlOptions } from './types.js';

export const DEFAULT_USER_AGENT_PREFIX = 'Docent';
/** What robots.txt rules and server logs see: `Docent/<version>`. */
export const DOCENT_USER_AGENT = `${DEFAULT_USER_AGENT_PREFIX}/${DOCENT_VERSION}`;

export interface CrawlSettings {
  allowPrivateNetworks: boolean;
  userAgent: string;
  timeoutMs: number;
  maxPageBytes: number;
  /** Sitemap protocol allows 50,000 URLs per file; 10 MiB holds that many at ~200 bytes each and refuses a 50 MB file. */
  maxSitemapBytes: number;
  concurrencyPerHost: number;
  delayMs: number;
  maxPages: number;
  signal: AbortSignal | undefined;
  onProgress: CrawlOptions['onProgress'];
  /** A private source's request headers, sent to the crawled site only. */
  headers: Record<string, string> | undefined;
}

const MiB = 1024 * 1024;

/** Fill in defaults; a nonsensical number (negative, NaN) falls back to the default rather than disabling a limit. */
export function crawlSettings(options: CrawlOptions): CrawlSettings {
  const positive = (value: number | undefined, fallback: number): number => (value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback);
  const delay = options.delayMs;
  return {
    allowPrivateNetworks: options.allowPrivateNetworks,
    userAgent: options.userAgent || DOCENT_USER_AGENT,
    timeoutMs: positive(options.timeoutMs, 20_000),
    maxPageBytes: positive(options.maxPageBytes, 5 * MiB),
    maxSitemapBytes: positive(options.maxSitemapBytes, 10 * MiB),
    concurrencyPerHost: Math.floor(positive(options.concurrencyPerHost, 2)),
    delayMs: delay !== undefined && Number.isFinite(delay) && delay >= 0 ? delay : 250,
    maxPages: Math.floor(positive(options.maxPages, 5_000)),
    signal: options.signal,
    onProgress: options.onProgress,
    headers: options.headers,
  };
}
