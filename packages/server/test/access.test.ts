/**
 * Every rule of access the docs state, table-driven over the operations of openapi.yaml, against a real server on
 * 127.0.0.1 with real requests: each served operation × {no key, a malformed, unknown, revoked or expired key,
 * another project's key, a key with each scope} × {public project, private project}. The expected answer comes
 * from the rules as written in the REST API introduction, not from the server's own code; the operations come
 * from the contract, so a new operation joins the table by being added there.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generateKey } from '../src/access/keys.js';
import { SCOPES, type Scope } from '../src/access/scopes.js';
import { loadOpenApi, operations, type OperationInfo } from '../src/serve/openapi.js';
import type { ProjectSettings } from '../src/projects/types.js';
import type { Store } from '../src/store/types.js';
import { appOver, type TestApp } from './helpers.js';


/** The public operations, as the REST API introduction lists them. */
const PUBLIC_OPERATIONS = new Set(['getProject', 'searchProject', 'sendMessage', 'sendFeedback', 'recordEvents', 'getSourceFile']);

/** The scope each operation needs, as the introduction's scope table says. */
const SCOPE_OF: Record<string, Scope> = {
  getProject: 'project:read',
  searchProject: 'search',
  getSourceFile: 'search',
  sendMessage: 'chat',
  sendFeedback: 'feedback',
  recordEvents: 'feedback',
  getAnalytics: 'analytics:read',
  listSources: 'sources:read',
  addSource: 'sources:write',
  deleteSource: 'sources:write',
  syncProject: 'sync',
};

const PUBLIC_ID = 'acme-docs';
const PRIVATE_ID = 'acme-internal';
const OTHER_ID = 'other-docs';

/** A valid request for each operation of a project. */
function requestFor(operation: OperationInfo, project: string): { method: string; url: string; body?: unknown } {
  const url = operation.path.replace('{projectId}', project);
  switch (operation.access.operationId) {
    case 'searchProject':
      return { method: 'GET', url: `${url}?q=webhook` };
    case 'sendMessage':
      return { method: 'POST', url, body: { question: 'How often are webhooks retried?' } };
    case 'sendFeedback':
      return { method: 'POST', url, body: { target: { type: 'page', url: 'https://docs.acme.test/webhooks' }, rating: 'up' } };
    case 'addSource':
      // A loopback address: refused by the crawler without any traffic leaving the machine.
      return { method: 'POST', url, body: { type: 'url', url: 'http://127.0.0.1:9/' } };
    case 'deleteSource':
      return { method: 'DELETE', url: url.replace('{sourceId}', 'src_doesnotexist') };
    case 'getSourceFile':
      return { method: 'GET', url: url.replace('{sourceId}', 'src_doesnotexist').replace('{fileName}', 'manual.pdf') };
    case 'recordEvents':
      return { method: 'POST', url, body: { events: [{ type: 'page_view', url: 'https://docs.acme.test/', timestamp: '2026-11-01T10:00:00Z' }] } };
    default:
      return { method: operation.method.toUpperCase(), url };
  }
}

interface Case {
  label: string;
  key: (keys: Keys) => string | undefined;
  /** The expected status class for a public-project operation that needs `scope`. */
  expect: (operation: string, isPublicProject: boolean) => 'ok' | 401 | 403;
}

type Keys = Record<Scope, string> & { revoked: string; expired: string; otherProject: string; unknown: string };

const needsKeyAnyway = (operation: string, isPublicProject: boolean): boolean => !isPublicProject || !PUBLIC_OPERATIONS.has(operation);

const CASES: Case[] = [
  { label: 'no key', key: () => undefined, expect: (operation, isPublic) => (needsKeyAnyway(operation, isPublic) ? 401 : 'ok') },
  { label: 'a malformed key', key: () => 'not-a-docent-key', expect: () => 401 },
  { label: 'an unknown key', key: (keys) => keys.unknown, expect: () => 401 },
  { label: 'a revoked key', key: (keys) => keys.revoked, expect: () => 401 },
  { label: 'an expired key', key: (keys) => keys.expired, expect: () => 401 },
  { label: "another project's admin key", key: (keys) => keys.otherProject, expect: () => 403 },
  ...SCOPES.map(
    (scope): Case => ({
      label: `a key with the scope ${scope}`,
      key: (keys) => keys[scope],
      expect: (operation) => (scope === 'admin' || SCOPE_OF[operation] === scope ? 'ok' : 403),
    }),
  ),
];

