/**
 * `sendMessage`: a question in, an answer with per-sentence citations out, as JSON or as server-sent events
 * (`sources`, `delta`…, `done`, or `error`). With a model configured the model writes the answer from the
 * retrieved sections; without one, or when the model fails before its first word, the engine's extractive answer
 * goes out (the reason is logged). The answer is stored before the response ends, so an acknowledged answer is
 * never lost; a client that disconnects stops the stream and the model.
 */
import { randomBytes } from 'node:crypto';
import { answer, search, type Section } from '@docent/engine';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerPieces, toApiAnswer, type ApiAnswer, type ApiCitation } from '../answers.js';
import type { ServerContext } from '../context.js';
import { chatMessages, citedNumbers, streamAnswer } from '../llm.js';
import { operation, parametersSchema, schemaFor, type OpenApiDocument } from '../openapi.js';
import { HttpProblem, problemOf } from '../problem.js';
import { SECURITY_HEADER_NAMES } from '../securityHeaders.js';
import { routeOf } from './projects.js';

interface MessageRequest {
  question: string;
  conversation_id?: string;
  stream?: boolean;
}

interface Ids {
  conversation: string;
  message: string;
}

/** How many sections the model reads, and how many earlier turns. */
const MODEL_SECTIONS = 6;
const MODEL_HISTORY = 3;

