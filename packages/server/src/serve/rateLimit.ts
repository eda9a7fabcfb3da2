/**
 * Per-visitor rate limits in fixed windows. A visitor is a keyed hash of the client address with a secret made
 * at start: the raw address is never stored, and the hashes live in memory only, for one window.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

export interface RateLimit {
  requests: number;
  windowMs: number;
}

/** What `docent serve` allows one visitor when no plan sets other limits. */
export const DEFAULT_LIMITS = {
  messages: { requests: 20, windowMs: 60_000 },
  searches: { requests: 120, windowMs: 60_000 },
  feedback: { requests: 30, windowMs: 60_000 },
  events: { requests: 600, windowMs: 60_000 },
} as const satisfies Record<string, RateLimit>;

/** What one project may store of feedback and events per UTC day when its plan sets nothing: 50 MiB. */
export const DEFAULT_DAILY_STORAGE_BYTES = 50 * 1024 * 1024;

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastPrune = 0;

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts `cost` requests (or events) against the visitor's window; refused whole when they do not all fit. */
  take(visitor: string, cost = 1): RateDecision {
    const now = this.now();
    // Past 10,000 visitors, forget the ended windows, at most once a second: with as many visitors still inside
    // their window, pruning on every request would walk the whole map each time and free nothing.
    if (this.windows.size > 10_000 && now - this.lastPrune >= 1000) {
      this.lastPrune = now;
      this.prune(now);
    }
    let window = this.windows.get(visitor);
    if (!window || now - window.start >= this.rule.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(visitor, window);
    }
    const resetSeconds = Math.max(1, Math.ceil((window.start + this.rule.windowMs - now) / 1000));
    if (window.count + cost > this.rule.requests) return { allowed: false, limit: this.rule.requests, remaining: Math.max(0, this.rule.requests - window.count), resetSeconds };
    window.count += cost;
    return { allowed: true, limit: this.rule.requests, remaining: this.rule.requests - window.count, resetSeconds };
  }

  private prune(now: number): void {
    for (const [visitor, window] of this.windows) {
      if (now - window.start >= this.rule.windowMs) this.windows.delete(visitor);
    }
  }
}

const SECRET = randomBytes(32);

/** An opaque visitor key for an address; the same address gives the same key until the server restarts. */
export function visitorKey(address: string): string {
  return createHash('sha256').update(SECRET).update(address).digest('base64url');
}

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
    ...(decision.allowed ? {} : { 'retry-after': String(decision.resetSeconds) }),
  };
}
