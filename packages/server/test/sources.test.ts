/**
 * Web sources end to end: a real site served over HTTP on 127.0.0.1 by the test (pages, a sitemap, a gzip'd
 * sitemap index, robots.txt, a redirect chain, a page that changes and one that disappears), the server under test
 * crawling it with DOCENT_ALLOW_PRIVATE_NETWORKS on, and the four Sources operations exactly as openapi.yaml says.
 * One server without it proves the refusal of private addresses, a `localhost` name included.
 */
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { main } from '../src/cli.js';
import { assertMatches } from './contract.js';
import { adminKey, appOver, type TestApp } from './helpers.js';

const PROJECT = 'acme-docs';

/** The crawled site: its pages can change between syncs. */
class TestSite {
  server: Server;
  origin = '';
  pages = new Map<string, string>();
  requests: { path: string; userAgent: string }[] = [];

  constructor() {
    this.server = createHttpServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      this.requests.push({ path: url.pathname, userAgent: String(request.headers['user-agent']) });
      const redirect = /^\/hop\/(\d+)$/.exec(url.pathname);
      if (redirect) {
        const n = Number(redirect[1]);
        response.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/guides/webhooks' }).end();
        return;
      }
      if (url.pathname === '/robots.txt') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
        return;
      }
      if (url.pathname === '/sitemap-index.xml.gz') {
        const xml = `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${this.origin}/sitemap.xml</loc></sitemap></sitemapindex>`;
        response.writeHead(200, { 'content-type': 'application/gzip' }).end(gzipSync(xml));
        return;
      }
      if (url.pathname === '/sitemap.xml') {
        const locs = [...this.pages.keys(), '/private/secret'].map((page) => `<url><loc>${this.origin}${page}</loc></url>`).join('');
        response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
        return;
      }
      const page = this.pages.get(url.pathname);
      if (page === undefined) {
        response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title} | Acme API</title></head><body><nav>Menu</nav><main><h1>${title}</h1>${body}</main></body></html>`;
}

describe('web sources and sync', () => {
  let dir: string;
  let site: TestSite;
  let test: TestApp;
  let base: string;
  let key: string;
  const logged: string[] = [];

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-sources-'));
    const hosted = path.join(dir, 'hosted');
    mkdirSync(hosted);
    writeFileSync(path.join(hosted, 'index.html'), '<!doctype html><title>Home | Acme</title><main><h1>Acme</h1><p>The hosted site of Acme.</p></main>');
    site = new TestSite();
    site.pages.set('/guides/webhooks', page('Webhooks', '<p>Acme signs every webhook with an HMAC header.</p><h2 id="retries">Retries</h2><p>Failed webhook deliveries are retried seven times over two days.</p>'));
    site.pages.set('/guides/rate-limits', page('Rate limits', '<p>The Acme API allows 600 requests per minute per token.</p>'));
    site.pages.set('/guides/legacy', page('Legacy endpoints', '<p>The v1 endpoints of Acme are retired in March.</p>'));
    site.pages.set('/guides/hops', page('Hops', `<p>Read the <a href="/hop/6">webhooks page</a>.</p>`));
    await site.start();
    test = await appOver(hosted, { project: PROJECT, dbFile: path.join(dir, 'docent.db'), allowPrivateNetworks: true, crawl: { delayMs: 0, timeoutMs: 5000 }, logger: (line) => logged.push(line), pollMs: 100 });
    base = await test.server.listen(0, '127.0.0.1');
    key = await adminKey(test.store, PROJECT);
  });

  after(async () => {
    await test.close();
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const api = (pathname: string, init: RequestInit = {}) =>
    fetch(`${base}/v1/projects/${PROJECT}${pathname}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
  const sources = async () => ((await (await api('/sources')).json()) as { data: { id: string; status: string; document_count: number; error: string | null }[] }).data;
  async function untilSynced(): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      const all = await sources();
      if (all.length && all.every((source) => source.status === 'ready' || source.status === 'failed')) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`sources still syncing: ${JSON.stringify(await sources())}`);
  }
  const search = async (q: string) => ((await (await api(`/search?q=${encodeURIComponent(q)}`)).json()) as { results: { url: string; title: string }[] }).results;

  it('addSource answers 201 with a pending source and syncs it; the crawl obeys robots.txt and names itself', async () => {
    const response = await api('/sources', { method: 'POST', body: JSON.stringify({ type: 'sitemap', url: `${site.origin}/sitemap-index.xml.gz`, exclude: ['/guides/legacy'] }) });
    assert.equal(response.status, 201);
    const body = (await response.json()) as { id: string; status: string };
    assertMatches('Source', body);
    assert.match(body.id, /^src_[a-z0-9]+$/);
    await untilSynced();
    const [source] = await sources();
    assert.equal(source?.status, 'ready', JSON.stringify(source));
    assert.equal(source?.document_count, 3, 'webhooks, rate limits and hops; legacy excluded, /private/ disallowed by robots.txt');
    assert.ok(!site.requests.some((request) => request.path.startsWith('/private/')), 'robots.txt is obeyed');
    assert.ok(site.requests.every((request) => /^Docent\/\d+\.\d+\.\d+/.test(request.userAgent)), 'the user agent is Docent/<version>');
  });

  it('searchProject and sendMessage cite crawled pages by their own URLs, together with the hosted site', async () => {
    const results = await search('webhook deliveries retried');
    assert.equal(results[0]?.url, `${site.origin}/guides/webhooks#retries`);
    assert.equal(results[0]?.title, 'Webhooks');
    const hosted = await search('hosted site of Acme');
    assert.match(hosted[0]?.url ?? '', /\/$/);
    const answer = (await (await api('/messages', { method: 'POST', body: JSON.stringify({ question: 'How many times are failed webhook deliveries retried?' }) })).json()) as { answered: boolean; citations: { url: string }[] };
    assert.equal(answer.answered, true);
    assert.ok(answer.citations[0]?.url.startsWith(`${site.origin}/guides/webhooks#retries`), JSON.stringify(answer.citations));
  });

  it('a second sync re-indexes only the changed page and removes the one that disappeared; 409 while it runs', async () => {
    site.pages.set('/guides/rate-limits', page('Rate limits', '<p>The Acme API now allows 900 requests per minute per token.</p>'));
    site.pages.delete('/guides/hops');
    const started = await api('/sync', { method: 'POST' });
    assert.equal(started.status, 202);
    const sync = (await started.json()) as { id: string; status: string };
    assertMatches('Sync', sync);
    assert.equal(sync.status, 'running');
    const again = await api('/sync', { method: 'POST' });
    assert.equal(again.status, 409);
    await test.server.syncsIdle(PROJECT);
    const list = (await (await api('/sources')).json()) as { data: unknown[] };
    assertMatches('SourceList', list);
    const [source] = await test.store.listSources(PROJECT, 1);
    const counts = (source?.report ?? {}) as unknown as Record<string, number>;
    assert.deepEqual({ fetched: counts.fetched, added: counts.added, changed: counts.changed, unchanged: counts.unchanged, removed: counts.removed }, { fetched: 2, added: 0, changed: 1, unchanged: 1, removed: 1 });
    assert.equal((await search('900 requests per minute'))[0]?.url, `${site.origin}/guides/rate-limits`);
    assert.ok(!(await search('webhooks page hops')).some((result) => result.url.includes('/guides/hops')));
  });

  it('listSources pages with cursor; deleteSource removes the source and its content at once', async () => {
    const second = (await (await api('/sources', { method: 'POST', body: JSON.stringify({ type: 'url', url: `${site.origin}/guides/webhooks`, include_subpages: true, max_depth: 1 }) })).json()) as { id: string };
    await test.server.syncsIdle(PROJECT);
    const first = (await (await api('/sources?limit=1')).json()) as { data: { id: string }[]; next_cursor: string | null };
    assert.equal(first.data.length, 1);
    assert.ok(first.next_cursor);
    const rest = (await (await api(`/sources?limit=1&cursor=${first.next_cursor}`)).json()) as { data: { id: string }[]; next_cursor: string | null };
    assert.deepEqual(rest.data.map((source) => source.id), [second.id]);
    assert.equal(rest.next_cursor, null);
    assert.equal((await api('/sources?cursor=bogus')).status, 400);
    const [sitemap] = await sources();
    assert.equal((await api(`/sources/${sitemap?.id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await search('900 requests per minute')).filter((result) => result.url.startsWith(site.origin)).length, 0, 'answers stop citing it at once');
    assert.equal((await api(`/sources/${sitemap?.id}`, { method: 'DELETE' })).status, 404);
    assert.equal((await api('/sources', { method: 'POST', body: JSON.stringify({ type: 'github', repository: 'not a repository' }) })).status, 422);
    assert.equal((await api('/sources', { method: 'POST', body: JSON.stringify({ type: 'url', url: 'ftp://docs.acme.test/' }) })).status, 422);
    const form = new FormData();
    form.set('type', 'file');
    form.set('files', new Blob(['# Notes'], { type: 'text/markdown' }), 'notes.md');
    const upload = await fetch(`${base}/v1/projects/${PROJECT}/sources`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    assert.equal(upload.status, 201, 'an upload is a source of its own');
    const added = (await upload.json()) as { type: string; config: { files: { name: string; size: number; content_type: string }[] } };
    assert.deepEqual(added.config.files, [{ name: 'notes.md', size: 7, content_type: 'text/markdown' }]);
    const text = await fetch(`${base}/v1/projects/${PROJECT}/sources`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' }, body: 'notes' });
    assert.equal(text.status, 415, 'a body that is neither JSON nor multipart/form-data');
  });

  it('a restart builds the index from the database without crawling again', async () => {
    const before = site.requests.length;
    await test.close();
    test = await appOver(path.join(dir, 'hosted'), { project: PROJECT, dbFile: path.join(dir, 'docent.db'), allowPrivateNetworks: true, crawl: { delayMs: 0 }, pollMs: 100 });
    base = await test.server.listen(0, '127.0.0.1');
    assert.ok((await search('webhook deliveries retried')).some((result) => result.url.startsWith(`${site.origin}/guides/webhooks`)));
    assert.equal(site.requests.length, before, 'nothing was fetched');
  });

  it('docent source add, list, remove and sync --wait on the same database', async () => {
    const db = path.join(dir, 'docent.db');
    const run = async (...argv: string[]) => {
      let out = '';
      let err = '';
      const code = await main([...argv, '--db', db], { out: (text) => (out += text), err: (text) => (err += text) });
      return { code, out, err };
    };
    const added = await run('source', 'add', '--project', PROJECT, '--type', 'sitemap', '--url', `${site.origin}/sitemap.xml`, '--include', '/guides/**');
    assert.equal(added.code, 0, added.err);
    const id = added.out.trim();
    assert.match(id, /^src_/);
    assert.equal((await run('source', 'add', '--project', PROJECT, '--type', 'sitemap', '--url', `${site.origin}/s.xml`, '--subpages')).code, 2);
    assert.equal((await run('source', 'add', '--project', PROJECT, '--type', 'rss', '--url', `${site.origin}/s.xml`)).code, 2);
    await test.server.syncsIdle(PROJECT);
    const previous = process.env.DOCENT_ALLOW_PRIVATE_NETWORKS;
    process.env.DOCENT_ALLOW_PRIVATE_NETWORKS = 'true';
    let synced;
    try {
      // The server may be syncing the new source right now; --wait refuses then, so wait for it.
      for (let tries = 0; tries < 50; tries++) {
        synced = await run('sync', '--project', PROJECT, '--wait');
        if (synced.code === 0 || !/already running/.test(synced.err)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      if (previous === undefined) delete process.env.DOCENT_ALLOW_PRIVATE_NETWORKS;
      else process.env.DOCENT_ALLOW_PRIVATE_NETWORKS = previous;
    }
    assert.equal(synced?.code, 0, synced?.err);
    assert.match(synced?.out ?? '', new RegExp(`${id} ready: \\d+ fetched`));
    const listed = await run('source', 'list', '--project', PROJECT);
    assert.match(listed.out, new RegExp(`${id}\\s+sitemap\\s+ready`));
    assert.equal((await run('source', 'remove', '--project', PROJECT, id)).code, 0);
    assert.doesNotMatch((await run('source', 'list', '--project', PROJECT)).out, new RegExp(id));
  });

  it('without DOCENT_ALLOW_PRIVATE_NETWORKS, private and loopback addresses are refused, a localhost name included', async () => {
    const hosted = path.join(dir, 'hosted');
    const strict = await appOver(hosted, { project: PROJECT, dbFile: path.join(dir, 'strict.db'), crawl: { delayMs: 0 }, pollMs: 100 });
    try {
      const store = strict.store;
      const one = await store.addSource(PROJECT, { type: 'url', url: `${site.origin}/guides/webhooks` }, false);
      const two = await store.addSource(PROJECT, { type: 'sitemap', url: `http://localhost:${new URL(site.origin).port}/sitemap.xml` }, false);
      const requestsBefore = site.requests.length;
      await strict.server.syncs.start(PROJECT);
      await strict.server.syncsIdle(PROJECT);
      for (const id of [one.id, two.id]) {
        const source = await store.getSource(PROJECT, id);
        assert.equal(source?.status, 'failed');
        assert.match(source?.error ?? '', /DOCENT_ALLOW_PRIVATE_NETWORKS/);
        assert.match(source?.error ?? '', /127\.0\.0\.1|::1|loopback/);
      }
      assert.equal(site.requests.length, requestsBefore, 'no request reached the site');
    } finally {
      await strict.close();
    }
  });
});
