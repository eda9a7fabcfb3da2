/**
 * A NUL character (U+0000) is refused where requests come in, with the same problem on SQLite and on PostgreSQL
 * (whose text columns cannot hold it): in a JSON body, a query string, a path parameter and an uploaded file's
 * name. Nothing is stored, and the same request without it succeeds. Runs on PostgreSQL too in `npm test`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { adminKey, appOver, type TestApp } from './helpers.js';

interface Problem {
  status: number;
  detail: string;
  errors?: { pointer: string; detail: string }[];
}

describe('a NUL character in a request', () => {
  let site: string;
  let test: TestApp;
  let base: string;
  let key: string;

  before(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'docent-nul-'));
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Webhooks | Acme docs</title><main><h1>Webhooks</h1><p>Failed webhook deliveries are retried five times.</p></main>');
    test = await appOver(site);
    base = await test.app.listen({ host: '127.0.0.1', port: 0 });
    key = await adminKey(test.store, 'acme-docs');
  });

  after(async () => {
    await test.close();
    rmSync(site, { recursive: true, force: true });
  });

  async function problemOf(response: Response): Promise<Problem> {
    assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
    return (await response.json()) as Problem;
  }

  function ask(question: string): Promise<Response> {
    return fetch(`${base}/v1/projects/acme-docs/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question }) });
  }

  it('in a question is a 422 naming the field, and the question without it is answered and stored', async () => {
    const refused = await ask('How often are webhooks\u0000 retried?');
    assert.equal(refused.status, 422);
    const problem = await problemOf(refused);
    assert.match(problem.detail, /NUL character \(U\+0000/);
    assert.deepEqual(problem.errors, [{ pointer: '/question', detail: 'contains U+0000' }]);

    const answered = await ask('How often are webhooks retried?');
    assert.equal(answered.status, 200);
    const analytics = await fetch(`${base}/v1/projects/acme-docs/analytics`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(((await analytics.json()) as { questions: number }).questions, 1, 'only the question without NUL was stored');
  });

  it('in a nested value or a key of a JSON body names where it is', async () => {
    const response = await fetch(`${base}/v1/projects/acme-docs/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target: { type: 'page', url: 'https://docs.acme.test/\u0000' }, rating: 'up' }),
    });
    assert.equal(response.status, 422);
    assert.deepEqual((await problemOf(response)).errors?.[0]?.pointer, '/target/url');

    const inKey = await fetch(`${base}/v1/projects/acme-docs/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"events":[],"a\\u0000":1}' });
    assert.equal(inKey.status, 422);
    assert.deepEqual((await problemOf(inKey)).errors?.[0]?.pointer, '/a\u0000');
  });

  it('in a query string or a path is a 400', async () => {
    const search = await fetch(`${base}/v1/projects/acme-docs/search?q=webhook%00`);
    assert.equal(search.status, 400);
    assert.deepEqual((await problemOf(search)).errors?.[0]?.pointer, '/q');
    assert.equal((await fetch(`${base}/v1/projects/acme-docs/search?q=webhook`)).status, 200);

    const file = await fetch(`${base}/v1/projects/acme-docs/sources/src_abc/files/guide%00.pdf`);
    assert.equal(file.status, 400);
    await problemOf(file);
  });

  it('in an uploaded file name is a 422, and no source is added', async () => {
    const form = new FormData();
    form.append('type', 'file');
    form.append('files', new Blob(['# Guide\n\nText.'], { type: 'text/markdown' }), 'gui\u0000de.md');
    const response = await fetch(`${base}/v1/projects/acme-docs/sources`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    assert.equal(response.status, 422);
    assert.deepEqual((await problemOf(response)).errors?.[0]?.pointer, '/files');
    const sources = (await (await fetch(`${base}/v1/projects/acme-docs/sources`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: unknown[] };
    assert.equal(sources.data.length, 0);
  });
});
