/**
 * The crawl loop shared by `url` and `sitemap` sources: visit queued URLs a few at a time, store each page once under
 * its identity (its same-origin canonical URL, else the URL it was finally served from), follow links when the plan
 * says so, and skip what robots rules, noindex or the source's scope exclude.
 */
import type { Crawl } from './crawl.js';
import { fetchPage } from './page.js';
import { looksLikeFile, normaliseUrl, sameOrigin } from './urls.js';

export interface QueueItem {
  url: string;
  depth: number;
}

export interface CrawlPlan {
  /** Whether a URL belongs to the source: redirect targets and canonical URLs outside it are not stored under it. */
  inScope(url: string): boolean;
  /** Whether to follow the links of a page visited at this depth. */
  followLinksAt(depth: number): boolean;
  /** Told when a queued URL was served from another URL, before the scope check (a start page may redirect). */
  redirected?(item: QueueItem, finalUrl: string): void;
}

/** URLs in progress at once across all hosts; the per-host gate keeps each host's share polite. */
const PARALLEL_VISITS = 16;

export async function runQueue(crawl: Crawl, initial: QueueItem[], plan: CrawlPlan): Promise<void> {
  const queue: QueueItem[] = [];
  /** URLs queued or known to be served already: each is visited at most once. */
  const seen = new Set<string>();
  /** Identities already stored as pages. */
  const stored = new Set<string>();
  let limitNoted = false;

  const enqueue = (item: QueueItem, from: string): void => {
    if (seen.has(item.url)) return;
    if (seen.size >= crawl.settings.maxPages) {
      if (!limitNoted) crawl.skipped.push({ url: item.url, reason: `more than ${crawl.settings.maxPages} pages reached from ${from}; the rest are not crawled` });
      limitNoted = true;
      return;
    }
    seen.add(item.url);
    queue.push(item);
    crawl.admit();
  };
  for (const item of initial) enqueue(item, item.url);

  const visit = async (item: QueueItem): Promise<void> => {
    // Already stored as another page's canonical URL: fetching it again would only find the same page.
    if (stored.has(item.url)) return crawl.finish();
    const outcome = await fetchPage(crawl, item.url);
    if (outcome.kind === 'failed') return crawl.fail(item.url, outcome.reason, outcome.status);
    if (outcome.kind === 'skipped') return crawl.skip(item.url, outcome.reason);

    const { finalUrl, html, signals, directives } = outcome;
    if (finalUrl !== item.url) {
      plan.redirected?.(item, finalUrl);
      if (!plan.inScope(finalUrl)) return crawl.skip(item.url, `redirects to ${finalUrl}, outside this source`);
      if (stored.has(finalUrl)) return crawl.finish();
      seen.add(finalUrl);
    }

    const base = (signals.base && normaliseUrl(signals.base, finalUrl)) || finalUrl;
    if (!directives.nofollow && plan.followLinksAt(item.depth)) {
      for (const href of signals.links) {
        const link = normaliseUrl(href, base);
        if (link && plan.inScope(link) && !looksLikeFile(link)) enqueue({ url: link, depth: item.depth + 1 }, finalUrl);
      }
    }
    if (directives.noindex) return crawl.skip(item.url, 'noindex: the page asks not to be indexed (meta robots or X-Robots-Tag)');

    const canonical = signals.canonical ? normaliseUrl(signals.canonical, base) : null;
    const identity = canonical && sameOrigin(canonical, finalUrl) && plan.inScope(canonical) ? canonical : finalUrl;
    if (stored.has(identity)) return crawl.skip(item.url, `same page as ${identity} (its canonical URL)`);
    stored.add(identity);
    seen.add(identity);
    crawl.addPage(identity, html);
  };

  await new Promise<void>((resolve) => {
    let next = 0;
    let running = 0;
    const pump = (): void => {
      while (running < PARALLEL_VISITS && next < queue.length && !crawl.stopped) {
        const item = queue[next];
        next += 1;
        if (!item) continue;
        running += 1;
        visit(item)
          .catch((error: unknown) => crawl.fail(item.url, `unexpected error: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => {
            running -= 1;
            pump();
          });
      }
      if (running === 0) resolve();
    };
    pump();
  });
}