/** `conv_` or `msg_` and 16 characters of a-z0-9. */
export function newId(prefix: 'conv' | 'msg'): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `${prefix}_${[...randomBytes(16)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Where the answer goes: a JSON body, or an event stream opened on first use. */
interface Output {
  sources(citations: ApiCitation[], ids: Ids): void;
  delta(text: string): Promise<void>;
  done(result: ApiAnswer): unknown;
  fail(detail: string): unknown;
  readonly closed: boolean;
}

function jsonOutput(): Output {
  return { sources: () => undefined, delta: async () => undefined, done: (result) => result, fail: (detail) => { throw new HttpProblem(502, detail); }, closed: false };
}

function streamOutput(request: FastifyRequest, reply: FastifyReply): Output {
  let closed = false;
  let open = false;
  // The response's close, not the request's: a request closes as soon as its body has been read.
  reply.raw.on('close', () => {
    closed = !reply.raw.writableFinished;
  });
  const start = (): void => {
    if (open) return;
    open = true;
    reply.hijack();
    const passOn = ['access-control-allow-origin', 'vary', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', ...SECURITY_HEADER_NAMES];
    const headers = Object.fromEntries(passOn.map((name) => [name, reply.getHeader(name)]).filter(([, value]) => value !== undefined).map(([name, value]) => [name, String(value)]));
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no', ...headers });
  };
  return {
    get closed() {
      return closed;
    },
    sources(citations, ids) {
      start();
      reply.raw.write(event('sources', { conversation_id: ids.conversation, message_id: ids.message, citations }));
    },
    async delta(text) {
      if (closed) return;
      reply.raw.write(event('delta', { text }));
      // Let the socket flush between pieces.
      await new Promise((resolve) => setImmediate(resolve));
    },
    done(result) {
      if (!closed) reply.raw.end(event('done', result));
      return reply;
    },
    fail(detail) {
      if (!closed) reply.raw.end(event('error', problemOf(502, detail, request.url)));
      return reply;
    },
  };
}

function store(context: ServerContext, question: string, result: ApiAnswer, isNew: boolean): void {
  context.db.transaction(() => {
    if (isNew) context.db.prepare('INSERT INTO conversations (id, project) VALUES (?, ?)').run(result.conversation_id, context.project);
    context.db
      .prepare('INSERT INTO messages (id, conversation_id, question, answer, answered, citations) VALUES (?, ?, ?, ?, ?, ?)')
      .run(result.message_id, result.conversation_id, question, result.answer, result.answered ? 1 : 0, JSON.stringify(result.citations));
  })();
}

/** The sections the model reads: the search's best sections for the question. */
function retrieve(context: ServerContext, question: string): Section[] {
  const { index } = context.site.snapshot;
  const byUrl = new Map(index.sections.map((section) => [section.url, section]));
  return search(index, question, { limit: MODEL_SECTIONS, maxSectionsPerPage: 2 })
    .flatMap((page) => page.sections)
    .map((hit) => byUrl.get(hit.url))
    .filter((section): section is Section => section !== undefined);
}

function citationOf(section: Section, number: number, origin: string): ApiCitation {
  const text = section.text.replace(/\s+/g, ' ').trim();
  return { number, title: section.pageTitle, url: `${origin}${section.url}`, snippet: text.length > 240 ? `${text.slice(0, 239)}…` : text || section.heading };
}

async function extractive(context: ServerContext, question: string, origin: string, ids: Ids, output: Output): Promise<ApiAnswer> {
  const result = toApiAnswer(answer(context.site.snapshot.index, question), origin, ids);
  output.sources(result.citations, ids);
  for (const text of answerPieces(result.answer)) await output.delta(text);
  return result;
}

/** The model's answer, or null when it failed before its first word (the caller falls back). */
async function written(context: ServerContext, body: MessageRequest, origin: string, ids: Ids, output: Output, signal: AbortSignal): Promise<ApiAnswer | null | 'failed'> {
  const llm = context.llm;
  if (!llm) return null;
  const sections = retrieve(context, body.question);
  const history = body.conversation_id
    ? (context.db
        .prepare('SELECT question, answer FROM messages WHERE conversation_id = ? ORDER BY created_at DESC LIMIT ?')
        .all(body.conversation_id, MODEL_HISTORY) as { question: string; answer: string }[]).reverse()
    : [];
  const pieces = streamAnswer(llm, chatMessages(body.question, sections, history, context.settings.prompt), signal);
  const citations = sections.map((section, position) => citationOf(section, position + 1, origin));
  let text = '';
  try {
    const first = await pieces.next();
    if (first.done) throw new Error('the model sent an empty answer');
    output.sources(citations, ids);
    text = first.value;
    await output.delta(first.value);
  } catch (error) {
    context.log(`the model failed, so this answer is extractive: ${(error as Error).message}`);
    return null;
  }
  try {
    for await (const piece of pieces) {
      text += piece;
      await output.delta(piece);
    }
  } catch (error) {
    context.log(`the model stopped in the middle of an answer: ${(error as Error).message}`);
    return 'failed';
  }
  const cited = citedNumbers(text, citations.length);
  return {
    conversation_id: ids.conversation,
    message_id: ids.message,
    answer: text,
    answered: cited.length > 0,
    citations: citations.filter((citation) => cited.includes(citation.number)),
  };
}

export function messageRoutes(app: FastifyInstance, context: ServerContext, contract: OpenApiDocument): void {
  const send = operation(contract, 'sendMessage');
  app.post(
    routeOf(send.path),
    { schema: { params: parametersSchema(send.parameters, 'path'), body: schemaFor(contract, 'MessageRequest') } },
    async (request, reply) => {
      context.requireProject(request);
      context.limit('messages', request, reply);
      context.requireQuota();
      const body = request.body as MessageRequest;
      if (body.conversation_id && !context.db.prepare('SELECT 1 FROM conversations WHERE id = ? AND project = ?').get(body.conversation_id, context.project)) {
        throw new HttpProblem(422, 'The conversation does not exist. Leave out conversation_id to start a new conversation.', [
          { pointer: '/conversation_id', detail: `there is no conversation ${body.conversation_id} in this project` },
        ]);
      }
      const ids: Ids = { conversation: body.conversation_id ?? newId('conv'), message: newId('msg') };
      const origin = `${request.protocol}://${request.host}`;
      const streaming = body.stream === true || (request.headers.accept ?? '').includes('text/event-stream');
      const output = streaming ? streamOutput(request, reply) : jsonOutput();
      const stop = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) stop.abort();
      });

      const fromModel = await written(context, body, origin, ids, output, stop.signal);
      if (fromModel === 'failed') return output.fail('The language model stopped in the middle of the answer. Ask again.');
      const result = fromModel ?? (await extractive(context, body.question, origin, ids, output));
      if (output.closed) return reply;
      store(context, body.question, result, !body.conversation_id);
      return output.done(result);
    },
  );
}
