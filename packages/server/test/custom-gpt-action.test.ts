/**
 * The Custom GPT Action as ChatGPT would call it: the request is built from website/static/openapi/custom-gpt.yaml
 * alone (its server, path, method, parameters, body schema and security scheme), with the test server's origin in
 * place of the example one, and sent to a private project with and without the key the file's `bearerAuth` asks for.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { assertMatches } from './contract.js';
import { appOver, keyWith, type TestApp } from './helpers.js';

const GPT_FILE = path.resolve(import.meta.dirname, '..', '..', '..', 'website', 'static', 'openapi', 'custom-gpt.yaml');
const PROJECT = 'acme-internal';

interface GptFile {
  servers: { url: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, { post?: { operationId: string; requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }>; schemas: Record<string, { required?: string[] }> };
}

describe('Custom GPT Action: the request its OpenAPI file describes', () => {
  const file = parse(readFileSync(GPT_FILE, 'utf8')) as GptFile;
  let dir: string;
  let test: TestApp;
  let base: string;
  let key: string;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-gpt-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Home | Acme</title><main><h1>Acme</h1><p>The public site.</p></main>');
    test = await appOver(dir, { project: 'acme-docs' });
    base = await test.server.listen(0, '127.0.0.1');
    await test.store.createProject(PROJECT, { name: 'Acme internal', public: false, allowedOrigins: [], widget: {}, limits: {} });
    key = await keyWith(test.store, PROJECT, ['chat']);
  });

  after(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The Action's one operation, as ChatGPT reads it from the file. */
  function actionRequest(withKey: boolean): { url: string; init: RequestInit } {
    const [template, item] = Object.entries(file.paths)[0] ?? [];
    assert.ok(template && item?.post, 'the file has one POST operation');
    assert.equal(item.post.operationId, 'sendMessage');
    const server = new URL(file.servers[0]?.url ?? '');
    const url = `${base}${server.pathname.replace(/\/$/, '')}${template.replace('{projectId}', PROJECT)}`;
    const [mediaType, content] = Object.entries(item.post.requestBody.content)[0] ?? [];
    const schemaName = content?.schema.$ref.split('/').pop() ?? '';
    assert.deepEqual(file.components.schemas[schemaName]?.required, ['question'], 'the Action sends only what the schema requires');
    const headers: Record<string, string> = { 'content-type': mediaType ?? '' };
    const [requirement] = file.security;
    const [schemeName] = Object.keys(requirement ?? {});
    const scheme = file.components.securitySchemes[schemeName ?? ''];
    assert.deepEqual({ type: scheme?.type, scheme: scheme?.scheme }, { type: 'http', scheme: 'bearer' }, 'API key auth of type Bearer, as the page tells to set it up');
    if (withKey) headers.authorization = `Bearer ${key}`;
    return { url, init: { method: 'POST', headers, body: JSON.stringify({ question: 'What is Acme?' }) } };
  }

  it('answers 200 with the key the file declares, in the shape of its Answer schema', async () => {
    const { url, init } = actionRequest(true);
    const response = await fetch(url, init);
    assert.equal(response.status, 200);
    assertMatches('Answer', await response.json());
  });

  it('answers 401 without it, with a problem that says what is missing', async () => {
    const { url, init } = actionRequest(false);
    const response = await fetch(url, init);
    assert.equal(response.status, 401);
    assert.match(response.headers.get('content-type') ?? '', /application\/problem\+json/);
    assert.match(((await response.json()) as { detail: string }).detail, /private: send Authorization: Bearer <key>/);
  });
});
