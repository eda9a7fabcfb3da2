/**
 * The model path against a local OpenAI-compatible server started by the test on 127.0.0.1: the protocol,
 * streaming, citation mapping, and the extractive fallback when the model errors or times out.
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
import { citedNumbers, llmConfigFromEnv } from '../src/serve/llm.js';
import type { Store } from '../src/store/types.js';
import { assertMatches } from './contract.js';
import { appOver, parseEvents } from './helpers.js';

type Behaviour = 'answer' | 'error' | 'silent' | 'break' | 'slow';

interface ModelCall {
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

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
      const pieces = ['Failed deliveries are retried ', 'five times [1]. ', 'Each retry waits longer [1]. ', 'Orders send a webhook [2].'];
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
    const first = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'Does Acme send webhooks?' } });
    await setPrompt({ kind: 'template', text: 'Use only these:\n{{context}}\nSo far:\n{{history}}\nQ: {{question}}' });
    // A question that looks like a placeholder stays as it is.
    await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'And the {{context}} retries?', conversation_id: first.json().conversation_id } });
    const messages = model.calls.at(-1)!.body.messages;
    assert.equal(messages.length, 1);
    assert.equal(messages[0]!.role, 'user');
    const prompt = messages[0]!.content;
    assert.match(prompt, /^Use only these:\n\[1\] .*\n.*retried five times/);
    assert.match(prompt, /So far:\nQuestion: Does Acme send webhooks\?\nAnswer: Failed deliveries are retried/);
    assert.match(prompt, /\nQ: And the \{\{context\}\} retries\?$/);
    assert.doesNotMatch(prompt, /End every sentence with the number/);
  });

  it('streams the model answer and keeps only the cited sections as citations, numbers unchanged', async () => {
    const response = await app.inject({ method: 'POST', url: MESSAGES, payload: { question: 'How are failed webhook deliveries retried?' }, headers: { accept: 'text/event-stream' } });
    const events = parseEvents(response.body);
    assert.deepEqual(events.map((item) => item.event), ['sources', 'delta', 'delta', 'delta', 'delta', 'done']);
    const done = events.at(-1)!.data;
    assertMatches('Answer', done);
    assert.equal(done.answer, 'Failed deliveries are retried five times [1]. Each retry waits longer [1]. Orders send a webhook [2].');
    assert.deepEqual((done.citations as { number: number }[]).map((citation) => citation.number), [1, 2]);
    assert.equal(done.answered, true);
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

  it('citations are the section numbers an answer uses, in order, within range', () => {
    assert.deepEqual(citedNumbers('A [2]. B [1]. C [2]. D [9].', 3), [2, 1]);
  });
});