async function makeKey(store: Store, project: string, scopes: Scope[], extra: { expiresAt?: string } = {}): Promise<string> {
  const { key, prefix, hash } = generateKey();
  await store.createKey({ prefix, hash, project, name: scopes.join(' '), scopes, memberEmail: null, expiresAt: extra.expiresAt ?? null });
  return key;
}

const settings = (name: string, isPublic: boolean): ProjectSettings => ({ name, public: isPublic, allowedOrigins: [], widget: {}, limits: {} });

describe('access control on every operation of openapi.yaml', () => {
  let site: string;
  let test: TestApp;
  let base: string;
  const keys = {} as Record<string, Keys>;
  const unlimited = { requests: 1_000_000, windowMs: 60_000 };

  before(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'docent-access-'));
    writeFileSync(
      path.join(site, 'index.html'),
      '<!doctype html><title>Webhooks | Acme docs</title><main><h1>Webhooks</h1><p>Failed webhook deliveries are retried five times.</p></main>',
    );
    test = await appOver(site, { project: PUBLIC_ID, limits: { messages: unlimited, searches: unlimited } });
    const { store } = test;
    await store.createProject(PRIVATE_ID, settings('Acme internal', false));
    await store.createProject(OTHER_ID, settings('Other docs', true));
    for (const project of [PUBLIC_ID, PRIVATE_ID]) {
      const byScope = {} as Record<Scope, string>;
      for (const scope of SCOPES) byScope[scope] = await makeKey(store, project, [scope]);
      const revoked = await makeKey(store, project, ['admin']);
      await store.revokeKey(revoked.slice(0, 13));
      keys[project] = {
        ...byScope,
        revoked,
        expired: await makeKey(store, project, ['admin'], { expiresAt: '2020-01-01T00:00:00.000Z' }),
        otherProject: await makeKey(store, OTHER_ID, ['admin']),
        unknown: generateKey().key,
      };
    }
    base = await test.server.listen(0, '127.0.0.1');
  });

  after(async () => {
    await test.close();
    rmSync(site, { recursive: true, force: true });
  });

  const contract = loadOpenApi();
  const served = operations(contract);

  it('the contract names the public operations and scopes the introduction lists', () => {
    for (const operation of served) {
      const id = operation.access.operationId;
      assert.equal(operation.access.anonymous, PUBLIC_OPERATIONS.has(id), `${id}: anonymous access`);
      assert.equal(operation.access.scope, SCOPE_OF[id], `${id}: scope`);
    }
    assert.deepEqual(served.map((operation) => operation.access.operationId).sort(), Object.keys(SCOPE_OF).sort());
  });

  for (const [projectLabel, project, isPublic] of [
    ['public', PUBLIC_ID, true],
    ['private', PRIVATE_ID, false],
  ] as const) {
    for (const operation of served) {
      const id = operation.access.operationId;
      it(`${id} on a ${projectLabel} project`, async () => {
        const failures: string[] = [];
        for (const testCase of CASES) {
          const request = requestFor(operation, project);
          const key = testCase.key(keys[project] as Keys);
          const headers: Record<string, string> = { accept: 'application/json' };
          if (key !== undefined) headers.authorization = `Bearer ${key}`;
          if (request.body !== undefined) headers['content-type'] = 'application/json';
          const response = await fetch(`${base}${request.url}`, { method: request.method, headers, ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}) });
          const text = await response.text();
          const expected = testCase.expect(id, isPublic);
          // Allowed: served past access control. deleteSource of a source that does not exist is 404, a second
          // syncProject while one runs is 409: both are answers of the operation itself.
          const ok = expected === 'ok' ? response.status < 500 && ![401, 403].includes(response.status) && (response.status < 300 || [404, 409].includes(response.status)) : response.status === expected;
          if (!ok) failures.push(`${testCase.label}: expected ${expected}, got ${response.status} ${text.slice(0, 200)}`);
          if (expected !== 'ok') {
            if (!/^application\/problem\+json/.test(response.headers.get('content-type') ?? '')) failures.push(`${testCase.label}: not problem+json`);
            const detail = (JSON.parse(text) as { detail?: string }).detail ?? '';
            if (detail.length < 20) failures.push(`${testCase.label}: the detail does not say what is missing: "${detail}"`);
            if (expected === 401 && !/^Bearer/.test(response.headers.get('www-authenticate') ?? '')) failures.push(`${testCase.label}: 401 without WWW-Authenticate: Bearer`);
          }
        }
        assert.deepEqual(failures, []);
      });
    }
  }

  it('the 401 and 403 details say what is missing', async () => {
    const analytics = `${base}/v1/projects/${PUBLIC_ID}/analytics`;
    const anonymous = await fetch(analytics);
    assert.match(((await anonymous.json()) as { detail: string }).detail, /getAnalytics needs an API key with the scope analytics:read/);
    const wrongScope = await fetch(analytics, { headers: { authorization: `Bearer ${keys[PUBLIC_ID]?.search}` } });
    assert.match(((await wrongScope.json()) as { detail: string }).detail, /needs the scope analytics:read, which the API key dk_\w+ does not have \(it has search\)/);
    const otherProject = await fetch(analytics, { headers: { authorization: `Bearer ${keys[PUBLIC_ID]?.otherProject}` } });
    assert.match(((await otherProject.json()) as { detail: string }).detail, /belongs to the project other-docs, not acme-docs/);
    const privateProject = await fetch(`${base}/v1/projects/${PRIVATE_ID}/search?q=webhook`);
    assert.match(((await privateProject.json()) as { detail: string }).detail, /acme-internal is private/);
    const expired = await fetch(analytics, { headers: { authorization: `Bearer ${keys[PUBLIC_ID]?.expired}` } });
    assert.match(((await expired.json()) as { detail: string }).detail, /expired on 2020-01-01/);
    assert.match(expired.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
  });

  it('an anonymous request from an origin the project does not allow gets 403; with a key it is served', async () => {
    const url = `${base}/v1/projects/${PUBLIC_ID}`;
    const foreign = await fetch(url, { headers: { origin: 'https://evil.example' } });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.headers.get('access-control-allow-origin'), null);
    const keyed = await fetch(url, { headers: { origin: 'https://evil.example', authorization: `Bearer ${keys[PUBLIC_ID]?.['project:read']}` } });
    assert.equal(keyed.status, 200);
    await test.store.updateProject(PUBLIC_ID, { ...settings('Acme docs', true), allowedOrigins: ['https://docs.acme.test'] });
    const allowed = await fetch(url, { headers: { origin: 'https://docs.acme.test' } });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://docs.acme.test');
  });

  it('a project that does not exist is 404 without a key, 403 with a key of another project', async () => {
    const missing = await fetch(`${base}/v1/projects/no-such-docs`);
    assert.equal(missing.status, 404);
    assert.match(((await missing.json()) as { detail: string }).detail, /no project with the id no-such-docs/);
    const keyed = await fetch(`${base}/v1/projects/no-such-docs`, { headers: { authorization: `Bearer ${keys[PUBLIC_ID]?.admin}` } });
    assert.equal(keyed.status, 403);
  });

  it('a member key takes the scopes of the role at each request', async () => {
    const { key, prefix, hash } = generateKey();
    await test.store.createProject('role-docs', settings('Role docs', false));
    await test.store.addMember({ project: 'role-docs', email: 'writer@example.com', role: 'viewer' }, { prefix, hash, project: 'role-docs', name: 'personal', scopes: [], memberEmail: 'writer@example.com', expiresAt: null });
    const get = (what: string) => fetch(`${base}/v1/projects/role-docs${what}`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal((await get('')).status, 200, 'a viewer reads the settings');
    assert.equal((await get('/analytics')).status, 200, 'a viewer reads analytics');
    assert.equal((await get('/search?q=x')).status, 403, 'a viewer does not search a private project');
    await test.store.updateMember('role-docs', 'writer@example.com', 'editor');
    assert.equal((await get('')).status, 403, 'an editor does not read settings');
    await test.store.updateMember('role-docs', 'writer@example.com', 'owner');
    assert.equal((await get('/search?q=x')).status, 200, 'an owner may do everything');
  });
});
