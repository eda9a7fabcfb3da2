import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { answerPieces } from '../src/serve/answers.js';
import { assertMatches } from './contract.js';
import { appOver, parseEvents, serveOver, type TestApp } from './helpers.js';

function page(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title} | Acme docs</title></head><body><main><article>${body}</article></main></body></html>`;
}

function writeSite(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page('Home', '<h1>Acme docs</h1><p>Welcome to the Acme widget documentation.</p>'));
  writeFileSync(
    path.join(dir, 'webhooks.html'),
    page(
      'Webhooks',
      '<h1>Webhooks</h1><p>Acme sends a webhook for every new order.</p><h2 id="retries">Retries</h2><p>Failed webhook deliveries are retried five times with exponential backoff. After the fifth failure the delivery is marked as failed.</p>',
    ),
  );
  writeFileSync(path.join(dir, '404.html'), page('Page not found', '<h1>Page not found</h1>'));
}

const MESSAGES = '/v1/projects/acme-docs/messages';

describe('sendMessage', () => {
  let site: string;
  let db: TestApp['db'];
  let app: FastifyInstance;
  let close: () => Promise<void>;

  before(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeSite(site);
    // Result URLs come from the public URL, never from the request's Host.
    ({ app, db, close } = await appOver(site, { publicUrl: 'http://docs.acme.test' }));
  });

  after(async () => {
    await close();
    rmSync(site, { recursive: true, force: true });
  });

  it('answers with a citation on every sentence, each linking to the cited words', async () => {
    const response = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How often are failed webhook deliveries retried?' }, headers: { host: 'docs.acme.test' } });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assertMatches('Answer', body);
    assert.equal(body.answered, true);
    assert.match(body.conversation_id, /^conv_[a-z0-9]+$/);
    assert.match(body.message_id, /^msg_[a-z0-9]+$/);
    for (const sentence of body.answer.split(/(?<=\]) /)) assert.match(sentence, /\[\d+\]$/);
    assert.match(body.citations[0].url, /^http:\/\/docs\.acme\.test\/webhooks#retries:~:text=/);
    assert.match(body.citations[0].snippet, /retried five times/);
  });

  it('says when the docs do not cover a question and lists the closest pages instead of guessing', async () => {
    const body = (await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'What is the capital of France?' } })).json();
    assertMatches('Answer', body);
    assert.equal(body.answered, false);
    assert.match(body.answer, /does not cover/);
  });

  it('continues a conversation, and refuses an unknown one with 422', async () => {
    const first = (await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'Does Acme send webhooks?' } })).json();
    const second = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are they retried?', conversation_id: first.conversation_id } });
    assert.equal(second.statusCode, 200);
    assert.equal(second.json().conversation_id, first.conversation_id);
    const count = db.prepare('SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?').get(first.conversation_id) as { n: number };
    assert.equal(count.n, 2);

    const unknown = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'Hello?', conversation_id: 'conv_nosuchthing' } });
    assert.equal(unknown.statusCode, 422);
    assertMatches('Problem', unknown.json());
    assert.deepEqual(unknown.json().errors.map((error: { pointer: string }) => error.pointer), ['/conversation_id']);
  });

  it('streams sources, then the answer piece by piece, then done; the pieces join into the answer', async () => {
    const response = await app.inject({
      method: 'POST',
      url: MESSAGES,
      payload: { question: 'How often are failed webhook deliveries retried?' },
      headers: { accept: 'text/event-stream' },
    });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /^text\/event-stream/);
    const events = parseEvents(response.body);
    assert.equal(events[0]?.event, 'sources');
    assert.equal(events.at(-1)?.event, 'done');
    const deltas = events.filter((item) => item.event === 'delta');
    assert.ok(deltas.length >= 2, 'the answer arrives in several pieces');
    const done = events.at(-1)?.data ?? {};
    assertMatches('Answer', done);
    assert.equal(deltas.map((item) => item.data.text).join(''), done.answer);
    assert.deepEqual(events[0]?.data.citations, done.citations);
    const streamed = (await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'webhook retries', stream: true } })).body;
    assert.equal(parseEvents(streamed).at(-1)?.event, 'done');
  });

  it('stores a question with markup verbatim and returns it as text, never as markup to run', async () => {
    const question = '<img src=x onerror=alert(1)> webhook retries [link](javascript:alert(1))';
    const body = (await app.inject({ method: 'POST', url: MESSAGES, payload: { question } })).json();
    const stored = db.prepare('SELECT question FROM messages WHERE id = ?').get(body.message_id) as { question: string };
    assert.equal(stored.question, question);
    assert.doesNotMatch(body.answer, /<img|javascript:/);
  });

  describe('rejects bad requests with a problem that says what to fix', () => {
    const cases: [string, Record<string, unknown>, number, RegExp][] = [
      ['no question', { body: {} }, 422, /\/question/],
      ['an empty question', { body: { question: '' } }, 422, /\/question/],
      ['a question over 4000 characters', { body: { question: 'a'.repeat(4001) } }, 422, /\/question/],
      ['an unknown property', { body: { question: 'Hi', temperature: 2 } }, 422, /\/temperature/],
      ['a stream flag that is not a boolean', { body: { question: 'Hi', stream: 'yes' } }, 422, /\/stream/],
      ['malformed JSON', { raw: '{"question": "Hi",' }, 400, /not valid JSON/],
      ['a body over 32 KiB', { raw: JSON.stringify({ question: 'a'.repeat(40_000) }) }, 413, /larger than 32 KiB/],
      ['a form instead of JSON', { raw: 'question=Hi', type: 'application/x-www-form-urlencoded' }, 415, /application\/json/],
    ];
    for (const [name, request, status, expected] of cases) {
      it(`${name}: ${status}`, async () => {
        const response = await app.inject({
          method: 'POST',
          url: MESSAGES,
          ...(request.raw !== undefined
            ? { payload: request.raw as string, headers: { 'content-type': (request.type as string) ?? 'application/json' } }
            : { payload: request.body as object }),
        });
        assert.equal(response.statusCode, status);
        assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
        const problem = response.json();
        assertMatches('Problem', problem);
        assert.match(JSON.stringify(problem), expected);
        assert.doesNotMatch(JSON.stringify(problem), /at .*\.(ts|js):\d+/);
      });
    }
  });
});

describe('answerPieces', () => {
  it('cuts an answer into pieces of a few words that join back exactly', () => {
    const answer = 'Failed deliveries are retried five times. [1]\n\nAfter that the delivery is marked failed. [1]';
    const pieces = answerPieces(answer, 3);
    assert.ok(pieces.length > 3);
    assert.equal(pieces.join(''), answer);
  });
});

describe('a stream over a real socket', () => {
  it('streams every event through to done over a real connection', async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeSite(site);
    const server = await serveOver(site);
    try {
      const response = await fetch(`${server.url}${MESSAGES}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ question: 'How often are failed webhook deliveries retried?' }),
        signal: AbortSignal.timeout(5000),
      });
      const events = parseEvents(await response.text());
      assert.equal(events[0]?.event, 'sources');
      assert.ok(events.filter((item) => item.event === 'delta').length >= 2);
      assert.equal(events.at(-1)?.event, 'done');
    } finally {
      await server.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('stops when the client goes away, and the server keeps answering', async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeSite(site);
    const server = await serveOver(site);
    try {
      const controller = new AbortController();
      const response = await fetch(`${server.url}${MESSAGES}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ question: 'How often are failed webhook deliveries retried?' }),
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      assert.match(first, /^event: sources/);
      controller.abort();
      const after = await fetch(`${server.url}${MESSAGES}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'webhook retries' }),
      });
      assert.equal(after.status, 200);
    } finally {
      await server.close();
      rmSync(site, { recursive: true, force: true });
    }
  });
});
