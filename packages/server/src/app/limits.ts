/**
 * Usage limits of a project: its plan's numbers (from `plans` in docent.config.json), overridden by its own;
 * per-visitor rate limits in fixed windows, one window per project, operation and visitor; and the monthly
 * message quota, counted from the stored messages.
 */
import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Limits, Project } from '../projects/types.js';
import { HttpProblem } from '../serve/problem.js';
import { DEFAULT_DAILY_STORAGE_BYTES, DEFAULT_LIMITS, RateLimiter, rateLimitHeaders, visitorKey, type RateDecision, type RateLimit } from '../serve/rateLimit.js';
import { StorageQuotaError, type DailyAllowance, type Store } from '../store/types.js';

export type LimitedOperation = keyof typeof DEFAULT_LIMITS;

/** The limits in force for a project: plan first, then the project's own values. */
export async function limitsOf(store: Store, project: Project): Promise<Limits> {
  const { plan, ...own } = project.limits;
  const fromPlan = plan ? ((await store.getPlan(plan)) ?? {}) : {};
  // `unlimited` means no monthly quota, whatever its entry says; its rate limit still applies.
  if (plan === 'unlimited') delete fromPlan.monthlyMessages;
  return { ...fromPlan, ...own };
}

/** How often the shared counts of past windows are deleted. */
const PURGE_VISITS_EVERY_MS = 60_000;

export class VisitorLimits {
  private readonly limiters = new Map<string, RateLimiter>();
  private secret: Promise<Buffer> | null = null;
  private lastPurge = 0;
  private longestWindowMs = 0;

  /**
   * `shared`: the store several servers use (PostgreSQL), in which visits are counted so that a visitor gets its
   * limit once across them all; null for one server, which counts in memory.
   */
  constructor(
    private readonly defaults: Record<LimitedOperation, RateLimit>,
    private readonly now: () => number,
    private readonly shared: Store | null = null,
  ) {}

  private limiter(project: string, operation: LimitedOperation, rule: RateLimit): RateLimiter {
    const key = `${project} ${operation} ${rule.requests}/${rule.windowMs}`;
    let limiter = this.limiters.get(key);
    if (!limiter) this.limiters.set(key, (limiter = new RateLimiter(rule, this.now)));
    return limiter;
  }

  private rule(operation: LimitedOperation, limits: Limits): RateLimit {
    const own = { messages: limits.visitorMessages, searches: undefined, feedback: limits.visitorFeedback, events: limits.visitorEvents }[operation];
    return own ?? this.defaults[operation];
  }

  /** One request counted in the shared store: windows aligned on the clock, so every server agrees on them. */
  private async sharedDecision(store: Store, name: string, rule: RateLimit, address: string, cost: number): Promise<RateDecision> {
    this.secret ??= store.visitorSecret();
    const secret = await this.secret;
    const now = this.now();
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const key = `${createHmac('sha256', secret).update(address).digest('base64url')} ${name} ${rule.requests}/${rule.windowMs}`;
    const start = new Date(windowStart).toISOString();
    const counted = await store.countVisit(key, start, cost, rule.requests);
    const count = counted ?? (await store.visitCount(key, start));
    this.longestWindowMs = Math.max(this.longestWindowMs, rule.windowMs);
    if (now - this.lastPurge >= PURGE_VISITS_EVERY_MS) {
      this.lastPurge = now;
      void store.purgeVisits(new Date(now - 2 * this.longestWindowMs).toISOString()).catch(() => undefined);
    }
    const resetSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
    return { allowed: counted !== null, limit: rule.requests, remaining: Math.max(0, rule.requests - count), resetSeconds };
  }

  /**
   * Counts one request of the visitor at `address` (`cost` events for recordEvents) against its limit, and returns
   * the RateLimit headers; over the limit, throws a 429 problem with Retry-After.
   */
  async admit(operation: LimitedOperation, project: Project, limits: Limits, address: string, cost = 1): Promise<Record<string, string>> {
    const rule = this.rule(operation, limits);
    const decision = this.shared
      ? await this.sharedDecision(this.shared, `${project.id} ${operation}`, rule, address, cost)
      : this.limiter(project.id, operation, rule).take(visitorKey(address), cost);
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      const what = { messages: 'questions', searches: 'searches', feedback: 'feedback requests', events: 'events' }[operation];
      throw new HttpProblem(429, `Too many ${what} from this visitor: ${decision.limit} are allowed per window. Try again in ${decision.resetSeconds} seconds.`, undefined, headers);
    }
    return headers;
  }

  /** `admit` for an API request: the RateLimit headers go on its reply. */
  async take(operation: LimitedOperation, project: Project, limits: Limits, request: FastifyRequest, reply: FastifyReply, cost = 1): Promise<void> {
    reply.headers(await this.admit(operation, project, limits, request.ip, cost));
  }
}

/** A reservation not turned into a message within this time belongs to a server that died mid-answer. */
const RESERVATION_TTL_MS = 10 * 60_000;

/**
 * Reserves one message of the project's monthly quota before the answer is written, so concurrent questions can
 * never store more answers than the quota. Returns the reservation (null when no quota applies); throws a 429
 * problem when the quota is used up.
 */
export async function reserveQuota(store: Store, project: Project, limits: Limits, now: Date): Promise<string | null> {
  const quota = limits.monthlyMessages;
  if (quota === undefined) return null;
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const staleBefore = new Date(now.getTime() - RESERVATION_TTL_MS).toISOString();
  const reservation = await store.reserveMessage(project.id, monthStart.toISOString(), quota, now.toISOString(), staleBefore);
  if (reservation) return reservation;
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const seconds = Math.ceil((nextMonth.getTime() - now.getTime()) / 1000);
  throw new HttpProblem(
    429,
    `This project has answered its ${quota} messages for this month. Questions are answered again from ${nextMonth.toISOString().slice(0, 10)}; search still works.`,
    undefined,
    { 'retry-after': String(seconds), 'ratelimit-limit': String(quota), 'ratelimit-remaining': '0', 'ratelimit-reset': String(seconds) },
  );
}

/** The project's allowance of stored feedback and events for the day of `now`. */
export function dailyAllowance(limits: Limits, now: Date): DailyAllowance {
  return { day: now.toISOString().slice(0, 10), bytes: limits.dailyStorageBytes ?? DEFAULT_DAILY_STORAGE_BYTES };
}

/** Stores through `write`, answering 429 when the project's storage allowance for the day is used up. */
export async function withinAllowance(write: () => Promise<void>, now: Date): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof StorageQuotaError)) throw error;
    const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    const seconds = Math.ceil((tomorrow.getTime() - now.getTime()) / 1000);
    throw new HttpProblem(429, 'This project has stored as much feedback and as many events as it may today. Try again tomorrow (UTC).', undefined, {
      'retry-after': String(seconds),
      'ratelimit-remaining': '0',
    });
  }
}
