/**
 * The model path against a local OpenAI-compatible server started by the test on 127.0.0.1: the protocol,
 * streaming, citation mapping, the check of every statement against its sections (scripted answers that are
 * grounded, uncited, cite sections that were not retrieved, or say what the sections do not), no model call when
 * retrieval finds nothing good enough, and the extractive fallback when the model errors or times out.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { CustomPrompt } from '../src/projects/types.js';
import { analyticsReport } from '../src/analytics/report.js';
import { llmConfigFromEnv } from '../src/serve/llm.js';
import type { Store } from '../src/store/types.js';
import { assertMatches } from './contract.js';
import { appOver, parseEvents } from './helpers.js';

type Behaviour = 'answer' | 'uncited' | 'stray' | 'unsupported' | 'error' | 'silent' | 'break' | 'slow';

interface ModelCall {
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

/** What the model streams, piece by piece; [1] is the Retries section, [2] the Webhooks one. */
const SCRIPTS: Partial<Record<Behaviour, string[]>> = {
  answer: ['Failed deliveries are retried ', 'five times [1]. ', 'The retries use exponential backoff [1]. ', 'Acme sends a webhook for every order [2].'],
  uncited: ['Acme is the most reliable webhook platform there is. ', 'Failed deliveries are retried five times [1].'],
  stray: ['Webhooks are signed with a shared secret [7]. ', 'Failed deliveries are retried five times [1].'],
  unsupported: ['Acme deliveries never fail ', 'thanks to its global edge network [1].'],
};

