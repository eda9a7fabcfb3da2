/**
 * Usage limits of a project: its plan's numbers (from `plans` in docent.config.json), overridden by its own;
 * per-visitor rate limits in fixed windows, one window per project, operation and visitor; and the monthly
 * message quota, counted from the stored messages.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Limits, Project } from '../projects/types.js';
import { HttpProblem } from '../serve/problem.js';
import { DEFAULT_LIMITS, RateLimiter, rateLimitHeaders, visitorKey, type RateLimit } from '../serve/rateLimit.js';
import type { Store } from '../store/types.js';

export type LimitedOperation = keyof typeof DEFAULT_LIMITS;

/** The limits in force for a project: plan first, then the project's own values. */
export async function limitsOf(store: Store, project: Project): Promise<Limits> {
  const { plan, ...own } = project.limits;
  const fromPlan = plan ? ((await store.getPlan(plan)) ?? {}) : {};
  // `unlimited` means no monthly quota, whatever its entry says; its rate limit still applies.
  if (plan === 'unlimited') delete fromPlan.monthlyMessages;
  return { ...fromPlan, ...own };
}

export class VisitorLimits {
  private readonly limiters = new Map<string, RateLimiter>();

  constructor(
    private readonly defaults: Record<LimitedOperation, RateLimit>,
    private readonly now: () => number,
  ) {}

  private limiter(project: string, operation: LimitedOperation, rule: RateLimit): RateLimiter {
    const key = `${project} ${operation} ${rule.requests}/${rule.windowMs}`;
    let limiter = this.limiters.get(key);
    if (!limiter) this.limiters.set(key, (limiter = new RateLimiter(rule, this.now)));
    return limiter;
  }

  /** Counts the request against the visitor's limit; over it, throws a 429 problem with Retry-After. */
  take(operation: LimitedOperation, project: Project, limits: Limits, request: FastifyRequest, reply: FastifyReply): void {
    const rule = operation === 'messages' ? (limits.visitorMessages ?? this.defaults.messages) : this.defaults.searches;
    const decision = this.limiter(project.id, operation, rule).take(visitorKey(request.ip));
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      const what = operation === 'messages' ? 'questions' : 'searches';
      throw new HttpProblem(429, `Too many ${what} from this visitor: ${decision.limit} are allowed per window. Try again in ${decision.resetSeconds} seconds.`, undefined, headers);
    }
    reply.headers(headers);
  }
}

/** Throws a 429 problem when the project has answered its monthly quota of messages. */
export async function requireQuota(store: Store, project: Project, limits: Limits, now: Date): Promise<void> {
  const quota = limits.monthlyMessages;
  if (quota === undefined) return;
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  if ((await store.messagesSince(project.id, monthStart.toISOString())) < quota) return;
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const seconds = Math.ceil((nextMonth.getTime() - now.getTime()) / 1000);
  throw new HttpProblem(
    429,
    `This project has answered its ${quota} messages for this month. Questions are answered again from ${nextMonth.toISOString().slice(0, 10)}; search still works.`,
    undefined,
    { 'retry-after': String(seconds), 'ratelimit-remaining': '0' },
  );
}
