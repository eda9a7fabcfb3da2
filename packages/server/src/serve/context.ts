/** What every route needs: the project this server serves, its site index and the database. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProjectConfig } from '../config/projectConfig.js';
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
  /**
   * What docent.config.json sets for the project (name, prompt, plan, monthly quota); without the file, nothing:
   * the site's name, Docent's prompt, no quota.
   */
  settings: ProjectConfig = { allowedOrigins: [] };
  /** Where the server reports what it does (never request bodies or secrets). */
  log: (message: string) => void = () => undefined;

  constructor(
    readonly project: string,
    readonly site: SiteIndex,
    readonly db: Db,
    limits: Partial<Record<LimitedOperation, RateLimit>> = {},
  ) {
    const rules = { ...DEFAULT_LIMITS, ...limits };
    this.limiters = { messages: new RateLimiter(rules.messages), searches: new RateLimiter(rules.searches) };
  }

  /** Throws a 429 problem when the project has answered its monthly quota of messages. */
  requireQuota(): void {
    const quota = this.settings.monthlyMessages;
    if (quota === undefined) return;
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const { count } = this.db
      .prepare('SELECT count(*) AS count FROM messages JOIN conversations ON conversations.id = messages.conversation_id WHERE conversations.project = ? AND messages.created_at >= ?')
      .get(this.project, monthStart.toISOString()) as { count: number };
    if (count < quota) return;
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const seconds = Math.ceil((nextMonth.getTime() - now.getTime()) / 1000);
    throw new HttpProblem(
      429,
      `This project has answered its ${quota} messages for this month. Questions are answered again from ${nextMonth.toISOString().slice(0, 10)}; search still works.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
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
