/**
 * Connected mode: search, answers and feedback come from a Docent server's REST API (`api-url`). Answers stream
 * as server-sent events (`sources`, `delta`…, `done`) read from `fetch()`'s body, so the reader sees the text grow.
 * The project's widget settings (`getProject`) and the analytics events (`recordEvents`) go through here too.
 * No cookies are sent (`credentials: 'omit'`), and nothing but the API is called.
 */
import { projectEndpoint, type ApiFeedbackRequest, type ApiMessageRequest, type ApiSearchQuery } from '@docent/contract/api';
import { STRINGS } from '../strings.js';
import { isAbortError, ReaderFacingError } from './errors.js';
import { eventQueueFor } from './eventQueue.js';
import { readAnswer, readDelta, readSearchPages, readSources, toAnswer, toAnswerStart, toPageHit } from './remoteMapping.js';
import { readServerSettings, type ServerSettings } from './serverSettings.js';
import { readSse } from './sse.js';
import type { Answer, AskOptions, DataSource, Feedback, PageHit, SearchOptions } from './types.js';

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** Limits of the contract: longer values would only get a 400 or 422 back. */
export const MAX_QUERY_LENGTH = 500;
export const MAX_PATH_LENGTH = 300;
export const MAX_QUESTION_LENGTH = 4000;
const MAX_FEEDBACK_URL_LENGTH = 2048;
/** An answer with nothing from the server for this long has stalled: the reader gets "Try again" instead of a spinner. */
export const ANSWER_IDLE_TIMEOUT_MS = 60_000;
/** The API returns at most this many sections. */
const MAX_API_LIMIT = 50;
/** Sections under one page: the engine's default, as in static mode. */
const SECTIONS_PER_PAGE = 3;

// ---------------------------------------------------------------------------------------------
// Errors

/** `Retry-After` in seconds (it is either seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** `in 30 seconds`, `in 5 minutes`, `in 3 hours`, `in 2 days`: rounded up, so the reader never retries too early. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return STRINGS.waitFor(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return STRINGS.waitFor(Math.ceil(seconds / 60), 'minute');
  if (seconds < 86_400) return STRINGS.waitFor(Math.ceil(seconds / 3600), 'hour');
  return STRINGS.waitFor(Math.ceil(seconds / 86_400), 'day');
}

function problemDetail(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { detail, title } = body as { detail?: unknown; title?: unknown };
  if (typeof detail === 'string' && detail.trim() !== '') return detail.trim();
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : undefined;
}

/** The error for a response that is not a success: the problem's `detail`, or when to try again after a `429`. */
export async function errorFromResponse(response: Response): Promise<ReaderFacingError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined; // a proxy's HTML error page, say
  }
  if (response.status === 429) {
    const wait = retryAfterSeconds(response.headers.get('retry-after'));
    return new ReaderFacingError(STRINGS.tooManyRequests(wait === undefined ? undefined : formatWait(wait)), 429, wait);
  }
  return new ReaderFacingError(problemDetail(body) ?? STRINGS.serverError(response.status), response.status);
}

/** The error for a problem sent as an `error` event after the stream started. */
function errorFromEvent(data: string): ReaderFacingError {
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    body = undefined;
  }
  const status = typeof body === 'object' && body !== null ? (body as { status?: unknown }).status : undefined;
  return new ReaderFacingError(problemDetail(body) ?? STRINGS.answerInterrupted, typeof status === 'number' ? status : undefined);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ReaderFacingError(STRINGS.unreadableResponse);
  }
}

// ---------------------------------------------------------------------------------------------
// The source

export interface RemoteSourceOptions {
  /** For tests; the browser's `fetch` by default. */
  readonly fetch?: Fetch;
  /** For tests; `ANSWER_IDLE_TIMEOUT_MS` by default. */
  readonly idleTimeoutMs?: number;
}

interface Watchdog {
  /** Aborts when the caller aborts, or when nothing arrived for the idle timeout. */
  readonly signal: AbortSignal;
  /** True once the idle timeout fired. */
  readonly fired: boolean;
  /** Something arrived: the timeout starts again. */
  poke(): void;
  stop(): void;
}