/** A Chat Completions endpoint that streams a fixed answer, fails, stays silent or breaks off. */
function startModel(): Promise<{ server: Server; url: string; calls: ModelCall[]; behave(next: Behaviour): void; aborted: () => number }> {
  const calls: ModelCall[] = [];
  let behaviour: Behaviour = 'answer';
  let abortedCount = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      calls.push({ authorization: request.headers.authorization, body: JSON.parse(raw) });
      response.on('close', () => {
        if (!response.writableFinished) abortedCount += 1;
      });
      if (behaviour === 'error') return response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      if (behaviour === 'silent') return; // never answers
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const pieces = SCRIPTS[behaviour] ?? SCRIPTS.answer;
      const send = (at: number): void => {
        if (behaviour === 'break' && at === 2) return void response.destroy();
        if (at === pieces.length) return void response.end('data: [DONE]\n\n');
        response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: pieces[at] } }] })}\n\n`);
        setTimeout(() => send(at + 1), behaviour === 'slow' ? 300 : 5);
      };
      send(0);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, calls, behave: (next) => (behaviour = next), aborted: () => abortedCount }),
    ),
  );
}

const MESSAGES = '/v1/projects/acme-docs/messages';

describe('answers written by a model', () => {
  let model: Awaited<ReturnType<typeof startModel>>;
  let site: string;
  let store: Store;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const logged: string[] = [];

  /** Gives the project a custom prompt, or none; the next request reads it from the store. */
  async function setPrompt(prompt?: CustomPrompt): Promise<void> {
    const current = await store.getProject('acme-docs');
    assert.ok(current);
    const { id, createdAt, updatedAt, prompt: _previous, ...settings } = current;
    await store.updateProject(id, { ...settings, ...(prompt ? { prompt } : {}) });
  }

  before(async () => {
    model = await startModel();
    site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeFileSync(
      path.join(site, 'index.html'),
      '<!doctype html><title>Webhooks | Acme</title><main><h1>Webhooks</h1><p>Acme sends a webhook for every order.</p><h2 id="retries">Retries</h2><p>Failed webhook deliveries are retried five times with exponential backoff.</p></main>',
    );
    ({ app, store, close } = await appOver(site, {
      llm: { baseUrl: model.url, apiKey: 'test-key', model: 'docs-model', timeoutMs: 500 },
      logger: (message) => logged.push(message),
    }));
  });

  beforeEach(async () => {
    model.behave('answer');
    await setPrompt();
    logged.length = 0;
  });

  after(async () => {
    await close();
    model.server.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('calls the endpoint with the key, the model, streaming on, and the numbered sections', async () => {
    await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' } });
    const call = model.calls.at(-1)!;
    assert.equal(call.authorization, 'Bearer test-key');
    assert.equal(call.body.model, 'docs-model');
    assert.equal(call.body.stream, true);
    const prompt = call.body.messages.at(-1)!.content;
    assert.match(prompt, /\[1\] .*\n.*retried five times/);
    assert.match(call.body.messages[0]!.content, /End every sentence with the number/);
  });

  it("adds the project's instructions after Docent's rules, which stay", async () => {
    await setPrompt({ kind: 'instructions', text: 'Answer like a pirate.' });
    await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' } });
    const system = model.calls.at(-1)!.body.messages[0]!;
    assert.equal(system.role, 'system');
    assert.match(system.content, /End every sentence with the number[\s\S]*\n\nAnswer like a pirate\.$/);
  });

  it("sends the project's template alone, with the sections, the conversation and the question filled in", async () => {
    const first = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' } });
    await setPrompt({ kind: 'template', text: 'Use only these:\n{{context}}\nSo far:\n{{history}}\nQ: {{question}}' });
    // A question that looks like a placeholder stays as it is.
    await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'And are failed {{context}} webhook deliveries retried?', conversation_id: first.json().conversation_id } });
    const messages = model.calls.at(-1)!.body.messages;
    assert.equal(messages.length, 1);
    assert.equal(messages[0]!.role, 'user');
    const prompt = messages[0]!.content;
    assert.match(prompt, /^Use only these:\n\[1\] .*\n.*retried five times/);
    assert.match(prompt, /So far:\nQuestion: How are failed webhook deliveries retried\?\nAnswer: Failed deliveries are retried/);
    assert.match(prompt, /\nQ: And are failed \{\{context\}\} webhook deliveries retried\?$/);
    assert.doesNotMatch(prompt, /End every sentence with the number/);
  });

  it('streams the model answer and keeps only the cited sections as citations, numbers unchanged', async () => {
    const response = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' }, headers: { accept: 'text/event-stream' } });
    const events = parseEvents(response.body);
    // One delta per checked sentence, as each is complete.
    assert.deepEqual(events.map((item) => item.event), ['sources', 'delta', 'delta', 'delta', 'done']);
    const done = events.at(-1)!.data;
    assertMatches('Answer', done);
    assert.equal(done.answer, 'Failed deliveries are retried five times [1]. The retries use exponential backoff [1]. Acme sends a webhook for every order [2].');
    assert.equal(events.slice(1, -1).map((item) => item.data.text).join(''), done.answer);
    assert.deepEqual((done.citations as { number: number }[]).map((citation) => citation.number), [1, 2]);
    assert.equal(done.answered, true);
  });

  for (const [behaviour, leftOut] of [
    ['uncited', 'most reliable'],
    ['stray', 'shared secret'],
  ] as const) {
    it(`leaves out a sentence the sections do not back (${behaviour}), in the stream and in the stored answer`, async () => {
      model.behave(behaviour);
      const response = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' }, headers: { accept: 'text/event-stream' } });
      const events = parseEvents(response.body);
      const streamed = events.filter((item) => item.event === 'delta').map((item) => item.data.text).join('');
      assert.equal(streamed, 'Failed deliveries are retried five times [1].');
      assert.doesNotMatch(response.body, new RegExp(leftOut));
      const done = events.at(-1)!.data;
      assert.equal(done.answer, 'Failed deliveries are retried five times [1].');
      assert.deepEqual((done.citations as { number: number }[]).map((citation) => citation.number), [1]);
      const history = await store.recentTurns(done.conversation_id as string, 1);
      assert.equal(history[0]?.answer, 'Failed deliveries are retried five times [1].');
    });
  }

  it('answers "not covered" with the closest pages when nothing the model wrote is supported', async () => {
    model.behave('unsupported');
    const response = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' } });
    const body = response.json();
    assertMatches('Answer', body);
    assert.equal(body.answered, false);
    assert.match(body.answer, /^The documentation does not cover this question/);
    assert.doesNotMatch(body.answer, /edge network/);
    assert.ok(body.citations.length >= 1);
  });

  it('does not call the model when retrieval finds nothing good enough', async () => {
    const before = model.calls.length;
    const response = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'What is the best recipe for banana bread?' } });
    assert.equal(model.calls.length, before);
    assert.equal(response.json().answered, false);
  });

  it('counts checked and dropped statements of model answers in analytics', async () => {
    const since = new Date(Date.now() - 60_000);
    const report = async () => (await analyticsReport(store, 'acme-docs', since)).model_answers;
    const start = await report();
    model.behave('answer');
    await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' } });
    model.behave('uncited');
    await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' } });
    // Extractive answers (the model failed) are not model answers.
    model.behave('error');
    await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' } });
    const end = await report();
    assert.deepEqual(
      { answers: end.answers - start.answers, checked: end.statements_checked - start.statements_checked, dropped: end.statements_dropped - start.statements_dropped },
      { answers: 2, checked: 5, dropped: 1 },
    );
  });

  it('falls back to the extractive answer, with the reason logged, when the model fails', async () => {
    model.behave('error');
    const response = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' } });
    assert.equal(response.statusCode, 200);
    assertMatches('Answer', response.json());
    assert.match(response.json().answer, /retried five times with exponential backoff\. \[1\]/);
    assert.match(logged.join('\n'), /model failed.*answered 500/);
  });

  it('falls back when the model does not answer in time', async () => {
    model.behave('silent');
    const started = Date.now();
    const response = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' }, headers: { accept: 'text/event-stream' } });
    assert.ok(Date.now() - started < 3000);
    assert.equal(parseEvents(response.body).at(-1)?.event, 'done');
    assert.match(logged.join('\n'), /did not answer within 500 ms/);
  });

  it('stops the model when the reader goes away in the middle of an answer', async () => {
    model.behave('slow');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}${MESSAGES}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ question: 'How are failed webhook deliveries retried?' }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    const abortedBefore = model.aborted();
    controller.abort();
    for (let wait = 0; wait < 40 && model.aborted() === abortedBefore; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(model.aborted(), abortedBefore + 1);
  });

  it('ends the stream with an error event when the model breaks off mid-answer', async () => {
    model.behave('break');
    const response = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' }, headers: { accept: 'text/event-stream' } });
    const last = parseEvents(response.body).at(-1)!;
    assert.equal(last.event, 'error');
    assertMatches('Problem', last.data);
  });
});

describe('model settings', () => {
  it('are the base URL and the model, with an optional key, or none; a partial setting says what is missing', () => {
    assert.equal(llmConfigFromEnv({}), null);
    assert.throws(() => llmConfigFromEnv({ DOCENT_LLM_BASE_URL: 'http://127.0.0.1:1/v1' }), /set DOCENT_LLM_MODEL too, or unset DOCENT_LLM_BASE_URL/);
    assert.throws(() => llmConfigFromEnv({ DOCENT_LLM_API_KEY: 'k' }), /DOCENT_LLM_API_KEY is set but DOCENT_LLM_BASE_URL and DOCENT_LLM_MODEL are not/);
    assert.equal(llmConfigFromEnv({ DOCENT_LLM_BASE_URL: 'http://127.0.0.1:1/v1', DOCENT_LLM_MODEL: 'm' })?.apiKey, '');
    const config = llmConfigFromEnv({ DOCENT_LLM_BASE_URL: 'http://127.0.0.1:1/v1/', DOCENT_LLM_API_KEY: 'k', DOCENT_LLM_MODEL: 'm' });
    assert.equal(config?.baseUrl, 'http://127.0.0.1:1/v1');
  });
});
