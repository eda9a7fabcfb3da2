/**
 * The web crawler for `url` and `sitemap` sources against a real HTTP site the test serves on 127.0.0.1: pages,
 * sitemaps (plain, gzip'd index, HTML, malformed, too large), robots.txt, redirects, canonical and noindex pages,
 * error pages, a large and a slow page. No request leaves 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { crawlSitemapSource, crawlUrlSource, DEFAULT_USER_AGENT_PREFIX, DOCENT_USER_AGENT, type CrawlOptions, type CrawlResult } from '../src/sources/web/index.js';
import { decodeBody } from '../src/sources/web/decode.js';
import { readDirectives } from '../src/sources/web/directives.js';
import { pathFilter } from '../src/sources/web/globs.js';
import { HostGate } from '../src/sources/web/hostGate.js';
import { readPageSignals } from '../src/sources/web/html.js';
import { parseSitemap } from '../src/sources/web/sitemap.js';
import { normaliseUrl, underPrefix } from '../src/sources/web/urls.js';
import { DOCENT_VERSION } from '../src/version.js';

interface Site {
  origin: string;
  port: number;
  /** Paths requested, in order, with the user agent of each request. */
  requests: { path: string; userAgent: string | undefined; at: number }[];
  /** Most requests in flight at once. */
  peakInFlight: number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, origin: string) => void;

