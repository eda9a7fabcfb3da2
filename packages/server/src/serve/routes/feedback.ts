/**
 * `sendFeedback` and `recordEvents`: thumbs on pages and answers, and page views and widget events. Nothing here
 * identifies a visitor: no cookies, no IP address, no visitor id. `DNT: 1` or `Sec-GPC: 1` means no event is stored.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { operation, parametersSchema, schemaFor, type OpenApiDocument } from '../openapi.js';
import { HttpProblem } from '../problem.js';
import { routeOf } from './projects.js';

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

export function feedbackRoutes(app: FastifyInstance, context: ServerContext, contract: OpenApiDocument): void {
  const send = operation(contract, 'sendFeedback');
  app.post(
    routeOf(send.path),
    { schema: { params: parametersSchema(send.parameters, 'path'), body: schemaFor(contract, 'FeedbackRequest') } },
    async (request, reply) => {
      context.requireProject(request);
      const { target, rating, comment } = request.body as FeedbackRequest;
      if (target.type === 'answer') {
        const known = context.db
          .prepare('SELECT 1 FROM messages JOIN conversations ON conversations.id = messages.conversation_id WHERE messages.id = ? AND conversations.project = ?')
          .get(target.message_id, context.project);
        if (!known) {
          throw new HttpProblem(422, 'The answer does not exist in this project. Send the message_id that sendMessage returned.', [
            { pointer: '/target/message_id', detail: `there is no answer ${target.message_id} in this project` },
          ]);
        }
      }
      const id = feedbackId();
      context.db
        .prepare('INSERT INTO feedback (id, project, target_type, url, message_id, rating, comment) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(id, context.project, target.type, target.url ?? null, target.type === 'answer' ? target.message_id : null, rating, comment ?? null);
      return reply.code(202).send({ id });
    },
  );

  const record = operation(contract, 'recordEvents');
  app.post(
    routeOf(record.path),
    { schema: { params: parametersSchema(record.parameters, 'path'), body: schemaFor(contract, 'EventsRequest') } },
    async (request, reply) => {
      context.requireProject(request);
      if (optedOutOfTracking(request.headers)) return reply.code(202).send({ accepted: 0 });
      const { events } = request.body as { events: EventInput[] };
      const insert = context.db.prepare('INSERT INTO events (project, type, url, occurred_at, properties) VALUES (?, ?, ?, ?, ?)');
      context.db.transaction(() => {
        for (const event of events) {
          insert.run(context.project, event.type, event.url, event.timestamp, event.properties ? JSON.stringify(event.properties) : null);
        }
      })();
      return reply.code(202).send({ accepted: events.length });
    },
  );
}
