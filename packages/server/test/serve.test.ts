import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { parseServeArgs } from '../src/commands/serve.js';
import { UsageError } from '../src/cli.js';
import type { DocentServer } from '../src/app/createServer.js';
import { assertMatches } from './contract.js';
import { appOver, serveOver, type TestApp } from './helpers.js';

function page(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title} | Acme docs</title><meta name="description" content="${title} page."></head><body><nav>Menu</nav><main><article>${body}</article></main></body></html>`;
}

/** A small built site: pages, a folder index, a hashed asset and the 404 page. */
function writeSite(dir: string): void {
  mkdirSync(path.join(dir, 'guides'), { recursive: true });
  mkdirSync(path.join(dir, 'assets', 'js'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page('Home', '<h1>Acme docs</h1><p>Welcome to the Acme widget documentation.</p>'));
  writeFileSync(
    path.join(dir, 'dark-mode.html'),
    page('Dark mode', '<h1>Dark mode</h1><p>The widget follows the dark mode of your site.</p><h2 id="force">Force a theme</h2><p>Set theme to light or dark to force one look &amp; feel.</p>'),
  );
  writeFileSync(path.join(dir, 'guides', 'index.html'), page('Guides', '<h1>Guides</h1><p>Step-by-step guides for installing the widget.</p>'));
  writeFileSync(path.join(dir, 'guides', 'install.html'), page('Install', '<h1>Install</h1><p>Install the widget with a script tag.</p>'));
  writeFileSync(path.join(dir, '404.html'), page('Page not found', '<h1>Page not found</h1>'));
  writeFileSync(path.join(dir, 'assets', 'js', 'main.abc123.js'), 'console.log(1);');
}

describe('docent serve', () => {
  let site: string;
  let dbFile: string;
  let db: TestApp['db'];
  let app: FastifyInstance;
  let server: DocentServer;
  let close: () => Promise<void>;

  before(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeSite(site);
    dbFile = path.join(site, '..', `${path.basename(site)}.db`);
    // Result URLs come from the public URL, never from the request's Host.
    const served = await appOver(site, { dbFile, publicUrl: 'http://docs.acme.test' });
    ({ app, db, close } = served);
    server = served.server;
  });

  after(async () => {
    await close();
    rmSync(site, { recursive: true, force: true });
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbFile}${suffix}`, { force: true });
  });

  describe('the site', () => {
    it('serves clean URLs: /dark-mode is dark-mode.html, / and /guides are their index.html', async () => {
      const darkMode = await app.inject({ url: '/dark-mode' });
      assert.equal(darkMode.statusCode, 200);
      assert.match(darkMode.headers['content-type'] as string, /^text\/html/);
      assert.match(darkMode.body, /follows the dark mode/);
      assert.match((await app.inject({ url: '/' })).body, /Welcome to the Acme widget/);
      assert.match((await app.inject({ url: '/guides' })).body, /Step-by-step guides/);
    });

    it('redirects .html and /index.html to the clean path with 301, keeping the query', async () => {
      const html = await app.inject({ url: '/dark-mode.html?from=search' });
      assert.equal(html.statusCode, 301);
      assert.equal(html.headers.location, '/dark-mode?from=search');
      const index = await app.inject({ url: '/guides/index.html' });
      assert.equal(index.statusCode, 301);
      assert.equal(index.headers.location, '/guides');
      assert.equal((await app.inject({ url: '/index.html' })).headers.location, '/');
    });

    it('answers unknown paths with the site 404 page and status 404, and never leaves the site folder', async () => {
      const missing = await app.inject({ url: '/no/such/page' });
      assert.equal(missing.statusCode, 404);
      assert.match(missing.body, /Page not found/);
      const escape = await app.inject({ url: '/..%2F..%2Fetc%2Fpasswd' });
      assert.equal(escape.statusCode, 404);
      assert.doesNotMatch(escape.body, /root:/);
    });

    it('caches hashed assets for a year and pages not at all', async () => {
      assert.equal((await app.inject({ url: '/assets/js/main.abc123.js' })).headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal((await app.inject({ url: '/dark-mode' })).headers['cache-control'], 'no-cache');
    });
  });

  describe('getProject', () => {
    it('returns the project, its widget settings and what was indexed, as the contract says', async () => {
      const response = await app.inject({ url: '/v1/projects/acme-docs' });
      assert.equal(response.statusCode, 200);
      const project = response.json();
      assertMatches('Project', project);
      assert.equal(project.id, 'acme-docs');
      assert.equal(project.name, 'Acme docs');
      assert.equal(project.document_count, 4);
      assert.equal(project.widget.header_title, 'Ask AI');
    });

    it('answers an unknown project with a 404 problem naming it', async () => {
      const response = await app.inject({ url: '/v1/projects/other-docs' });
      assert.equal(response.statusCode, 404);
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
      const problem = response.json();
      assertMatches('Problem', problem);
      assert.match(problem.detail, /other-docs/);
    });
  });

  describe('searchProject', () => {
    it('returns ranked sections with absolute URLs and plain-text snippets', async () => {
      const response = await app.inject({ url: '/v1/projects/acme-docs/search?q=force%20theme', headers: { host: 'docs.acme.test' } });
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assertMatches('SearchResults', body);
      assert.equal(body.results[0].url, 'http://docs.acme.test/dark-mode#force');
      assert.equal(body.results[0].heading, 'Force a theme');
      assert.equal(body.results[0].score, 1);
      assert.doesNotMatch(body.results[0].snippet, /<mark>|&amp;/);
    });

    it('keeps only results under path and at most limit', async () => {
      const body = (await app.inject({ url: '/v1/projects/acme-docs/search?q=widget&path=/guides/&limit=1' })).json();
      assert.equal(body.results.length, 1);
      assert.match(body.results[0].url, /\/guides\//);
    });

    it('answers 400 with one error per bad parameter', async () => {
      const response = await app.inject({ url: '/v1/projects/acme-docs/search?limit=0&path=guides' });
      assert.equal(response.statusCode, 400);
      const problem = response.json();
      assertMatches('Problem', problem);
      const parameters = problem.errors.map((error: { parameter: string }) => error.parameter).sort();
      assert.deepEqual(parameters, ['limit', 'path', 'q']);
    });

    it("records nothing itself (analytics count the widget's search events), the SQLite file in WAL mode", async () => {
      const response = await app.inject({ url: '/v1/projects/acme-docs/search?q=install' });
      assert.equal(response.statusCode, 200);
      assert.ok(response.json().results.length >= 1);
      const rows = db.prepare("SELECT count(*) AS n FROM searches WHERE query = 'install'").get() as { n: number };
      assert.equal(rows.n, 0);
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    });
  });

  describe('the API', () => {
    it('refuses browser calls from an origin the project does not allow, and allows localhost', async () => {
      const denied = await app.inject({ url: '/v1/projects/acme-docs', headers: { origin: 'https://evil.example' } });
      assert.equal(denied.statusCode, 403);
      assertMatches('Problem', denied.json());
      assert.match(denied.json().detail, /evil\.example/);
      const allowed = await app.inject({ url: '/v1/projects/acme-docs', headers: { origin: 'http://localhost:5173' } });
      assert.equal(allowed.statusCode, 200);
      assert.equal(allowed.headers['access-control-allow-origin'], 'http://localhost:5173');
    });

    it('answers an unknown operation with a 404 problem, not the site page', async () => {
      const response = await app.inject({ url: '/v1/nothing-here' });
      assert.equal(response.statusCode, 404);
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
    });
  });

  it('re-indexes when the site is rebuilt', async () => {
    writeFileSync(path.join(site, 'webhooks.html'), page('Webhooks', '<h1>Webhooks</h1><p>Webhook deliveries are retried five times.</p>'));
    await server.refreshSite();
    const body = (await app.inject({ url: '/v1/projects/acme-docs/search?q=webhook%20deliveries' })).json();
    assert.match(body.results[0].url, /\/webhooks$/);
  });
});

