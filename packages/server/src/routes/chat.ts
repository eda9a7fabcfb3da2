/**
 * `sendMessage`: a question in, an answer with per-sentence citations out, as JSON or as server-sent events
 * (`sources`, `delta`…, `done`, or `error`). With a model configured the model writes the answer from the
 * retrieved sections; without one, or when the model fails before its first word, the engine's extractive answer
 * goes out (the reason is logged). The answer is stored before the response ends, so an acknowledged answer is
 * never lost; a client that disconnects stops the stream and the model.
 */
import { randomBytes } from 'node:crypto';
import { answer, AnswerGrounding, notCovered, search, type Answer as EngineAnswer, type DocentIndex, type Section } from '@docent/engine';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerPieces, toApiAnswer, type ApiAnswer, type ApiCitation } from '../serve/answers.js';
import { limitsOf, reserveQuota } from '../app/limits.js';
import { linkTo } from '../app/urls.js';
import type { Services } from '../app/services.js';
import type { StoredAnswer } from '../store/types.js';
import type { Limits, Project } from '../projects/types.js';
import { chatMessages, streamAnswer } from '../serve/llm.js';
import { HttpProblem, problemOf } from '../serve/problem.js';
import { SECURITY_HEADER_NAMES } from '../serve/securityHeaders.js';
import { contractRoute } from './route.js';

