/**
 * `sendMessage`: a question in, an extractive answer with per-sentence citations out, as JSON or as server-sent
 * events (`sources`, `delta`…, `done`). The answer is stored before the response ends, so an acknowledged answer
 * is never lost; a client that disconnects mid-stream stops the stream.
 */
import { randomBytes } from 'node:crypto';
import { answer } from '@docent/engine';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerPieces, toApiAnswer, type ApiAnswer } from '../answers.js';
import type { ServerContext } from '../context.js';
import { operation, parametersSchema, schemaFor, type OpenApiDocument } from '../openapi.js';
import { HttpProblem } from '../problem.js';
import { routeOf } from './projects.js';

interface MessageRequest {
  question: string;
  conversation_id?: string;
  stream?: boolean;
}

/** `conv_` or `msg_` and 16 characters of a-z0-9. */
export function newId(prefix: 'conv' | 'msg'): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `${prefix}_${[...randomBytes(16)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

function wantsStream(request: FastifyRequest, body: MessageRequest): boolean {
  return body.stream === true || (request.headers.accept ?? '').includes('text/event-stream');
}

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

async function stream(request: FastifyRequest, reply: FastifyReply, result: ApiAnswer): Promise<void> {
  let closed = false;
  request.raw.on('close', () => {
    closed = true;
  });
  reply.hijack();
  const origin = reply.getHeader('access-control-allow-origin');
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    ...(origin ? { 'access-control-allow-origin': String(origin), vary: 'Origin' } : {}),
    ...Object.fromEntries(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((name) => [name, String(reply.getHeader(name) ?? '')]).filter(([, value]) => value)),
  });
  const { conversation_id, message_id, citations } = result;
  reply.raw.write(event('sources', { conversation_id, message_id, citations }));
  for (const text of answerPieces(result.answer)) {
    if (closed) return;
    reply.raw.write(event('delta', { text }));
    // Let the socket flush between pieces, as a model writing the answer would.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!closed) reply.raw.end(event('done', result));
}

export function messageRoutes(app: FastifyInstance, context: ServerContext, contract: OpenApiDocument): void {
  const send = operation(contract, 'sendMessage');
  app.post(
    routeOf(send.path),
    { schema: { params: parametersSchema(send.parameters, 'path'), body: schemaFor(contract, 'MessageRequest') } },
    async (request, reply) => {
      context.requireProject(request);
      context.limit('messages', request, reply);
      const body = request.body as MessageRequest;
      const conversation = body.conversation_id ?? newId('conv');
      if (body.conversation_id && !context.db.prepare('SELECT 1 FROM conversations WHERE id = ? AND project = ?').get(body.conversation_id, context.project)) {
        throw new HttpProblem(422, 'The conversation does not exist. Leave out conversation_id to start a new conversation.', [
          { pointer: '/conversation_id', detail: `there is no conversation ${body.conversation_id} in this project` },
        ]);
      }
      const origin = `${request.protocol}://${request.host}`;
      const result = toApiAnswer(answer(context.site.snapshot.index, body.question), origin, { conversation, message: newId('msg') });
      context.db.transaction(() => {
        if (!body.conversation_id) context.db.prepare('INSERT INTO conversations (id, project) VALUES (?, ?)').run(conversation, context.project);
        context.db
          .prepare('INSERT INTO messages (id, conversation_id, question, answer, answered, citations) VALUES (?, ?, ?, ?, ?, ?)')
          .run(result.message_id, conversation, body.question, result.answer, result.answered ? 1 : 0, JSON.stringify(result.citations));
      })();
      if (wantsStream(request, body)) return stream(request, reply, result);
      return result;
    },
  );
}