async function serve(handler: Handler): Promise<Site> {
  let inFlight = 0;
  const site: Site = { origin: '', port: 0, requests: [], peakInFlight: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    site.requests.push({ path: req.url ?? '', userAgent: req.headers['user-agent'], at: Date.now() });
    inFlight += 1;
    site.peakInFlight = Math.max(site.peakInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
    });
    handler(req, res, site.origin);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.port = (server.address() as AddressInfo).port;
  site.origin = `http://127.0.0.1:${site.port}`;
  site.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

function urlset(origin: string, paths: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join('')}</urlset>`;
}

/** Pages of the test site by path; each value is [content type, body] or a function for the odd ones. */
function docsSite(): Handler {
  const html = 'text/html; charset=utf-8';
  const pages: Record<string, string> = {
    '/docs/': page('Docs', '<a href="a">A</a> <a href="/docs/b">B</a> <a href="/docs/a#install">A again</a> <a href="/blog/news">Blog</a> <a href="https://elsewhere.example/docs/">Away</a> <a href="/docs/private/secret">Secret</a> <a href="/docs/noindex">Hidden</a> <a href="/docs/manual.pdf">PDF</a> <a href="/docs/b-print">Print</a> <a href="mailto:team@example.com">Mail</a>'),
    '/docs/a': page('A', '<p>Page A.</p><a href="/docs/a/deep1">Deeper</a>'),
    '/docs/a/deep1': page('Deep 1', '<a href="/docs/a/deep2">Deeper</a>'),
    '/docs/a/deep2': page('Deep 2', '<a href="/docs/a/deep3">Deeper</a>'),
    '/docs/a/deep3': page('Deep 3', '<p>Too deep.</p>'),
    '/docs/b': page('B', '<p>Page B.</p>'),
    '/docs/b-print': page('B', '<p>Page B.</p>', '<link rel="canonical" href="/docs/b">'),
    '/docs/noindex': page('Hidden', '<a href="/docs/from-noindex">Still followed</a>', '<meta name="robots" content="noindex">'),
    '/docs/from-noindex': page('From noindex', '<p>Linked from a noindex page.</p>'),
    '/docs/private/secret': page('Secret', '<p>robots.txt disallows this.</p>'),
    '/blog/news': page('News', '<p>Outside the prefix.</p>'),
    '/docs/c': page('C', '<p>Page C.</p>'),
    '/guides/install': page('Install', '<p>Install guide.</p>'),
    '/guides/legacy/old': page('Old', '<p>Legacy guide.</p>'),
  };
  return (req, res, origin) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    const hop = /^\/hop(\d+)\/(\d+)$/.exec(path);
    if (hop?.[1] && hop[2]) {
      const left = Number(hop[2]);
      if (left === 0) res.writeHead(200, { 'content-type': html }).end(page(`After ${hop[1]} redirects`, '<p>Arrived.</p>'));
      else res.writeHead(301, { location: `/hop${hop[1]}/${left - 1}` }).end();
      return;
    }
    const body = pages[path];
    if (body) {
      res.writeHead(200, { 'content-type': html }).end(body);
      return;
    }
    switch (path) {
      case '/robots.txt':
        res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /docs/private/\n\nUser-agent: OtherBot\nDisallow: /\n');
        return;
      case '/docs/x-robots':
        res.writeHead(200, { 'content-type': html, 'x-robots-tag': 'otherbot: index, docent: noindex' }).end(page('X', '<p>Header noindex.</p>'));
        return;
      case '/docs/data.json':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"not":"html"}');
        return;
      case '/docs/error':
        res.writeHead(500, { 'content-type': html }).end(page('Oops', ''));
        return;
      case '/docs/big':
        res.writeHead(200, { 'content-type': html }).end(page('Big', `<p>${'word '.repeat(20_000)}</p>`));
        return;
      case '/docs/slow':
        setTimeout(() => res.writeHead(200, { 'content-type': html }).end(page('Slow', '')), 2_000).unref();
        return;
      case '/sitemap.xml':
        res.writeHead(200, { 'content-type': 'application/xml' }).end(urlset(origin, ['/docs/', '/docs/a', '/docs/b', '/docs/b-print', '/docs/noindex', '/docs/x-robots', '/docs/private/secret', '/docs/missing', '/docs/error', '/docs/data.json', '/hop2/2', '/hop6/6', '/docs/a#again']));
        return;
      case '/sitemap-guides.xml':
        res.writeHead(200, { 'content-type': 'application/xml' }).end(urlset(origin, ['/guides/install', '/guides/legacy/old', '/docs/c']));
        return;
      case '/sitemap_index.xml.gz':
        // Served as a file, not with Content-Encoding: the crawler must gunzip it itself.
        res.writeHead(200, { 'content-type': 'application/gzip' }).end(
          gzipSync(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap.xml</loc></sitemap><sitemap><loc>${origin}/sitemap-guides.xml</loc></sitemap></sitemapindex>`),
        );
        return;
      case '/limits.xml':
        res.writeHead(200, { 'content-type': 'application/xml' }).end(urlset(origin, ['/docs/a', '/docs/big', '/docs/slow']));
        return;
      case '/html-sitemap.xml':
        res.writeHead(200, { 'content-type': 'text/html' }).end(page('Home', '<p>Not a sitemap.</p>'));
        return;
      case '/broken.xml':
        res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><urlset><url><loc>${origin}/docs/a</loc></url><url><loc>oops</url></urlset>`);
        return;
      case '/feed.xml':
        res.writeHead(200, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><rss version="2.0"><channel><title>News</title></channel></rss>');
        return;
      case '/empty.xml':
        res.writeHead(200, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>');
        return;
      case '/huge.xml':
        res.writeHead(200, { 'content-type': 'application/xml' }).end(urlset(origin, Array.from({ length: 200 }, (_, i) => `/docs/page-${i}`)));
        return;
      case '/huge.xml.gz':
        res.writeHead(200, { 'content-type': 'application/gzip' }).end(gzipSync(urlset(origin, Array.from({ length: 200 }, (_, i) => `/docs/page-${i}`))));
        return;
      default:
        res.writeHead(404, { 'content-type': html }).end(page('Not found', ''));
    }
  };
}

const base: CrawlOptions = { allowPrivateNetworks: true, userAgent: DOCENT_USER_AGENT, delayMs: 0, timeoutMs: 3_000 };

function urls(result: CrawlResult): string[] {
  return result.pages.map((page) => page.url).sort();
}

function requested(site: Site, path: string): number {
  return site.requests.filter((request) => request.path === path).length;
}

describe('crawlUrlSource', () => {
  let site: Site;
  before(async () => {
    site = await serve(docsSite());
  });
  after(() => site.close());

  it('crawls the start page and same-prefix subpages down to max_depth, each page once', async () => {
    site.requests.length = 0;
    const result = await crawlUrlSource({ url: `${site.origin}/docs/`, include_subpages: true, max_depth: 2 }, base);
    const o = site.origin;
    assert.equal(result.fatal, null);
    assert.deepEqual(urls(result), [`${o}/docs/`, `${o}/docs/a`, `${o}/docs/a/deep1`, `${o}/docs/b`, `${o}/docs/from-noindex`].sort());
    // deep2 is 3 links away; /blog/ is outside the prefix; the other origin is never contacted.
    assert.equal(requested(site, '/docs/a/deep2'), 0);
    assert.equal(requested(site, '/blog/news'), 0);
    assert.equal(requested(site, '/docs/manual.pdf'), 0);
    // "/docs/a#install" is /docs/a; b-print names /docs/b as canonical, so /docs/b is stored once.
    assert.equal(requested(site, '/docs/a'), 1);
    assert.equal(requested(site, '/robots.txt'), 1, 'robots.txt is read once per origin per crawl');
    assert.equal(result.pages.filter((p) => p.url === `${o}/docs/b`).length, 1);
    // Whichever of /docs/b and /docs/b-print answers second is the duplicate.
    const skipped = result.skipped.map((skip) => [skip.url.replace(o, '').replace('/docs/b-print', '/docs/b'), skip.reason.replaceAll(o, '')]);
    assert.deepEqual(
      skipped.sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      [
        ['/docs/b', 'same page as /docs/b (its canonical URL)'],
        ['/docs/noindex', 'noindex: the page asks not to be indexed (meta robots or X-Robots-Tag)'],
        ['/docs/private/secret', '/robots.txt disallows /docs/private/secret for Docent'],
      ],
    );
    assert.equal(requested(site, '/docs/private/secret'), 0);
    assert.deepEqual(result.failures, []);
  });

  it('sends the Docent/<version> user agent on every request', () => {
    assert.equal(DOCENT_USER_AGENT, `${DEFAULT_USER_AGENT_PREFIX}/${DOCENT_VERSION}`);
    assert.ok(site.requests.length > 0);
    for (const request of site.requests) assert.equal(request.userAgent, `Docent/${DOCENT_VERSION}`);
  });

  it('gives each page its normalised URL and the sha256 of its html', async () => {
    const { createHash } = await import('node:crypto');
    const result = await crawlUrlSource({ url: `${site.origin}/docs/a#top` }, base);
    assert.equal(result.pages.length, 1);
    const [only] = result.pages;
    assert.equal(only?.url, `${site.origin}/docs/a`);
    assert.match(only?.html ?? '', /Page A\./);
    assert.equal(only?.contentHash, createHash('sha256').update(only?.html ?? '').digest('hex'));
  });

  it('fetches only the start page without include_subpages, or with max_depth 0', async () => {
    for (const config of [{ include_subpages: false }, { include_subpages: true, max_depth: 0 }, {}]) {
      const result = await crawlUrlSource({ url: `${site.origin}/docs/`, ...config }, base);
      assert.deepEqual(urls(result), [`${site.origin}/docs/`], JSON.stringify(config));
    }
  });

  it('follows a start page that redirects twice, and keeps its new prefix', async () => {
    const result = await crawlUrlSource({ url: `${site.origin}/hop2/2` }, base);
    assert.equal(result.fatal, null);
    assert.deepEqual(urls(result), [`${site.origin}/hop2/0`]);
  });

  it('fails the source when the start page redirects 6 times, is missing, or is disallowed by robots.txt', async () => {
    const six = await crawlUrlSource({ url: `${site.origin}/hop6/6` }, base);
    assert.equal(six.fatal, `more than 5 redirects from ${site.origin}/hop6/6 (a redirect loop?)`);
    const missing = await crawlUrlSource({ url: `${site.origin}/nowhere`, include_subpages: true }, base);
    assert.equal(missing.fatal, `the start page ${site.origin}/nowhere answered HTTP 404 Not Found`);
    assert.deepEqual(missing.pages, []);
    const disallowed = await crawlUrlSource({ url: `${site.origin}/docs/private/secret` }, base);
    assert.equal(disallowed.fatal, `${site.origin}/robots.txt disallows ${site.origin}/docs/private/secret for Docent; allow the Docent user agent for this path in robots.txt to index it`);
    const error = await crawlUrlSource({ url: `${site.origin}/docs/error` }, base);
    assert.equal(error.fatal, `the start page ${site.origin}/docs/error answered HTTP 500 Internal Server Error`);
  });

  it('skips a start page marked noindex by X-Robots-Tag for Docent, and non-HTML pages', async () => {
    const header = await crawlUrlSource({ url: `${site.origin}/docs/x-robots` }, base);
    assert.deepEqual(header.pages, []);
    assert.match(header.fatal ?? '', /was skipped: noindex/);
    const json = await crawlUrlSource({ url: `${site.origin}/docs/data.json` }, base);
    assert.match(json.fatal ?? '', /was skipped: not an HTML page \(application\/json\)/);
  });

  it('turns bad start URLs into a fatal message, never an exception', async () => {
    const cases: [string, string][] = [
      ['ftp://127.0.0.1/docs/', 'ftp://127.0.0.1/docs/: only http and https URLs can be crawled, not ftp'],
      ['javascript:alert(1)', 'javascript:alert(1): only http and https URLs can be crawled, not javascript'],
      ['not a url', '"not a url" is not a valid URL'],
      ['', 'the source has no page URL'],
    ];
    for (const [url, fatal] of cases) {
      const result = await crawlUrlSource({ url }, base);
      assert.equal(result.fatal, fatal, url);
    }
  });

  it('limits requests in flight per host and spaces their starts by the politeness delay', async () => {
    const slowSite = await serve((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      const links = Array.from({ length: 6 }, (_, i) => `<a href="/p${i}">${i}</a>`).join('');
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(page(req.url ?? '', req.url === '/' ? links : '')), 60);
    });
    try {
      const result = await crawlUrlSource({ url: `${slowSite.origin}/`, include_subpages: true }, { ...base, concurrencyPerHost: 2 });
      assert.equal(result.pages.length, 7);
      assert.equal(slowSite.peakInFlight, 2);

      slowSite.requests.length = 0;
      await crawlUrlSource({ url: `${slowSite.origin}/`, include_subpages: true, max_depth: 1 }, { ...base, concurrencyPerHost: 4, delayMs: 100 });
      // Arrival times at the server jitter around the client's start times, so the bounds leave room for that.
      const starts = slowSite.requests.map((request) => request.at);
      assert.equal(starts.length, 8, 'robots.txt and 7 pages');
      for (let i = 1; i < starts.length; i += 1) assert.ok((starts[i] ?? 0) - (starts[i - 1] ?? 0) >= 25, `request ${i} arrived ${(starts[i] ?? 0) - (starts[i - 1] ?? 0)} ms after the previous one`);
      assert.ok((starts.at(-1) ?? 0) - (starts[0] ?? 0) >= 7 * 95, 'eight requests took at least seven delays');
    } finally {
      await slowSite.close();
    }
  });

  it('honours a Crawl-delay from robots.txt', async () => {
    const delayed = await serve((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: docent\nCrawl-delay: 0.2\n');
      res.writeHead(200, { 'content-type': 'text/html' }).end(page(req.url ?? '', req.url === '/' ? '<a href="/a">a</a><a href="/b">b</a>' : ''));
    });
    try {
      const result = await crawlUrlSource({ url: `${delayed.origin}/`, include_subpages: true }, { ...base, concurrencyPerHost: 4 });
      assert.equal(result.pages.length, 3);
      const pages = delayed.requests.filter((request) => request.path !== '/robots.txt').map((request) => request.at);
      assert.ok((pages.at(-1) ?? 0) - (pages[0] ?? 0) >= 2 * 180, 'three pages took at least two crawl delays');
    } finally {
      await delayed.close();
    }
  });

  it('treats a missing robots.txt as allowing everything and an erroring one as forbidding everything', async () => {
    let robotsStatus = 404;
    const other = await serve((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(robotsStatus).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('Home', ''));
    });
    try {
      assert.equal((await crawlUrlSource({ url: `${other.origin}/` }, base)).pages.length, 1);
      robotsStatus = 503;
      const result = await crawlUrlSource({ url: `${other.origin}/` }, base);
      assert.deepEqual(result.pages, []);
      assert.match(result.fatal ?? '', /robots\.txt answered 503/);
    } finally {
      await other.close();
    }
  });

  it('reports progress until fetched + failed equals total', async () => {
    const seen: { fetched: number; total: number; failed: number }[] = [];
    await crawlUrlSource({ url: `${site.origin}/docs/`, include_subpages: true, max_depth: 1 }, { ...base, onProgress: (progress) => seen.push(progress) });
    const last = seen.at(-1);
    assert.ok(last && last.total > 1);
    assert.equal(last.fetched + last.failed, last.total);
  });

  it('stops when the signal aborts, reporting the source as not finished', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await crawlUrlSource({ url: `${site.origin}/docs/` }, { ...base, signal: controller.signal });
    assert.equal(result.fatal, 'the crawl was stopped before it finished; nothing was changed');
  });
});