export interface MessageRequest {
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
export interface Output {
  sources(citations: ApiCitation[], ids: Ids): void;
  delta(text: string): Promise<void>;
  done(result: ApiAnswer): unknown;
  fail(detail: string): unknown;
  readonly closed: boolean;
}

export function jsonOutput(): Output {
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

/** The sections the model reads: the search's best sections for the question. */
function retrieve(index: DocentIndex, question: string): Section[] {
  const byUrl = new Map(index.sections.map((section) => [section.url, section]));
  return search(index, question, { limit: MODEL_SECTIONS, maxSectionsPerPage: 2 })
    .flatMap((page) => page.sections)
    .map((hit) => byUrl.get(hit.url))
    .filter((section): section is Section => section !== undefined);
}

function citationOf(section: Section, number: number, origin: string): ApiCitation {
  const text = section.text.replace(/\s+/g, ' ').trim();
  return { number, title: section.pageTitle, url: linkTo(origin, section.url), snippet: text.length > 240 ? `${text.slice(0, 239)}…` : text || section.heading };
}

async function extractive(engineAnswer: EngineAnswer, origin: string, ids: Ids, output: Output): Promise<ApiAnswer> {
  const result = toApiAnswer(engineAnswer, origin, ids);
  output.sources(result.citations, ids);
  for (const text of answerPieces(result.answer)) await output.delta(text);
  return result;
}

/** What answering one question needs. */
interface Asked {
  services: Services;
  project: Project;
  index: DocentIndex;
  body: MessageRequest;
  /** The engine's answer to the question: the extractive answer, and the test of whether the docs cover it. */
  engineAnswer: EngineAnswer;
  origin: string;
  ids: Ids;
  output: Output;
}

/** An answer and, when a model wrote it, how many of its statements were checked and dropped. */
interface Written {
  result: ApiAnswer;
  statements?: StoredAnswer['statements'];
}

/**
 * The model's answer, checked statement by statement against the sections it cites (the engine's
 * AnswerGrounding): only supported statements reach the reader, as each is complete. Null when the model is not
 * asked (none configured, or retrieval found nothing good enough: the question is not covered) or failed before
 * its first word; the caller then answers extractively.
 */
async function written({ services, project, index, body, engineAnswer, origin, ids, output }: Asked, signal: AbortSignal): Promise<Written | null | 'failed'> {
  const { llm, log } = services;
  if (!llm) return null;
  const history = body.conversation_id ? await services.store.recentTurns(body.conversation_id, MODEL_HISTORY) : [];
  // A follow-up ("and on Windows?") may need the question before it to be understood.
  const withContext = history.length ? `${history.at(-1)?.question ?? ''} ${body.question}` : body.question;
  if (!engineAnswer.answered && (history.length === 0 || !answer(index, withContext).answered)) return null;
  const sections = retrieve(index, withContext);
  const pieces = streamAnswer(llm, chatMessages(body.question, sections, history, project.prompt), signal);
  const citations = sections.map((section, position) => citationOf(section, position + 1, origin));
  const grounding = new AnswerGrounding(sections.map((section) => `${section.heading}\n${section.text}`));
  const show = async (text: string): Promise<void> => {
    if (text) await output.delta(text);
  };
  try {
    const first = await pieces.next();
    if (first.done) throw new Error('the model sent an empty answer');
    output.sources(citations, ids);
    await show(grounding.push(first.value));
  } catch (error) {
    log(`the model failed, so this answer is extractive: ${(error as Error).message}`);
    return null;
  }
  try {
    for await (const piece of pieces) await show(grounding.push(piece));
  } catch (error) {
    log(`the model stopped in the middle of an answer: ${(error as Error).message}`);
    return 'failed';
  }
  await show(grounding.end());
  const checked = grounding.result();
  const statements = { checked: checked.checked, dropped: checked.dropped };
  if (checked.cited.length === 0) {
    // Nothing the model wrote stood up: the reader gets "not covered" and the pages that came closest.
    const closest = [...new Map(sections.map((section) => [section.pageUrl, { url: section.pageUrl, title: section.pageTitle }])).values()].slice(0, 5);
    const declined = toApiAnswer(notCovered(closest, 0), origin, ids);
    await show(declined.answer);
    return { result: declined, statements };
  }
  const result: ApiAnswer = {
    conversation_id: ids.conversation,
    message_id: ids.message,
    answer: checked.markdown,
    answered: true,
    citations: citations.filter((citation) => checked.cited.includes(citation.number)),
  };
  return { result, statements };
}

/** Stores the answer, turning the quota reservation into the message; a failed write is logged, not the reader's problem. */
async function keep(services: Services, project: Project, question: string, { result, statements }: Written, newConversation: boolean, reservation: string | null): Promise<boolean> {
  try {
    await services.store.saveAnswer(
      project.id,
      { conversationId: result.conversation_id, messageId: result.message_id, question, answer: result.answer, answered: result.answered, citations: result.citations, newConversation, ...(statements ? { statements } : {}) },
      reservation ?? undefined,
    );
    return true;
  } catch (error) {
    services.log(`could not store an answer of project ${project.id} (the reader still got it): ${(error as Error).message}`);
    return false;
  }
}

/** How a question ended: its stored answer, the model failing mid-answer, or the reader gone. */
export type Conversed = { answer: ApiAnswer } | { failed: string } | { closed: true };

/**
 * Answers a question of the project as sendMessage does, whoever asks (the API, an MCP client): the conversation
 * checked, the monthly quota reserved, the answer written by the model or the engine into `output`, then stored.
 */
export async function converse(services: Services, project: Project, limits: Limits, body: MessageRequest, output: Output, signal: AbortSignal): Promise<Conversed> {
  if (body.conversation_id && !(await services.store.conversationExists(project.id, body.conversation_id))) {
    throw new HttpProblem(422, 'The conversation does not exist. Leave out conversation_id to start a new conversation.', [
      { pointer: '/conversation_id', detail: `there is no conversation ${body.conversation_id} in this project` },
    ]);
  }
  const reservation = await reserveQuota(services.store, project, limits, services.now());
  let kept = false;
  try {
    const ids: Ids = { conversation: body.conversation_id ?? newId('conv'), message: newId('msg') };
    const index = services.content(project.id).index;
    const asked: Asked = { services, project, index, body, engineAnswer: answer(index, body.question), origin: services.publicBase(), ids, output };
    const fromModel = await written(asked, signal);
    if (fromModel === 'failed') return { failed: 'The language model stopped in the middle of the answer. Ask again.' };
    const reply = fromModel ?? { result: await extractive(asked.engineAnswer, asked.origin, ids, output) };
    if (output.closed) return { closed: true };
    kept = await keep(services, project, body.question, reply, !body.conversation_id, reservation);
    return { answer: reply.result };
  } finally {
    // A question that got no stored answer does not use the quota.
    if (reservation && !kept) await services.store.releaseReservation(reservation).catch((error: Error) => services.log(`could not release a quota reservation: ${error.message}`));
  }
}

export function chatRoutes(app: FastifyInstance, services: Services): void {
  contractRoute(app, services, {
    operationId: 'sendMessage',
    body: 'MessageRequest',
    async handler(request, reply) {
      const { project } = request.access;
      const limits = await limitsOf(services.store, project);
      await services.limits.take('messages', project, limits, request, reply);
      const body = request.body as MessageRequest;
      const streaming = body.stream === true || (request.headers.accept ?? '').includes('text/event-stream');
      const output = streaming ? streamOutput(request, reply) : jsonOutput();
      const stop = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) stop.abort();
      });
      const outcome = await converse(services, project, limits, body, output, stop.signal);
      if ('failed' in outcome) return output.fail(outcome.failed);
      if ('closed' in outcome) return reply;
      return output.done(outcome.answer);
    },
  });
}