describe('an internal error', () => {
  it('answers a plain 500 problem, logs one line, and shows no stack trace or file path anywhere', async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeSite(site);
    const logged: string[] = [];
    const { app, db, close } = await appOver(site, { dbFile: path.join(site, 'broken.db'), logger: (line) => logged.push(line) });
    db.close(); // every store call now throws while the request is handled
    try {
      const response = await app.inject({ url: '/v1/projects/acme-docs/search?q=install' });
      assert.equal(response.statusCode, 500);
      assertMatches('Problem', response.json());
      assert.match(response.json().detail, /could not complete the request.*check the server log/);
      assert.equal(logged.length, 1);
      assert.match(logged[0]!, /^internal error on GET \/v1\/projects\/acme-docs\/search: /);
      for (const text of [response.body, ...logged]) {
        assert.doesNotMatch(text, /\n\s+at |\.ts:\d+|\.js:\d+|node_modules/, 'no stack trace or source path');
      }
    } finally {
      await close();
      rmSync(site, { recursive: true, force: true });
    }
  });
});

describe('docent serve on a real socket', () => {
  it('listens on 127.0.0.1, serves the site and the API, and closes cleanly', async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeSite(site);
    const server = await serveOver(site);
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal((await fetch(`${server.url}/dark-mode`)).status, 200);
      const project = await (await fetch(`${server.url}/v1/projects/acme-docs`)).json();
      assert.equal(project.id, 'acme-docs');
    } finally {
      await server.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('explains a missing --site, a site without index.html and a bad project id', () => {
    assert.throws(() => parseServeArgs(['--project', 'acme-docs']), (error: Error) => error instanceof UsageError && /--site is required/.test(error.message));
    assert.throws(() => parseServeArgs(['--site', tmpdir(), '--project', 'acme-docs']), /has no index.html; build the site first/);
    const site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeSite(site);
    assert.throws(() => parseServeArgs(['--site', site, '--project', 'Acme Docs']), /--project must be a project id/);
    rmSync(site, { recursive: true, force: true });
  });
});
