import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildIndex, type Section } from '@docent/engine';
import type { FastifyInstance } from 'fastify';
import { parseServeArgs } from '../src/commands/serve.js';
import { UsageError } from '../src/cli.js';
import type { DocentServer } from '../src/app/createServer.js';
import { searchPages } from '../src/serve/searchResults.js';
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
    it('returns ranked sections with absolute URLs and plain-text snippets, and the same search by page', async () => {
      const response = await app.inject({ url: '/v1/projects/acme-docs/search?q=force%20theme', headers: { host: 'docs.acme.test' } });
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assertMatches('SearchResults', body);
      assert.equal(body.results[0].url, 'http://docs.acme.test/dark-mode#force');
      assert.equal(body.results[0].heading, 'Force a theme');
      assert.equal(body.results[0].score, 1);
      assert.doesNotMatch(body.results[0].snippet, /<mark>|&amp;/);
      assert.equal(body.pages[0].url, 'http://docs.acme.test/dark-mode');
      assert.equal(body.pages[0].sections[0].url, 'http://docs.acme.test/dark-mode#force');
      assert.match(body.pages[0].sections[0].snippet_html, /&amp;/);
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

/** A site whose pages match `webhook` in several sections each, and one page that shows HTML markup as text. */
function writeSearchSite(dir: string): void {
  mkdirSync(path.join(dir, 'guides'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page('Home', '<h1>Acme docs</h1><p>Welcome to the Acme documentation.</p>'));
  writeFileSync(
    path.join(dir, 'webhooks.html'),
    page(
      'Webhooks',
      '<h1>Webhooks</h1><p>Acme sends a webhook for every new order.</p>' +
        '<h2 id="retries">Retries</h2><p>Failed webhook deliveries are retried five times.</p>' +
        '<h2 id="signing">Signing</h2><p>Every webhook carries a signature header.</p>' +
        '<h2 id="timeouts">Timeouts</h2><p>A webhook times out after ten seconds.</p>' +
        '<h2 id="events">Event types</h2><p>Each webhook names its event type.</p>',
    ),
  );
  writeFileSync(
    path.join(dir, 'guides', 'orders.html'),
    page('Orders', '<h1>Orders</h1><p>An order moves from open to paid.</p><h2 id="events">Order events</h2><p>Each change of an order sends a webhook.</p>'),
  );
  writeFileSync(path.join(dir, 'faq.html'), page('FAQ', '<p>Common webhook questions.</p><h2 id="retried">Are webhooks retried?</h2><p>Yes, failed webhooks are retried.</p>'));
  writeFileSync(
    path.join(dir, 'embed.html'),
    page('Embed', '<h1>Embed</h1><p>Add the widget to any page.</p><h2 id="tag">The &lt;script&gt; tag</h2><pre><code>&lt;script src="https://docs.acme.test/docent.js"&gt;&lt;/script&gt;</code></pre>'),
  );
  writeFileSync(path.join(dir, '404.html'), page('Page not found', '<h1>Page not found</h1>'));
}

interface PagesBody {
  results: { url: string; snippet: string; score: number }[];
  pages: {
    url: string;
    title: string;
    score: number;
    sections: { url: string; heading: string | null; heading_html: string | null; breadcrumb: string[]; snippet_html: string; score: number }[];
  }[];
}

/** Anything that looks like a tag, other than `<mark>` and `</mark>`. */
const OTHER_MARKUP = /<(?!\/?mark>)/;

describe('searchProject: pages', () => {
  let site: string;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  before(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'docent-search-site-'));
    writeSearchSite(site);
    ({ app, close } = await appOver(site, { publicUrl: 'http://docs.acme.test' }));
  });

  after(async () => {
    await close();
    rmSync(site, { recursive: true, force: true });
  });

  async function searched(query: string): Promise<PagesBody> {
    const response = await app.inject({ url: `/v1/projects/acme-docs/search?${query}` });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assertMatches('SearchResults', body);
    return body as PagesBody;
  }

  const sectionCount = (body: PagesBody): number => body.pages.reduce((sum, hit) => sum + hit.sections.length, 0);

  it('groups the sections under their page, at most three by default, pages in the order of their best section', async () => {
    const body = await searched('q=webhook');
    const urls = body.pages.map((hit) => hit.url);
    assert.equal(new Set(urls).size, urls.length, 'one entry per page');
    assert.ok(urls.includes('http://docs.acme.test/webhooks') && urls.includes('http://docs.acme.test/guides/orders'), urls.join(', '));
    const webhooks = body.pages.find((hit) => hit.url === 'http://docs.acme.test/webhooks');
    assert.equal(webhooks?.title, 'Webhooks');
    assert.equal(webhooks?.sections.length, 3, 'five sections match; three are shown');
    assert.equal(body.pages[0]?.score, 1, 'scores are relative to the best section');
    for (const [i, hit] of body.pages.entries()) {
      assert.equal(hit.score, hit.sections[0]?.score, `${hit.url}: the page scores as its best section`);
      assert.ok(i === 0 || hit.score <= body.pages[i - 1]!.score, `${hit.url} comes after a better page`);
      const scores = hit.sections.map((section) => section.score);
      assert.deepEqual(scores, [...scores].sort((a, b) => b - a), `${hit.url}: best section first`);
      for (const section of hit.sections) assert.ok(section.url === hit.url || section.url.startsWith(`${hit.url}#`), `${section.url} is on ${hit.url}`);
    }
    const webhookResults = body.results.filter((result) => result.url.startsWith('http://docs.acme.test/webhooks'));
    assert.equal(webhookResults.length, 5, 'results are not capped per page');
  });

  it('with per_page at least limit, holds the sections of results, grouped', async () => {
    const body = await searched('q=webhook&limit=6&per_page=6');
    const grouped = body.pages.flatMap((hit) => hit.sections).sort((a, b) => b.score - a.score);
    assert.deepEqual(
      grouped.map((section) => [section.url, section.score]),
      body.results.map((result) => [result.url, result.score]),
    );
  });

  it('shows per_page sections under a page, and limit sections in all', async () => {
    const one = await searched('q=webhook&per_page=1');
    assert.ok(one.pages.length >= 3);
    assert.ok(one.pages.every((hit) => hit.sections.length === 1));
    const five = await searched('q=webhook&per_page=5');
    assert.equal(five.pages.find((hit) => hit.url === 'http://docs.acme.test/webhooks')?.sections.length, 5);
    const limited = await searched('q=webhook&limit=4&per_page=3');
    assert.equal(sectionCount(limited), 4);
    assert.equal(limited.results.length, 4);
    const two = await searched('q=webhook&limit=2&per_page=1');
    assert.equal(sectionCount(two), 2);
    assert.equal(two.pages.length, 2, 'one section from each of two pages');
  });

  it('marks the query’s words in headings and snippets, and keeps results in plain text', async () => {
    const body = await searched('q=retried');
    const sections = body.pages.flatMap((hit) => hit.sections);
    const retries = sections.find((section) => section.url === 'http://docs.acme.test/webhooks#retries');
    assert.equal(retries?.heading, 'Retries');
    assert.equal(retries?.heading_html, '<mark>Retries</mark>');
    assert.equal(retries?.snippet_html, 'Failed webhook deliveries are <mark>retried</mark> five times.');
    assert.deepEqual(retries?.breadcrumb, ['Webhooks', 'Retries']);
    const faq = sections.find((section) => section.url === 'http://docs.acme.test/faq#retried');
    assert.equal(faq?.heading_html, 'Are webhooks <mark>retried</mark>?');
    assert.ok(body.results.every((result) => !/<mark>/.test(result.snippet)));
  });

  it('escapes the page text: a <script> shown on a page comes back as text, never as markup', async () => {
    const body = await searched('q=script%20tag');
    const tag = body.pages.flatMap((hit) => hit.sections).find((section) => section.url === 'http://docs.acme.test/embed#tag');
    assert.ok(tag, JSON.stringify(body.pages));
    assert.equal(tag.heading, 'The <script> tag');
    assert.equal(tag.heading_html, 'The &lt;<mark>script</mark>&gt; <mark>tag</mark>');
    assert.match(tag.snippet_html, /&lt;<mark>script<\/mark> src=&quot;https:\/\/docs\.acme\.test\/docent\.js&quot;&gt;&lt;\/<mark>script<\/mark>&gt;/);
    for (const section of body.pages.flatMap((hit) => hit.sections)) {
      assert.doesNotMatch(section.heading_html ?? '', OTHER_MARKUP);
      assert.doesNotMatch(section.snippet_html, OTHER_MARKUP);
    }
    assert.match(body.results.find((result) => result.url === tag.url)?.snippet ?? '', /<script src="https:\/\/docs\.acme\.test\/docent\.js"><\/script>/);
  });

  it('keeps only pages under path, and answers nothing with empty pages', async () => {
    const body = await searched('q=webhook&path=/guides/');
    assert.deepEqual(body.pages.map((hit) => hit.url), ['http://docs.acme.test/guides/orders']);
    const none = await searched('q=zyxwvut');
    assert.deepEqual([none.results, none.pages], [[], []]);
  });

  it('gives a section without a heading a null heading and heading_html', () => {
    const untitled: Section = {
      id: '/notes',
      url: '/notes',
      pageUrl: '/notes',
      pageTitle: 'Notes',
      heading: '',
      level: 1,
      breadcrumb: ['Notes'],
      text: 'Common webhook questions.',
      description: '',
    };
    const [notes] = searchPages(buildIndex([untitled]), 'webhook', { limit: 10, perPage: 3, base: 'http://docs.acme.test' });
    assert.deepEqual(notes?.sections, [
      { url: 'http://docs.acme.test/notes', heading: null, heading_html: null, breadcrumb: ['Notes'], snippet_html: 'Common <mark>webhook</mark> questions.', score: 1 },
    ]);
    assertMatches('SearchPage', notes);
  });

  it('answers 400 for a per_page out of range', async () => {
    for (const perPage of ['0', '11', 'two']) {
      const response = await app.inject({ url: `/v1/projects/acme-docs/search?q=webhook&per_page=${perPage}` });
      assert.equal(response.statusCode, 400, perPage);
      assertMatches('Problem', response.json());
      assert.deepEqual(response.json().errors.map((error: { parameter: string }) => error.parameter), ['per_page']);
    }
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
