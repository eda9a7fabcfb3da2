/**
 * Scheduled sync: each source is synced again once its own `sync_interval` has passed, else the project's, by the
 * running server, on a clock the test moves; a real site on 127.0.0.1 counts what the crawler fetches.
 */
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../src/cli.js';
import { ConfigError, parseDocentConfig } from '../src/config/docentConfig.js';
import { assertMatches } from './contract.js';
import { adminKey, appOver, type TestApp } from './helpers.js';

const PROJECT = 'acme-docs';
const MINUTE = 60_000;

function html(title: string, text: string): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

describe('scheduled sync', () => {
  let dir: string;
  let site: Server;
  let origin: string;
  let test: TestApp;
  let key: string;
  let base: string;
  let now = Date.parse('2026-03-02T08:00:00.000Z');
  const hits = new Map<string, number>();

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-schedule-'));
    const hosted = path.join(dir, 'hosted');
    mkdirSync(hosted);
    writeFileSync(path.join(hosted, 'index.html'), html('Home', 'The hosted site.'));
    site = createHttpServer((request, response) => {
      const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
      if (pathname === '/changelog') response.writeHead(200, { 'content-type': 'text/html' }).end(html('Changelog', 'Version 4 adds webhooks.'));
      else if (pathname === '/guide') response.writeHead(200, { 'content-type': 'text/html' }).end(html('Guide', 'Install the agent first.'));
      else if (pathname === '/sitemap.xml') response.writeHead(200, { 'content-type': 'application/xml' }).end(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/guide</loc></url></urlset>`);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const address = site.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // As docent.config.json says it: the changelog every 10 minutes, everything else every hour.
    const config = parseDocentConfig({
      projects: [
        {
          id: PROJECT,
          name: 'Acme docs',
          settings: { sync_interval: '1h' },
          sources: [
            { type: 'url', url: `${origin}/changelog`, sync_interval: '10m' },
            { type: 'sitemap', url: `${origin}/sitemap.xml` },
          ],
        },
      ],
    });
    test = await appOver(hosted, { project: PROJECT, dbFile: path.join(dir, 'docent.db'), config, clock: () => new Date(now), allowPrivateNetworks: true, crawl: { delayMs: 0, timeoutMs: 5000 }, pollMs: 50, logger: () => undefined });
    base = await test.server.listen(0, '127.0.0.1');
    key = await adminKey(test.store, PROJECT);
  });

  after(async () => {
    await test.close();
    await new Promise((resolve) => site.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const api = (pathname: string, init: RequestInit = {}) =>
    fetch(`${base}/v1/projects/${PROJECT}${pathname}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
  const fetched = () => ({ changelog: hits.get('/changelog') ?? 0, sitemap: hits.get('/sitemap.xml') ?? 0 });

  /** Waits until `expected` is what the crawler has fetched, then a few polls more, to see that nothing else follows. */
  async function settlesAt(expected: { changelog: number; sitemap: number }): Promise<void> {
    for (let tries = 0; tries < 600 && JSON.stringify(fetched()) !== JSON.stringify(expected); tries++) await new Promise((resolve) => setTimeout(resolve, 25));
    await test.server.syncsIdle(PROJECT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(fetched(), expected);
  }

  it('the declared sources sync once at start, and listSources shows their intervals', async () => {
    await settlesAt({ changelog: 1, sitemap: 1 });
    const list = (await (await api('/sources')).json()) as { data: { config: { url: string }; sync_interval: string | null; status: string }[] };
    assertMatches('SourceList', list);
    assert.deepEqual(
      // Both were added in the same transaction: their order is their ids'.
      list.data.map((source) => [new URL(source.config.url).pathname, source.status, source.sync_interval]).sort(([a], [b]) => String(a).localeCompare(String(b))),
      [
        ['/changelog', 'ready', '10m'],
        ['/sitemap.xml', 'ready', null],
      ],
    );
    let out = '';
    await main(['source', 'list', '--project', PROJECT, '--db', path.join(dir, 'docent.db')], { out: (text) => (out += text), err: () => undefined });
    assert.match(out, /synced 2026-03-02 08:00 {2}every 10m {2}http:\/\/127\.0\.0\.1:\d+\/changelog/);
    assert.match(out, /synced 2026-03-02 08:00 {2}http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  });

  it('after 10 minutes only the source with its own 10-minute interval syncs again', async () => {
    now += 9 * MINUTE;
    await settlesAt({ changelog: 1, sitemap: 1 });
    now += 2 * MINUTE;
    await settlesAt({ changelog: 2, sitemap: 1 });
  });

  it("after the project's hour the other source syncs too", async () => {
    now += 50 * MINUTE;
    await settlesAt({ changelog: 3, sitemap: 2 });
  });

  it('addSource and docent source add take sync_interval; a malformed one is refused, naming the field', async () => {
    const bad = await api('/sources', { method: 'POST', body: JSON.stringify({ type: 'url', url: `${origin}/guide`, sync_interval: '10 minutes' }) });
    assert.equal(bad.status, 422);
    assert.match(bad.headers.get('content-type') ?? '', /^application\/problem\+json/);
    assert.match(await bad.text(), /sync_interval/);
    const added = await api('/sources', { method: 'POST', body: JSON.stringify({ type: 'url', url: `${origin}/guide`, sync_interval: '2d' }) });
    assert.equal(added.status, 201);
    const body = (await added.json()) as { sync_interval: string | null };
    assertMatches('Source', body);
    assert.equal(body.sync_interval, '2d');

    let err = '';
    const io = { out: () => undefined, err: (text: string) => (err += text) };
    const db = path.join(dir, 'docent.db');
    assert.equal(await main(['source', 'add', '--project', PROJECT, '--type', 'url', '--url', `${origin}/guide`, '--sync-interval', 'hourly', '--db', db], io), 2);
    assert.match(err, /--sync-interval must be a duration such as 30m, 6h or 1d; got "hourly"/);
  });

  it('docent.config.json with a malformed source sync_interval names its path', () => {
    assert.throws(
      () => parseDocentConfig({ projects: [{ id: PROJECT, name: 'Acme', sources: [{ type: 'sitemap', url: `${origin}/sitemap.xml`, sync_interval: '0h' }] }] }),
      (error: unknown) => error instanceof ConfigError && /projects\[0\]\.sources\[0\]\.sync_interval must be a duration such as "30s", "10m", "1h" or "1d"; got "0h"/.test(error.message),
    );
  });
});
