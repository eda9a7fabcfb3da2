/** What every route needs: the project this server serves, its site index and the database. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './database.js';
import type { LlmConfig } from './llm.js';
import { HttpProblem } from './problem.js';
import { DEFAULT_LIMITS, RateLimiter, rateLimitHeaders, visitorKey, type RateLimit } from './rateLimit.js';
import type { SiteIndex } from './siteIndex.js';

export type LimitedOperation = keyof typeof DEFAULT_LIMITS;

export class ServerContext {
  private readonly limiters: Record<LimitedOperation, RateLimiter>;

  /** The model that writes answers; null for extractive answers. */
  llm: LlmConfig | null = null;
  /** The project's own instructions for the model, added after Docent's. */
  customPrompt: string | undefined;
  /** Where the server reports what it does (never request bodies or secrets). */
  log: (message: string) => void = () => undefined;

  constructor(
    readonly project: string,
    readonly site: SiteIndex,
    readonly db: Db,
    limits: Record<LimitedOperation, RateLimit> = DEFAULT_LIMITS,
  ) {
    this.limiters = { messages: new RateLimiter(limits.messages), searches: new RateLimiter(limits.searches) };
  }

  /** Counts the request against the visitor's limit; over it, throws a 429 problem with Retry-After. */
  limit(operation: LimitedOperation, request: FastifyRequest, reply: FastifyReply): void {
    const decision = this.limiters[operation].take(visitorKey(request.ip));
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      const what = operation === 'messages' ? 'questions' : 'searches';
      throw new HttpProblem(429, `Too many ${what} from this visitor: ${decision.limit} are allowed per window. Try again in ${decision.resetSeconds} seconds.`, undefined, headers);
    }
    reply.headers(headers);
  }

  /** Throws a 404 problem unless the request's `projectId` is the served project. */
  requireProject(request: FastifyRequest): void {
    const { projectId } = request.params as { projectId: string };
    if (projectId !== this.project) {
      throw new HttpProblem(404, `There is no project with the id ${projectId}. This server serves the project ${this.project}.`);
    }
  }
}