/** (`AbortSignal.any` would do the combining, but Safari before 17.4 lacks it.) */
function watchdog(outer: AbortSignal | undefined, timeoutMs: number): Watchdog {
  const controller = new AbortController();
  let fired = false;
  const onOuterAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poke = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      fired = true;
      controller.abort();
    }, timeoutMs);
  };
  poke();
  return {
    signal: controller.signal,
    get fired() {
      return fired;
    },
    poke,
    stop() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/**
 * The project's widget settings, asked once per project and page: every element and every source of the page
 * shares the answer, and each bad setting warns once. A failed request leaves the attributes and defaults alone.
 */
const serverSettings = new Map<string, Promise<ServerSettings>>();

/** For tests. */
export function forgetServerSettings(): void {
  serverSettings.clear();
}

export function createRemoteSource(apiUrl: string, project: string, options: RemoteSourceOptions = {}): DataSource {
  const base = projectEndpoint(apiUrl, project);
  const fetcher: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const idleTimeoutMs = options.idleTimeoutMs ?? ANSWER_IDLE_TIMEOUT_MS;

  /** Sends a request; a network failure becomes "the server cannot be reached", an error status its problem. */
  async function request(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetcher(`${base}${path}`, { ...init, credentials: 'omit', mode: 'cors' });
    } catch (error) {
      if (isAbortError(error) || init.signal?.aborted) throw error;
      throw new ReaderFacingError(STRINGS.serverUnreachable);
    }
    if (!response.ok) throw await errorFromResponse(response);
    return response;
  }

  async function readJson(response: Response): Promise<unknown> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ReaderFacingError(STRINGS.serverUnreachable);
    }
    return parseJson(text);
  }

  /** Reads the answer's events: `sources` and each `delta` as they come, then resolves with `done`. */
  async function readStream(response: Response, ask: AskOptions, alive: Watchdog): Promise<Answer> {
    if (!response.body) throw new ReaderFacingError(STRINGS.unreadableResponse);
    try {
      for await (const event of readSse(response.body, alive.poke)) {
        // Each event's data is checked whether or not anyone listens to it.
        switch (event.event) {
          case 'sources': {
            const start = toAnswerStart(readSources(parseJson(event.data)));
            ask.onStart?.(start);
            break;
          }
          case 'delta': {
            const text = readDelta(parseJson(event.data));
            ask.onDelta?.(text);
            break;
          }
          case 'done':
            return toAnswer(readAnswer(parseJson(event.data)));
          case 'error':
            throw errorFromEvent(event.data);
          default:
          // Other events (a newer server's) are not for this widget.
        }
      }
    } catch (error) {
      if (error instanceof ReaderFacingError || isAbortError(error) || alive.signal.aborted) throw error;
      throw new ReaderFacingError(STRINGS.answerInterrupted); // the connection dropped mid-answer
    }
    throw new ReaderFacingError(STRINGS.answerInterrupted); // the stream ended without `done`
  }

  function settings(): Promise<ServerSettings> {
    let pending = serverSettings.get(base);
    if (!pending) {
      pending = request('', { headers: { accept: 'application/json' } })
        .then(readJson)
        .then((body) => readServerSettings(body))
        .catch((): ServerSettings => ({}));
      serverSettings.set(base, pending);
    }
    return pending;
  }

  return {
    async prepare() {
      // Searches and questions are one request each; only the project's settings are worth asking ahead.
      void settings();
    },

    settings,

    recordEvent(event) {
      eventQueueFor(`${base}/events`)?.record(event);
    },

    async search(query: string, searchOptions: SearchOptions = {}): Promise<readonly PageHit[]> {
      const text = query.trim().slice(0, MAX_QUERY_LENGTH);
      if (text === '') return [];
      const limit = Math.max(1, Math.floor(searchOptions.limit ?? 8));
      // The server groups by page and marks the query's words, as the engine does in static mode.
      const parameters: ApiSearchQuery = {
        q: text,
        limit: Math.min(MAX_API_LIMIT, limit),
        per_page: SECTIONS_PER_PAGE,
        ...(searchOptions.pathPrefix ? { path: searchOptions.pathPrefix.slice(0, MAX_PATH_LENGTH) } : {}),
      };
      const params = new URLSearchParams(Object.entries(parameters).map(([name, value]) => [name, String(value)]));
      const response = await request(`/search?${params}`, { headers: { accept: 'application/json' }, signal: searchOptions.signal });
      return readSearchPages(await readJson(response)).map(toPageHit);
    },

    async ask(question: string, ask: AskOptions = {}): Promise<Answer> {
      const text = question.trim();
      if (text.length > MAX_QUESTION_LENGTH) throw new ReaderFacingError(STRINGS.questionTooLong(MAX_QUESTION_LENGTH));
      const alive = watchdog(ask.signal, idleTimeoutMs);
      try {
        const response = await request('/messages', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ question: text, ...(ask.conversationId ? { conversation_id: ask.conversationId } : {}) } satisfies ApiMessageRequest),
          signal: alive.signal,
        });
        alive.poke();
        if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) return await readStream(response, ask, alive);
        // A server (or a proxy) that answered with JSON instead of a stream: the whole answer at once.
        const api = readAnswer(await readJson(response));
        const start = toAnswerStart(api);
        ask.onStart?.(start);
        return toAnswer(api);
      } catch (error) {
        if (alive.fired) throw new ReaderFacingError(STRINGS.answerInterrupted);
        throw error;
      } finally {
        alive.stop();
      }
    },

    async sendFeedback({ target, rating, comment }: Feedback): Promise<string> {
      const apiTarget: ApiFeedbackRequest['target'] =
        target.type === 'answer'
          ? { type: 'answer', message_id: target.messageId, ...(target.url && target.url.length <= MAX_FEEDBACK_URL_LENGTH ? { url: target.url } : {}) }
          : { type: 'page', url: target.url };
      const response = await request('/feedback', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ target: apiTarget, rating, ...(comment ? { comment } : {}) } satisfies ApiFeedbackRequest),
      });
      const receipt = await readJson(response);
      const id = typeof receipt === 'object' && receipt !== null ? (receipt as { id?: unknown }).id : undefined;
      if (typeof id !== 'string') throw new ReaderFacingError(STRINGS.unreadableResponse);
      return id;
    },
  };
}