describe('crawlSitemapSource', () => {
  let site: Site;
  before(async () => {
    site = await serve(docsSite());
  });
  after(() => site.close());

  it('crawls every URL of a sitemap: pages, failures with their status, skips with their reason', async () => {
    const result = await crawlSitemapSource({ url: `${site.origin}/sitemap.xml` }, base);
    const o = site.origin;
    assert.equal(result.fatal, null);
    assert.deepEqual(urls(result), [`${o}/docs/`, `${o}/docs/a`, `${o}/docs/b`, `${o}/hop2/0`].sort());
    assert.deepEqual(
      result.failures.map((failure) => ({ ...failure, url: failure.url.replace(o, '') })).sort((a, b) => a.url.localeCompare(b.url)),
      [
        { url: '/docs/error', reason: 'HTTP 500 Internal Server Error', status: 500 },
        { url: '/docs/missing', reason: 'HTTP 404 Not Found', status: 404 },
        { url: '/hop6/6', reason: `more than 5 redirects from ${o}/hop6/6 (a redirect loop?)` },
      ],
    );
    const skipped = new Map(result.skipped.map((skip) => [skip.url.replace(o, ''), skip.reason]));
    assert.match(skipped.get('/docs/private/secret') ?? '', /robots\.txt disallows/);
    assert.match(skipped.get('/docs/noindex') ?? '', /^noindex/);
    assert.match(skipped.get('/docs/x-robots') ?? '', /^noindex/);
    assert.equal(skipped.get('/docs/data.json'), 'not an HTML page (application/json)');
    assert.equal(skipped.get('/docs/b-print') ?? skipped.get('/docs/b'), `same page as ${o}/docs/b (its canonical URL)`);
    // A sitemap source does not follow links, and "/docs/a#again" is the same URL as "/docs/a".
    assert.equal(requested(site, '/docs/from-noindex'), 0);
    assert.equal(result.pages.filter((p) => p.url === `${o}/docs/a`).length, 1);
  });

  it("reads a gzip'd sitemap index and every sitemap it lists", async () => {
    const result = await crawlSitemapSource({ url: `${site.origin}/sitemap_index.xml.gz` }, base);
    assert.equal(result.fatal, null);
    const o = site.origin;
    for (const path of ['/docs/', '/docs/a', '/docs/b', '/docs/c', '/guides/install', '/guides/legacy/old']) assert.ok(urls(result).includes(`${o}${path}`), path);
  });

  it('narrows URLs with include and exclude globs over the path', async () => {
    site.requests.length = 0;
    const result = await crawlSitemapSource({ url: `${site.origin}/sitemap_index.xml.gz`, include: ['/guides/**', '/docs/c'], exclude: ['/guides/legacy/**'] }, base);
    assert.deepEqual(urls(result), [`${site.origin}/docs/c`, `${site.origin}/guides/install`]);
    const skipped = new Map(result.skipped.map((skip) => [skip.url.replace(site.origin, ''), skip.reason]));
    assert.equal(skipped.get('/guides/legacy/old'), 'matches exclude "/guides/legacy/**"');
    assert.equal(skipped.get('/docs/a'), 'matches no include "/guides/**", "/docs/c"');
    assert.equal(requested(site, '/guides/legacy/old'), 0);
  });

  it('fails the source when the globs match nothing, saying so', async () => {
    const result = await crawlSitemapSource({ url: `${site.origin}/sitemap-guides.xml`, include: ['/api/**'] }, base);
    assert.deepEqual(result.pages, []);
    assert.equal(result.fatal, `${site.origin}/sitemap-guides.xml lists 3 URLs, but none of them matches include "/api/**"; globs match the URL path, such as /docs/**`);
  });

  it('fails the source on a sitemap that is an HTML page, malformed XML, another XML format, empty, missing or too large', async () => {
    const o = site.origin;
    const cases: [string, Partial<CrawlOptions>, string | RegExp][] = [
      ['/html-sitemap.xml', {}, `${o}/html-sitemap.xml is an HTML page, not a sitemap; give the address of the sitemap itself (often /sitemap.xml)`],
      ['/broken.xml', {}, new RegExp(`^${o}/broken\\.xml is not well-formed XML: .+ \\(line 1, column \\d+\\)$`)],
      ['/feed.xml', {}, `${o}/feed.xml is XML but not a sitemap: its root element is <rss>, where a sitemap has <urlset> or <sitemapindex>`],
      ['/empty.xml', {}, `${o}/empty.xml lists no URLs`],
      ['/nope.xml', {}, `${o}/nope.xml answered HTTP 404 Not Found`],
      ['/huge.xml', { maxSitemapBytes: 2048 }, `${o}/huge.xml is larger than 2 KiB`],
      ['/huge.xml.gz', { maxSitemapBytes: 2048 }, `${o}/huge.xml.gz is larger than 2 KiB once uncompressed`],
    ];
    for (const [path, options, fatal] of cases) {
      const result = await crawlSitemapSource({ url: `${o}${path}` }, { ...base, ...options });
      if (typeof fatal === 'string') assert.equal(result.fatal, fatal, path);
      else assert.match(result.fatal ?? '', fatal, path);
      assert.deepEqual(result.pages, [], path);
    }
  });

  it('fails a page bigger than maxPageBytes and one slower than timeoutMs, and keeps the others', async () => {
    const result = await crawlSitemapSource({ url: `${site.origin}/limits.xml` }, { ...base, maxPageBytes: 32 * 1024, timeoutMs: 400 });
    assert.equal(result.fatal, null);
    assert.deepEqual(urls(result), [`${site.origin}/docs/a`]);
    const reasons = new Map(result.failures.map((failure) => [failure.url.replace(site.origin, ''), failure.reason]));
    assert.equal(reasons.get('/docs/big'), `${site.origin}/docs/big is larger than 32 KiB`);
    assert.equal(reasons.get('/docs/slow'), `${site.origin}/docs/slow took longer than 0.4 s`);
  });

  it('fails the source when every page fails, so a site that is down does not empty the index', async () => {
    const down = await serve((req, res) => {
      if (req.url === '/sitemap.xml') return void res.writeHead(200, { 'content-type': 'application/xml' }).end(urlset(`http://127.0.0.1:${(req.socket.localPort ?? 0).toString()}`, ['/a', '/b']));
      res.writeHead(req.url === '/robots.txt' ? 404 : 503).end();
    });
    try {
      const result = await crawlSitemapSource({ url: `${down.origin}/sitemap.xml` }, base);
      assert.equal(result.failures.length, 2);
      assert.equal(result.fatal, `none of the 2 pages could be fetched; the first, ${down.origin}/a: HTTP 503 Service Unavailable`);
    } finally {
      await down.close();
    }
  });

  it('turns a sitemap URL with another scheme into a fatal message', async () => {
    const result = await crawlSitemapSource({ url: 'file:///etc/passwd' }, base);
    assert.equal(result.fatal, 'file:///etc/passwd: only http and https URLs can be crawled, not file');
  });
});

