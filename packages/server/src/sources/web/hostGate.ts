/**
 * Politeness per host: at most `concurrency` requests in flight to one host, and their starts at least `delayMs`
 * apart. Hosts are independent, so a sitemap that spans two sites does not slow either down.
 */
import { setTimeout as sleep } from 'node:timers/promises';

interface HostState {
  active: number;
  waiting: (() => void)[];
  nextStart: number;
  /** A robots.txt Crawl-delay raises the pause for its host. */
  delayMs: number;
}

export class HostGate {
  private readonly hosts = new Map<string, HostState>();

  constructor(
    private readonly concurrency: number,
    private readonly delayMs: number,
  ) {}

  /** Longest pause honoured from a robots.txt Crawl-delay: beyond it a sync of a mid-sized site would take days. */
  static readonly MAX_CRAWL_DELAY_MS = 10_000;

  setCrawlDelay(host: string, seconds: number): void {
    const state = this.state(host);
    state.delayMs = Math.max(this.delayMs, Math.min(seconds * 1000, HostGate.MAX_CRAWL_DELAY_MS));
  }

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const state = this.state(host);
    // A finishing request hands its slot straight to the next waiter, so a newcomer cannot slip in between.
    if (state.active < this.concurrency) state.active += 1;
    else await new Promise<void>((resolve) => state.waiting.push(resolve));
    try {
      // The start time is reserved before sleeping, so two requests that got slots together still start apart.
      const now = Date.now();
      const startAt = Math.max(now, state.nextStart);
      state.nextStart = startAt + state.delayMs;
      if (startAt > now) await sleep(startAt - now);
      return await task();
    } finally {
      const next = state.waiting.shift();
      if (next) next();
      else state.active -= 1;
    }
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { active: 0, waiting: [], nextStart: 0, delayMs: this.delayMs };
      this.hosts.set(host, state);
    }
    return state;
  }
}
