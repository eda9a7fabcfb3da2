/**
 * `sendFeedback` and `recordEvents`: thumbs on pages and answers, and page views and widget events. Nothing here
 * identifies a visitor: no cookies, no IP address, no visitor id. `DNT: 1` or `Sec-GPC: 1` means no event is stored.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
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
      const { target, rating, comment } = request.body as FeedbackRequest;
      if (target.type === 'answer' && !(await services.store.answerExists(project.id, target.message_id))) {
        throw new HttpProblem(422, 'The answer does not exist in this project. Send the message_id that sendMessage returned.', [
          { pointer: '/target/message_id', detail: `there is no answer ${target.message_id} in this project` },
        ]);
      }
      const id = feedbackId();
      await services.store.saveFeedback({
        id,
        project: project.id,
        targetType: target.type,
        url: target.url ?? null,
        messageId: target.type === 'answer' ? target.message_id : null,
        rating,
        comment: comment ?? null,
      });
      return reply.code(202).send({ id });
    },
  });

  contractRoute(app, services, {
    operationId: 'recordEvents',
    body: 'EventsRequest',
    async handler(request, reply) {
      if (optedOutOfTracking(request.headers)) return reply.code(202).send({ accepted: 0 });
      const { events } = request.body as { events: EventInput[] };
      await services.store.saveEvents(
        request.access.project.id,
        events.map((event) => ({ type: event.type, url: event.url, occurredAt: event.timestamp, properties: event.properties ?? null })),
      );
      return reply.code(202).send({ accepted: events.length });
    },
  });
}
