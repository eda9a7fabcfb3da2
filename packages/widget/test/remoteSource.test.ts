/**
 * The connected source's requests and its error mapping, with canned responses (the end-to-end test in
 * connected.test.ts runs it against the real server; these cover what that server cannot be made to do, such as
 * a 429 or a stream that breaks off). Request bodies are checked against the contract, openapi.yaml.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertMatches } from '../../server/test/contract.js';
import { ReaderFacingError } from '../src/data/errors.js';
import { createRemoteSource, formatWait, retryAfterSeconds, type Fetch } from '../src/data/remoteSource.js';

interface Call {
  readonly url: string;
  readonly init: RequestInit;
}

function fakeFetch(respond: (call: Call) => Response | Promise<Response>): { fetch: Fetch; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (url, init) => {
      const call = { url, init };
      calls.push(call);
      return respond(call);
    },
  };
}

const problem = (status: number, detail: string, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, detail }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

const sse = (text: string): Response => new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });

const SOURCES = 'event: sources\ndata: {"conversation_id":"conv_a1","message_id":"msg_b2","citations":[{"number":1,"title":"Webhooks","url":"https://x.test/webhooks#retries","snippet":"s"}]}\n\n';
const DONE = 'event: done\ndata: {"conversation_id":"conv_a1","message_id":"msg_b2","answer":"Five times. [1]","answered":true,"citations":[{"number":1,"title":"Webhooks","url":"https://x.test/webhooks#retries","snippet":"s"}]}\n\n';

describe('requests', () => {
  test('search: the project’s search URL, as many sections as shown and three per page, no cookies, the server’s pages', async () => {
    const body = {
      query: 'retry',
      results: [{ url: 'https://x.test/webhooks#retries', title: 'Webhooks', heading: 'Retries', breadcrumb: ['Webhooks', 'Retries'], snippet: 'Retried five times.', score: 1 }],
      pages: [
        {
          url: 'https://x.test/webhooks',
          title: 'Webhooks',
          score: 1,
          sections: [
            { url: 'https://x.test/webhooks#retries', heading: 'Retries', heading_html: '<mark>Retries</mark>', breadcrumb: ['Webhooks', 'Retries'], snippet_html: '<mark>Retried</mark> five times.', score: 1 },
          ],
        },
      ],
    };
    assertMatches('SearchResults', body);
    const fake = fakeFetch(() => Response.json(body));
    const source = createRemoteSource('https://x.test/', 'acme-docs', { fetch: fake.fetch });
    const pages = await source.search('  retry ', { limit: 8, pathPrefix: '/guides/' });
    const url = new URL(fake.calls[0]?.url ?? '');
    assert.equal(url.origin + url.pathname, 'https://x.test/v1/projects/acme-docs/search');
    assert.deepEqual(Object.fromEntries(url.searchParams), { q: 'retry', limit: '8', per_page: '3', path: '/guides/' });
    assert.equal(fake.calls[0]?.init.credentials, 'omit');
    assert.deepEqual(pages, [
      {
        pageUrl: 'https://x.test/webhooks',
        pageTitle: 'Webhooks',
        score: 1,
        sections: [{ url: 'https://x.test/webhooks#retries', heading: 'Retries', headingHtml: '<mark>Retries</mark>', breadcrumb: ['Webhooks', 'Retries'], snippet: '<mark>Retried</mark> five times.', score: 1 }],
      },
    ]);
    assert.deepEqual(await source.search('   '), [], 'an empty query asks nothing');
    assert.equal(fake.calls.length, 1);
  });

  test('search: never more sections than the API gives', async () => {
    const fake = fakeFetch(() => Response.json({ query: 'x', results: [], pages: [] }));
    await createRemoteSource('https://x.test', 'acme-docs', { fetch: fake.fetch }).search('x', { limit: 80 });
    assert.equal(new URL(fake.calls[0]?.url ?? '').searchParams.get('limit'), '50');
  });

  test('ask: a JSON body matching MessageRequest, asking for a stream, continuing the given conversation', async () => {
    const fake = fakeFetch(() => sse(SOURCES + 'event: delta\ndata: {"text":"Five "}\n\nevent: delta\ndata: {"text":"times. [1]"}\n\n' + DONE));
    const source = createRemoteSource('https://x.test', 'acme-docs', { fetch: fake.fetch });
    const deltas: string[] = [];
    const starts: string[] = [];
    const answer = await source.ask('How often? ', { conversationId: 'conv_a1', onDelta: (text) => deltas.push(text), onStart: (start) => starts.push(start.messageId) });
    const { url, init } = fake.calls[0] ?? { url: '', init: {} };
    assert.equal(url, 'https://x.test/v1/projects/acme-docs/messages');
    assert.equal(init.method, 'POST');
    assert.equal(init.credentials, 'omit');
    assert.deepEqual(init.headers, { 'content-type': 'application/json', accept: 'text/event-stream' });
    const body = JSON.parse(String(init.body));
    assertMatches('MessageRequest', body);
    assert.deepEqual(body, { question: 'How often?', conversation_id: 'conv_a1' });
    assert.deepEqual(deltas, ['Five ', 'times. [1]']);
    assert.deepEqual(starts, ['msg_b2']);
    assert.equal(answer.markdown, 'Five times. [1]');
    assert.equal(answer.citations[0]?.title, 'Webhooks');
    await source.ask('New?');
    assert.deepEqual(JSON.parse(String(fake.calls[1]?.init.body)), { question: 'New?' }, 'no conversation_id starts a new conversation');
  });

  test('ask: a server that answers with JSON instead of a stream still gives the answer', async () => {
    const json = JSON.parse(DONE.split('data: ')[1] ?? '{}');
    const source = createRemoteSource('https://x.test', 'acme-docs', { fetch: fakeFetch(() => Response.json(json)).fetch });
    let started = '';
    const answer = await source.ask('How often?', { onStart: (start) => (started = start.conversationId) });
    assert.equal(answer.markdown, 'Five times. [1]');
    assert.equal(started, 'conv_a1');
  });

  test('feedback: a body matching FeedbackRequest, resolving with the receipt id', async () => {
    const fake = fakeFetch(() => Response.json({ id: 'fb_123' }, { status: 202 }));
    const source = createRemoteSource('https://x.test', 'acme-docs', { fetch: fake.fetch });
    const id = await source.sendFeedback?.({ target: { type: 'answer', messageId: 'msg_b2', url: 'https://x.test/guide' }, rating: 'up' });
    assert.equal(id, 'fb_123');
    assert.equal(fake.calls[0]?.url, 'https://x.test/v1/projects/acme-docs/feedback');
    const body = JSON.parse(String(fake.calls[0]?.init.body));
    assertMatches('FeedbackRequest', body);
    assert.deepEqual(body, { target: { type: 'answer', message_id: 'msg_b2', url: 'https://x.test/guide' }, rating: 'up' });
    await source.sendFeedback?.({ target: { type: 'answer', messageId: 'msg_b2', url: `https://x.test/${'a'.repeat(3000)}` }, rating: 'down' });
    const long = JSON.parse(String(fake.calls[1]?.init.body));
    assertMatches('FeedbackRequest', long);
    assert.equal(long.target.url, undefined, 'a page URL longer than the contract allows is left out');
  });
});

describe('errors', () => {
  const failWith = (response: () => Response) => createRemoteSource('https://x.test', 'acme-docs', { fetch: fakeFetch(response).fetch });

  test('a problem’s detail is what the reader sees', async () => {
    const source = failWith(() => problem(404, 'There is no project with the id acme-docs.'));
    await assert.rejects(source.search('x'), (error: unknown) => error instanceof ReaderFacingError && error.message === 'There is no project with the id acme-docs.' && error.status === 404);
    await assert.rejects(source.ask('x'), /There is no project/);
  });

  test('a 429 says when to try again, from Retry-After in seconds or as a date', async () => {
    await assert.rejects(failWith(() => problem(429, 'Slow down.', { 'retry-after': '30' })).ask('x'), (error: unknown) => {
      assert.ok(error instanceof ReaderFacingError);
      assert.equal(error.message, 'The assistant has received too many requests. Try again in 30 seconds.');
      assert.equal(error.retryAfterSeconds, 30);
      return true;
    });
    const date = new Date(Date.now() + 3 * 3600 * 1000).toUTCString();
    await assert.rejects(failWith(() => problem(429, 'Quota used up.', { 'retry-after': date })).search('x'), /Try again in 3 hours\./);
    await assert.rejects(failWith(() => problem(429, 'Slow down.')).search('x'), /Try again later\./);
  });

  test('Retry-After and the wait are read and rounded up', () => {
    assert.equal(retryAfterSeconds('120'), 120);
    assert.equal(retryAfterSeconds('Thu, 01 Jan 2026 00:01:00 GMT', Date.parse('2026-01-01T00:00:00Z')), 60);
    assert.equal(retryAfterSeconds('soon'), undefined);
    assert.equal(retryAfterSeconds(null), undefined);
    assert.equal(formatWait(1), 'in 1 second');
    assert.equal(formatWait(0), 'in 1 second');
    assert.equal(formatWait(61), 'in 2 minutes');
    assert.equal(formatWait(3600), 'in 1 hour');
    assert.equal(formatWait(9 * 86_400 + 1), 'in 10 days');
  });

  test('a network failure says the server cannot be reached', async () => {
    const source = createRemoteSource('https://x.test', 'acme-docs', {
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await assert.rejects(source.search('x'), (error: unknown) => error instanceof ReaderFacingError && /cannot be reached/.test(error.message));
    await assert.rejects(source.ask('x'), /cannot be reached/);
  });

  test('an error page that is not a problem names the status', async () => {
    const source = failWith(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await assert.rejects(source.search('x'), /could not complete the request \(HTTP 502\)/);
  });

  test('an error event after the stream started is the problem’s detail; deltas before it still arrived', async () => {
    const deltas: string[] = [];
    const source = failWith(() => sse(SOURCES + 'event: delta\ndata: {"text":"Five "}\n\nevent: error\ndata: {"type":"about:blank","title":"Internal Server Error","status":500,"detail":"The language model stopped responding."}\n\n'));
    await assert.rejects(source.ask('x', { onDelta: (text) => deltas.push(text) }), (error: unknown) => error instanceof ReaderFacingError && error.message === 'The language model stopped responding.' && error.status === 500);
    assert.deepEqual(deltas, ['Five ']);
  });

  test('a stream that ends without done, or breaks off, says the answer stopped', async () => {
    await assert.rejects(failWith(() => sse(SOURCES + 'event: delta\ndata: {"text":"Five "}\n\n')).ask('x'), /stopped before it was complete/);
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(SOURCES));
        controller.error(new TypeError('terminated'));
      },
    });
    const source = failWith(() => new Response(broken, { headers: { 'content-type': 'text/event-stream' } }));
    await assert.rejects(source.ask('x'), /stopped before it was complete/);
  });

  test('an answer with nothing from the server for the idle timeout stops with "Try again", not an endless spinner', async () => {
    // Like fetch: aborting the request's signal errors the body being read.
    const stalledAfterSources: Fetch = async (_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(SOURCES));
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    const started: string[] = [];
    const source = createRemoteSource('https://x.test', 'acme-docs', { idleTimeoutMs: 50, fetch: stalledAfterSources });
    await assert.rejects(source.ask('x', { onStart: (start) => started.push(start.messageId) }), /stopped before it was complete/);
    assert.deepEqual(started, ['msg_b2']);
    const silent = createRemoteSource('https://x.test', 'acme-docs', {
      idleTimeoutMs: 50,
      fetch: (_url, init) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    });
    await assert.rejects(silent.ask('x'), /stopped before it was complete/, 'no response at all is the same');
  });

  test('keep-alive comments count as signs of life', async () => {
    const encoder = new TextEncoder();
    const chunks = [SOURCES, ': keep-alive\n\n', ': keep-alive\n\n', ': keep-alive\n\n', 'event: delta\ndata: {"text":"Five times. [1]"}\n\n', DONE];
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(encoder.encode(next));
      },
    });
    const source = createRemoteSource('https://x.test', 'acme-docs', { idleTimeoutMs: 60, fetch: async () => new Response(slow, { headers: { 'content-type': 'text/event-stream' } }) });
    assert.equal((await source.ask('x')).markdown, 'Five times. [1]');
  });

  test('a malformed event or search response, or markup other than <mark> in a snippet, is refused with a readable error', async () => {
    await assert.rejects(failWith(() => sse('event: delta\ndata: {"text":\n\n')).ask('x'), /cannot read/);
    await assert.rejects(failWith(() => Response.json({ results: 'none' })).search('x'), /cannot read/);
    const marked = (snippetHtml: string): Response =>
      Response.json({ query: 'x', results: [], pages: [{ url: 'https://x.test/a', title: 'A', score: 1, sections: [{ url: 'https://x.test/a', heading: null, heading_html: null, breadcrumb: ['A'], snippet_html: snippetHtml, score: 1 }] }] });
    assert.equal((await failWith(() => marked('a <mark>x</mark>')).search('x')).length, 1);
    await assert.rejects(failWith(() => marked('a <img src=x onerror=alert(1)>')).search('x'), /cannot read/);
  });

  test('an aborted request is an AbortError, not a message for the reader', async () => {
    const controller = new AbortController();
    const source = createRemoteSource('https://x.test', 'acme-docs', {
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    });
    const pending = source.search('x', { signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, (error: unknown) => error instanceof Error && error.name === 'AbortError');
  });

  test('a question longer than the API accepts is refused before sending', async () => {
    const fake = fakeFetch(() => sse(DONE));
    const source = createRemoteSource('https://x.test', 'acme-docs', { fetch: fake.fetch });
    await assert.rejects(source.ask('a'.repeat(4001)), /too long: keep it under 4,000 characters/);
    assert.equal(fake.calls.length, 0);
  });
});
