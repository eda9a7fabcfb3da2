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
} as const satisfies Record<string, RateLimit>;

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  take(visitor: string): RateDecision {
    const now = this.now();
    if (this.windows.size > 10_000) this.prune(now);
    let window = this.windows.get(visitor);
    if (!window || now - window.start >= this.rule.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(visitor, window);
    }
    const resetSeconds = Math.max(1, Math.ceil((window.start + this.rule.windowMs - now) / 1000));
    if (window.count >= this.rule.requests) return { allowed: false, limit: this.rule.requests, remaining: 0, resetSeconds };
    window.count += 1;
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