describe('SSRF: crawling without DOCENT_ALLOW_PRIVATE_NETWORKS', () => {
  let site: Site;
  before(async () => {
    site = await serve(docsSite());
  });
  after(() => site.close());
  const guarded: CrawlOptions = { ...base, allowPrivateNetworks: false };
  const hint = 'Docent does not crawl private networks unless DOCENT_ALLOW_PRIVATE_NETWORKS=true';

  it('refuses a url source on 127.0.0.1, naming the address and the setting, without sending a request', async () => {
    const result = await crawlUrlSource({ url: `${site.origin}/docs/`, include_subpages: true }, guarded);
    assert.equal(result.fatal, `127.0.0.1 is a loopback address; ${hint}`);
    assert.deepEqual(result.pages, []);
    assert.equal(site.requests.length, 0);
  });

  it('refuses localhost after resolving it', async () => {
    const result = await crawlUrlSource({ url: `http://localhost:${site.port}/docs/` }, guarded);
    assert.match(result.fatal ?? '', /^localhost resolves to (127\.0\.0\.1|::1), a loopback address; /);
    assert.ok(result.fatal?.endsWith(hint));
    assert.equal(site.requests.length, 0);
  });

  it('refuses a sitemap source on a private address', async () => {
    const result = await crawlSitemapSource({ url: `http://localhost:${site.port}/sitemap.xml` }, guarded);
    assert.match(result.fatal ?? '', /^localhost resolves to .+, a loopback address; Docent does not crawl private networks unless DOCENT_ALLOW_PRIVATE_NETWORKS=true$/);
    const metadata = await crawlUrlSource({ url: 'http://169.254.169.254/latest/meta-data/' }, guarded);
    assert.equal(metadata.fatal, `169.254.169.254 is the cloud metadata address; ${hint}`);
    assert.equal(site.requests.length, 0);
  });
});

