/**
 * One crawl's shared state: settings, the per-host gate, the robots.txt cache, the result being built and the
 * progress counters. Every request of the crawl goes through `fetch`, so politeness and the SSRF guard cannot be
 * bypassed by one code path forgetting them.
 */
import { createHash } from 'node:crypto';
import { guardedFetch, type GuardedResponse } from '../../net/guardedFetch.js';
import { HostGate } from './hostGate.js';
import { RobotsCache } from './robots.js';
import { crawlSettings, type CrawlSettings } from './settings.js';
import type { CrawledPage, CrawlFailure, CrawlOptions, CrawlResult } from './types.js';

export type RequestKind = 'page' | 'sitemap' | 'robots' | 'document';

/** RFC 9309 asks crawlers to read at least 500 KiB of robots.txt; a larger one is not a robots.txt anyone wrote. */
const MAX_ROBOTS_BYTES = 512 * 1024;

const ACCEPT: Record<RequestKind, string> = {
  page: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
  sitemap: 'application/xml,text/xml;q=0.9,*/*;q=0.5',
  robots: 'text/plain,*/*;q=0.5',
  document: 'application/json,application/yaml,text/yaml;q=0.9,text/plain;q=0.8,*/*;q=0.5',
};

/** An OpenAPI document may be as large as an upload. */
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export class Crawl {
  readonly settings: CrawlSettings;
  readonly robots: RobotsCache;
  /** The crawler's name as robots rules spell it: "docent". */
  readonly agentToken: string;
  readonly pages: CrawledPage[] = [];
  readonly failures: CrawlFailure[] = [];
  readonly skipped: { url: string; reason: string }[] = [];
  private readonly gate: HostGate;
  private total = 0;
  private done = 0;

  constructor(options: CrawlOptions) {
    this.settings = crawlSettings(options);
    this.agentToken = (this.settings.userAgent.split('/')[0] ?? '').trim().toLowerCase();
    this.gate = new HostGate(this.settings.concurrencyPerHost, this.settings.delayMs);
    this.robots = new RobotsCache((url) => this.fetch(url, 'robots'), this.settings.userAgent, (host, seconds) => this.gate.setCrawlDelay(host, seconds));
  }

  get stopped(): boolean {
    return this.settings.signal?.aborted ?? false;
  }

  fetch(url: string, kind: RequestKind): Promise<GuardedResponse> {
    const { allowPrivateNetworks, userAgent, timeoutMs, signal, headers } = this.settings;
    const maxBytes = { page: this.settings.maxPageBytes, sitemap: this.settings.maxSitemapBytes, robots: MAX_ROBOTS_BYTES, document: MAX_DOCUMENT_BYTES }[kind];
    // A URL that does not parse fails inside guardedFetch with its own message; the gate only needs some key.
    const host = URL.canParse(url) ? new URL(url).host : url;
    return this.gate.run(host, () => guardedFetch(url, { allowPrivateNetworks, userAgent, timeoutMs, maxBytes, signal, accept: ACCEPT[kind], ...(headers ? { headers } : {}) }));
  }

  /** `count` more URLs will be visited. */
  admit(count = 1): void {
    this.total += count;
    this.report();
  }

  addPage(url: string, html: string): void {
    this.pages.push({ url, html, contentHash: createHash('sha256').update(html).digest('hex') });
    this.finish();
  }

  fail(url: string, reason: string, status?: number): void {
    this.failures.push(status === undefined ? { url, reason } : { url, reason, status });
    this.report();
  }

  skip(url: string, reason: string): void {
    this.skipped.push({ url, reason });
    this.finish();
  }

  /** A URL visited without a page of its own (e.g. the same page as one already stored). */
  finish(): void {
    this.done += 1;
    this.report();
  }

  result(fatal: string | null): CrawlResult {
    return { pages: this.pages, failures: this.failures, skipped: this.skipped, fatal };
  }

  private report(): void {
    try {
      this.settings.onProgress?.({ fetched: this.done, total: this.total, failed: this.failures.length });
    } catch {
      // A progress display that breaks must not break the sync it displays.
    }
  }
}
