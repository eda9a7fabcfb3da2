/**
 * `sendFeedback` and `recordEvents`: thumbs on pages and answers, and page views and widget events. Nothing here
 * identifies a visitor: no cookies, no IP address, no visitor id. `DNT: 1` or `Sec-GPC: 1` means no event is stored.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { dailyAllowance, limitsOf, withinAllowance } from '../app/limits.js';
import type { Services } from '../app/services.js';
import { HttpProblem } from '../serve/problem.js';
import { contractRoute } from './route.js';

type FeedbackTarget = { type: 'page'; url: string } | { type: 'answer'; message_id: string; url?: string };

interface FeedbackRequest {
  target: FeedbackTarget;
  rating: 'up' | 'down';
  comment?: string;
}

interface EventInput {
  type: string;
  url: string;
  timestamp: string;
  properties?: Record<string, unknown>;
}

function feedbackId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `fb_${[...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** True when the browser asks not to be tracked (Do Not Track or Global Privacy Control). */
export function optedOutOfTracking(headers: Record<string, string | string[] | undefined>): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

export function feedbackRoutes(app: FastifyInstance, services: Services): void {
  contractRoute(app, services, {
    operationId: 'sendFeedback',
    body: 'FeedbackRequest',
    async handler(request, reply) {
      const { project } = request.access;
      const limits = await limitsOf(services.store, project);
      await services.limits.take('feedback', project, limits, request, reply);
      const { target, rating, comment } = request.body as FeedbackRequest;
      if (target.type === 'answer' && !(await services.store.answerExists(project.id, target.message_id))) {
        throw new HttpProblem(422, 'The answer does not exist in this project. Send the message_id that sendMessage returned.', [
          { pointer: '/target/message_id', detail: `there is no answer ${target.message_id} in this project` },
        ]);
      }
      const id = feedbackId();
      const now = services.now();
      const row = { id, project: project.id, targetType: target.type, url: target.url ?? null, messageId: target.type === 'answer' ? target.message_id : null, rating, comment: comment ?? null };
      await withinAllowance(() => services.store.saveFeedback(row, dailyAllowance(limits, now)), now);
      return reply.code(202).send({ id });
    },
  });

  contractRoute(app, services, {
    operationId: 'recordEvents',
    body: 'EventsRequest',
    async handler(request, reply) {
      const { project } = request.access;
      const { events } = request.body as { events: EventInput[] };
      const limits = await limitsOf(services.store, project);
      // Counted even when nothing is stored, so the limit answers the same whatever the privacy headers say.
      await services.limits.take('events', project, limits, request, reply, events.length);
      if (optedOutOfTracking(request.headers)) return reply.code(202).send({ accepted: 0 });
      const rows = events.map((event) => ({ type: event.type, url: event.url, occurredAt: event.timestamp, properties: event.properties ?? null }));
      const now = services.now();
      await withinAllowance(() => services.store.saveEvents(project.id, rows, dailyAllowance(limits, now)), now);
      return reply.code(202).send({ accepted: events.length });
    },
  });
}