describe('crawler parts', () => {
  it('normalises URLs: fragment dropped, relative resolved, only http(s)', () => {
    assert.equal(normaliseUrl('../b?x=1#frag', 'https://Docs.Example.com:443/guides/a/'), 'https://docs.example.com/guides/b?x=1');
    assert.equal(normaliseUrl('mailto:team@example.com'), null);
    assert.equal(normaliseUrl('javascript:void(0)', 'https://docs.example.com/'), null);
    assert.equal(normaliseUrl('http://[bad'), null);
    const inScope = underPrefix('https://docs.example.com/guides/');
    assert.equal(inScope('https://docs.example.com/guides/install'), true);
    assert.equal(inScope('https://docs.example.com/blog/news'), false);
    assert.equal(inScope('http://docs.example.com/guides/install'), false, 'another origin');
  });

  it('matches globs against the decoded path; exclude wins; empty include keeps all', () => {
    const filter = pathFilter(['/docs/**', '/guides/café'], ['/docs/legacy/**']);
    assert.equal(filter('https://x.test/docs/a/b?q=1'), 'kept');
    assert.equal(filter('https://x.test/docs/legacy/old'), 'excluded');
    assert.equal(filter('https://x.test/guides/caf%C3%A9'), 'kept');
    assert.equal(filter('https://x.test/blog/'), 'not-included');
    assert.equal(pathFilter()('https://x.test/anything'), 'kept');
  });

  it('reads links, canonical, base and robots meta with a real HTML tokenizer', () => {
    const signals = readPageSignals(
      '<head><base href="/root/"><link rel="alternate canonical" href="/c"><link rel="canonical" href="/second"><meta name="ROBOTS" content="noindex"><meta name="docent" content="nofollow"><meta name="googlebot" content="none"></head>' +
        '<!-- <a href="/in-comment">x</a> --><script>document.write(\'<a href="/in-script">\')</script><a href="a">A</a><a rel="nofollow" href="/skip">S</a><area href="/map">',
      'docent',
    );
    assert.deepEqual(signals.links, ['a', '/map']);
    assert.equal(signals.canonical, '/c');
    assert.equal(signals.base, '/root/');
    assert.deepEqual(signals.robotsMeta, ['noindex', 'nofollow']);
  });

  it('reads robots directives from meta tags and X-Robots-Tag, scoped to Docent', () => {
    assert.deepEqual(readDirectives(['none'], undefined, 'docent'), { noindex: true, nofollow: true });
    assert.deepEqual(readDirectives([], 'noindex', 'docent'), { noindex: true, nofollow: false });
    assert.deepEqual(readDirectives([], 'googlebot: noindex, nofollow', 'docent'), { noindex: false, nofollow: false });
    assert.deepEqual(readDirectives([], 'googlebot: noindex, docent: nofollow', 'docent'), { noindex: false, nofollow: true });
    assert.deepEqual(readDirectives([], 'unavailable_after: 2030-01-01, noindex', 'docent'), { noindex: true, nofollow: false });
  });

  it('decodes a page in the charset its header or meta tag names', () => {
    const latin = Buffer.from([0x3c, 0x70, 0x3e, 0x63, 0x61, 0x66, 0xe9, 0x3c, 0x2f, 0x70, 0x3e]);
    assert.equal(decodeBody(latin, 'windows-1252'), '<p>café</p>');
    assert.equal(decodeBody(Buffer.concat([Buffer.from('<meta charset="iso-8859-1">'), latin]), undefined), '<meta charset="iso-8859-1"><p>café</p>');
    assert.equal(decodeBody(Buffer.from('<p>café</p>'), 'no-such-charset'), '<p>café</p>');
  });

  it('reads prefixed sitemaps, plain-text sitemaps and entity-escaped URLs', () => {
    const source = { url: 'https://x.test/sitemap.xml', mime: 'application/xml', maxBytes: 1024 * 1024 };
    const prefixed = '<?xml version="1.0"?><sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc> https://x.test/a?b=1&amp;c=2 </sm:loc></sm:url></sm:urlset>';
    assert.deepEqual(parseSitemap(Buffer.from(prefixed), source), { kind: 'urlset', urls: ['https://x.test/a?b=1&c=2'] });
    assert.deepEqual(parseSitemap(Buffer.from('https://x.test/a\nhttps://x.test/b\n'), { ...source, mime: 'text/plain' }), { kind: 'urlset', urls: ['https://x.test/a', 'https://x.test/b'] });
    assert.throws(() => parseSitemap(Buffer.from('hello'), source), /is not a sitemap: it is neither XML nor a list of URLs/);
  });

  it('hands a finished slot to the next request of the host, never over the limit', async () => {
    const gate = new HostGate(2, 0);
    let active = 0;
    let peak = 0;
    const task = async (): Promise<void> => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
    };
    await Promise.all(Array.from({ length: 12 }, () => gate.run('a.test', task)));
    assert.equal(peak, 2);
  });
});
