/**
 * Connected mode end to end: the widget's remote source against the real Docent server (packages/server), started
 * on 127.0.0.1 over a small built site, through Node's own `fetch`. Nothing is mocked.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, type RunningServer } from '../../server/src/commands/serve.js';
import { ReaderFacingError } from '../src/data/errors.js';
import { sourceFor } from '../src/data/index.js';
import type { AnswerStart, DataSource } from '../src/data/types.js';

const PROJECT = 'acme-docs';
/** An answer that has not finished by then has stalled: fail instead of waiting for ever. */
const ANSWER_TIMEOUT_MS = 10_000;
const inTime = (): AbortSignal => AbortSignal.timeout(ANSWER_TIMEOUT_MS);

function page(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title} | Acme docs</title></head><body><main><article>${body}</article></main></body></html>`;
}

function writeSite(dir: string): void {
  mkdirSync(path.join(dir, 'guides'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page('Home', '<h1>Acme docs</h1><p>Welcome to the Acme widget documentation.</p>'));
  writeFileSync(
    path.join(dir, 'webhooks.html'),
    page(
      'Webhooks',
      '<h1>Webhooks</h1><p>Acme sends a webhook for every new order.</p>' +
        '<h2 id="retries">Retries</h2><p>Failed webhook deliveries are retried five times with exponential backoff. After the fifth failure the delivery is marked as failed.</p>' +
        '<h2 id="signing">Signing</h2><p>Every webhook carries a signature header, so you can check that the webhook comes from Acme.</p>',
    ),
  );
  writeFileSync(
    path.join(dir, 'guides', 'orders.html'),
    page('Orders', '<h1>Orders</h1><p>An order moves from open to paid to shipped.</p><h2 id="events">Order events</h2><p>Each change of an order sends a webhook to your endpoint.</p>'),
  );
  writeFileSync(path.join(dir, '404.html'), page('Page not found', '<h1>Page not found</h1>'));
}

/** `sendMessage` without a stream, straight to the API: setup for the tests that need answers to exist. */
async function askJson(serverUrl: string, question: string): Promise<unknown> {
  const response = await fetch(`${serverUrl}/v1/projects/${PROJECT}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  return response.json();
}

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('connected mode against the real server', { timeout: 60_000 }, () => {
  let site: string;
  let server: RunningServer;
  let source: DataSource;

  before(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'docent-widget-site-'));
    writeSite(site);
    server = await startServer(
      { site, project: PROJECT, port: 0, host: '127.0.0.1', db: path.join(site, '.docent', 'docent.db'), allowedOrigins: [] },
      () => undefined,
    );
    // The way the dialog gets it: `api-url` set means connected mode.
    source = sourceFor({ apiUrl: server.url, project: PROJECT, indexUrl: '/docent-index.json' });
  });

  after(async () => {
    await server?.close();
    rmSync(site, { recursive: true, force: true });
  });

  test('search: sections come back grouped under their page, best page first, query words marked', async () => {
    const pages = await source.search('webhook', { limit: 8 });
    assert.ok(pages.length >= 2, 'two pages mention webhooks');
    const urls = pages.map((hit) => hit.pageUrl);
    assert.equal(new Set(urls).size, urls.length, 'one group per page');
    const webhooks = pages.find((hit) => hit.pageUrl === `${server.url}/webhooks`);
    assert.ok(webhooks, `the webhooks page is among ${urls.join(', ')}`);
    assert.equal(webhooks.pageTitle, 'Webhooks');
    assert.ok(webhooks.sections.length >= 2, 'several sections of one page sit under it');
    assert.ok(webhooks.sections.length <= 3);
    for (const hit of pages) for (const section of hit.sections) assert.ok(section.url.startsWith(`${hit.pageUrl}#`) || section.url === hit.pageUrl);
    assert.ok(webhooks.sections.some((section) => section.url === `${server.url}/webhooks#retries`));
    assert.ok(webhooks.sections.every((section) => /<mark>webhook<\/mark>/i.test(section.snippet)), 'the query word is marked in every snippet');
    const filtered = await source.search('webhook', { limit: 8, pathPrefix: '/guides/' });
    assert.deepEqual(filtered.map((hit) => hit.pageUrl), [`${server.url}/guides/orders`]);
    assert.deepEqual(await source.search('zyxwvut'), []);
    const [retried] = await source.search('retries', { limit: 8 });
    assert.equal(retried?.sections[0]?.url, `${server.url}/webhooks#retries`);
    assert.equal(retried?.sections[0]?.headingHtml, '<mark>Retries</mark>', 'headings come marked too');
  });

  test('search: no more sections than asked for', async () => {
    const pages = await source.search('webhook', { limit: 2 });
    assert.equal(pages.reduce((sum, hit) => sum + hit.sections.length, 0), 2);
  });

  test('ask: the answer streams piece by piece, then resolves cited; the next question continues the conversation', async () => {
    const deltas: string[] = [];
    const starts: AnswerStart[] = [];
    const answer = await source.ask('How often are failed webhook deliveries retried?', {
      onStart: (start) => starts.push(start),
      onDelta: (text) => deltas.push(text),
      signal: inTime(),
    });
    assert.ok(deltas.length >= 2, `the answer arrived in ${deltas.length} pieces`);
    assert.equal(deltas.join(''), answer.markdown, 'the pieces join into the final answer');
    assert.equal(starts.length, 1);
    assert.match(starts[0]?.conversationId ?? '', /^conv_[a-z0-9]+$/);
    assert.match(starts[0]?.messageId ?? '', /^msg_[a-z0-9]+$/);
    assert.ok(answer.answered);
    assert.match(answer.markdown, /retried five times/);
    for (const sentence of answer.markdown.trim().split(/(?<=\])\s+/)) assert.match(sentence, /\[\d+\]$/, `"${sentence}" carries its citation`);
    const [citation] = answer.citations;
    assert.ok(citation);
    assert.equal(citation.number, 1);
    assert.equal(citation.title, 'Webhooks');
    assert.match(citation.url, new RegExp(`^${server.url}/webhooks#retries:~:text=`));
    assert.equal(citation.sectionUrl, `${server.url}/webhooks#retries`);
    assert.deepEqual(citation.breadcrumb, ['Webhooks']);
    assert.deepEqual(starts[0]?.citations, answer.citations, 'the sources sent ahead are the ones cited');

    const followUp: AnswerStart[] = [];
    await source.ask('How are webhooks signed?', { conversationId: starts[0]?.conversationId, onStart: (start) => followUp.push(start), signal: inTime() });
    assert.equal(followUp[0]?.conversationId, starts[0]?.conversationId);
    assert.notEqual(followUp[0]?.messageId, starts[0]?.messageId);
  });

  test('ask: a question the docs do not cover resolves unanswered, with the closest pages', async () => {
    const answer = await source.ask('What is the capital of France?', { signal: inTime() });
    assert.equal(answer.answered, false);
    assert.deepEqual(answer.citations, []);
    assert.ok(answer.closest.every((link) => link.url.startsWith(server.url)));
  });

  test('an unknown conversation id surfaces the server’s message', async () => {
    await assert.rejects(source.ask('Hello?', { conversationId: 'conv_nosuchthing', signal: inTime() }), (error: unknown) => {
      assert.ok(error instanceof ReaderFacingError);
      assert.equal(error.status, 422);
      assert.match(error.message, /^The conversation does not exist\./);
      return true;
    });
  });

  test('feedback on an answer is recorded; an unknown answer surfaces the server’s message', async () => {
    // An answer to rate, asked as a plain JSON request (the streamed path has its own test above).
    const { message_id: messageId } = (await askJson(server.url, 'How are webhooks signed?')) as { message_id: string };
    const id = await source.sendFeedback?.({ target: { type: 'answer', messageId, url: `${server.url}/guides/orders` }, rating: 'up' });
    assert.match(id ?? '', /^fb_/);
    await assert.rejects(
      source.sendFeedback?.({ target: { type: 'answer', messageId: 'msg_nosuchthing' }, rating: 'down' }) ?? Promise.resolve(),
      (error: unknown) => error instanceof ReaderFacingError && error.status === 422 && /answer does not exist/.test(error.message),
    );
  });

  test('another project’s id surfaces the server’s 404', async () => {
    const other = sourceFor({ apiUrl: server.url, project: 'other-docs', indexUrl: '/docent-index.json' });
    await assert.rejects(other.search('webhook'), /There is no project with the id other-docs/);
  });

  test('over the rate limit, the reader is told when to try again (Retry-After)', async () => {
    // A server of its own: its limiter starts empty and the other tests keep theirs.
    const limited = await startServer(
      { site, project: PROJECT, port: 0, host: '127.0.0.1', db: path.join(site, '.docent', 'limited.db'), allowedOrigins: [] },
      () => undefined,
    );
    try {
      let answered = 0;
      while (answered < 100 && ((await askJson(limited.url, 'webhook retries')) as { message_id?: string }).message_id) answered += 1;
      assert.ok(answered > 0 && answered < 100, `the limit took effect after ${answered} questions`);
      const remote = sourceFor({ apiUrl: limited.url, project: PROJECT, indexUrl: '/docent-index.json' });
      await assert.rejects(remote.ask('How often are webhooks retried?', { signal: inTime() }), (error: unknown) => {
        assert.ok(error instanceof ReaderFacingError);
        assert.equal(error.status, 429);
        assert.ok((error.retryAfterSeconds ?? 0) > 0, 'Retry-After was read');
        assert.match(error.message, /too many requests\. Try again in \d+ (second|minute)s?\.$/);
        return true;
      });
    } finally {
      await limited.close();
    }
  });

  test('a server that is not running cannot be reached', async () => {
    const offline = sourceFor({ apiUrl: `http://127.0.0.1:${await closedPort()}`, project: PROJECT, indexUrl: '/docent-index.json' });
    await assert.rejects(offline.search('webhook'), (error: unknown) => error instanceof ReaderFacingError && /cannot be reached/.test(error.message));
    await assert.rejects(offline.ask('Hello?'), /cannot be reached/);
  });
});
