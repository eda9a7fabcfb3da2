import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RunningServer } from '../src/commands/serve.js';
import { hashSource } from '../src/serve/inlineHashes.js';
import { rawRequest, serveOver, type RawResponse } from './helpers.js';

const THEME_SCRIPT = "document.documentElement.dataset.theme='light'";
const LONG_TEXT = '<p>The widget follows the dark mode of your site, and the dialog keeps its history in the browser.</p>'.repeat(30);

function page(title: string, head: string, body: string): string {
  return `<!doctype html><html><head><title>${title} | Acme docs</title>${head}</head><body><svg style="display: none;"></svg><main><article><h1>${title}</h1>${body}</article></main></body></html>`;
}

/** A built site with inline code (a theme script, JSON-LD, a style attribute), assets of each kind and a 404 page. */
function writeSite(dir: string): void {
  mkdirSync(path.join(dir, 'assets', 'js'), { recursive: true });
  mkdirSync(path.join(dir, 'img'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page('Home', `<script>${THEME_SCRIPT}</script><script type="application/ld+json">{"@type":"WebSite"}</script>`, LONG_TEXT));
  writeFileSync(path.join(dir, 'guide.html'), page('Guide', '<script>alert(1)</script>', '<p>Install the widget with a script tag.</p>'));
  writeFileSync(path.join(dir, '404.html'), page('Page not found', '', `<p>Nothing here.</p>${LONG_TEXT}`));
  writeFileSync(path.join(dir, 'assets', 'js', 'main.abc123.js'), `export const sections = ${JSON.stringify(Array.from({ length: 200 }, (_, at) => ({ id: at, title: `Section ${at}` })))};`);
  writeFileSync(path.join(dir, 'img', 'logo.png'), randomBytes(4096));
  writeFileSync(path.join(dir, 'img', 'diagram.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><style>text{fill:#333}</style><text x="1" y="10">${'Sources, sections, citations. '.repeat(60)}</text></svg>`);
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
}

function sourcesOf(policy: string | string[] | undefined, name: string): string[] {
  const found = String(policy).split(';').map((part) => part.trim().split(/\s+/)).find(([key]) => key === name);
  assert.ok(found, `the policy has ${name}: ${policy}`);
  return found.slice(1);
}

function assertSecurityHeaders(response: RawResponse, what: string): void {
  assert.equal(response.headers['x-content-type-options'], 'nosniff', what);
  assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin', what);
  assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN', what);
  assert.ok(response.headers['content-security-policy'], `${what} has a Content-Security-Policy`);
}

describe('docent serve: security headers and compression of the site', () => {
  let site: string;
  let server: RunningServer;

  before(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeSite(site);
    server = await serveOver(site);
  });

  after(async () => {
    await server.close();
    rmSync(site, { recursive: true, force: true });
  });

  describe('security headers', () => {
    it('sends every page a policy that allows the inline scripts of the whole site by hash and nothing else inline', async () => {
      const home = await rawRequest(`${server.url}/`);
      assertSecurityHeaders(home, 'the home page');
      const policy = home.headers['content-security-policy'];
      const scripts = sourcesOf(policy, 'script-src');
      assert.deepEqual(new Set(scripts), new Set(["'self'", hashSource(THEME_SCRIPT), hashSource('alert(1)')]), 'the JSON-LD block needs no hash');
      assert.deepEqual(sourcesOf(policy, 'style-src'), ["'self'", "'unsafe-hashes'", hashSource('display: none;')]);
      assert.deepEqual(sourcesOf(policy, 'frame-ancestors'), ["'self'"]);
      assert.deepEqual(sourcesOf(policy, 'connect-src'), ["'self'"]);
      assert.equal((await rawRequest(`${server.url}/guide`)).headers['content-security-policy'], policy, 'one policy for every page');
    });

    it('allows a script added to a page after the site was indexed, on that page', async () => {
      const guide = path.join(site, 'guide.html');
      const before = readFileSync(guide, 'utf8');
      writeFileSync(guide, before.replace('<script>alert(1)</script>', '<script>alert(1)</script><script>alert(3)</script>'));
      try {
        const scripts = sourcesOf((await rawRequest(`${server.url}/guide`)).headers['content-security-policy'], 'script-src');
        assert.ok(scripts.includes(hashSource('alert(3)')), scripts.join(' '));
      } finally {
        writeFileSync(guide, before);
      }
    });

    it('sends an SVG drawing a policy that allows its own <style>', async () => {
      const svg = await rawRequest(`${server.url}/img/diagram.svg`);
      assert.ok(sourcesOf(svg.headers['content-security-policy'], 'style-src').includes(hashSource('text{fill:#333}')));
    });

    it('sends the headers with the 404 page, redirects, refused methods and plain files too', async () => {
      const missing = await rawRequest(`${server.url}/no/such/page`);
      assert.equal(missing.status, 404);
      assertSecurityHeaders(missing, 'the 404 page');
      assertSecurityHeaders(await rawRequest(`${server.url}/guide.html`), 'a redirect');
      assertSecurityHeaders(await rawRequest(`${server.url}/guide`, { method: 'DELETE' }), 'a 405');
      const script = await rawRequest(`${server.url}/assets/js/main.abc123.js`);
      assertSecurityHeaders(script, 'a script');
      assert.deepEqual(sourcesOf(script.headers['content-security-policy'], 'script-src'), ["'self'"]);
    });

    it('marks API answers, errors included, as data nothing may load or frame', async () => {
      for (const url of ['/v1/projects/acme-docs', '/v1/projects/other-docs', '/v1/nothing-here']) {
        const response = await rawRequest(`${server.url}${url}`);
        assertSecurityHeaders(response, url);
        assert.equal(response.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'", url);
      }
    });

    it('marks a streamed answer the same way', async () => {
      const response = await fetch(`${server.url}/v1/projects/acme-docs/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ question: 'How do I install the widget?' }),
      });
      assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'");
      await response.text();
    });
  });

  describe('compression', () => {
    it('sends text as brotli or gzip as Accept-Encoding allows, with a correct Content-Length and Vary', async () => {
      const file = readFileSync(path.join(site, 'assets', 'js', 'main.abc123.js'));
      const url = `${server.url}/assets/js/main.abc123.js`;
      const br = await rawRequest(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(br.headers.vary, 'Accept-Encoding');
      assert.equal(Number(br.headers['content-length']), br.body.length);
      assert.ok(br.body.length < file.length / 3, `${br.body.length} of ${file.length} bytes`);
      assert.deepEqual(brotliDecompressSync(br.body), file);

      const gzip = await rawRequest(url, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.equal(Number(gzip.headers['content-length']), gzip.body.length);
      assert.deepEqual(gunzipSync(gzip.body), file);

      const plain = await rawRequest(url);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.headers.vary, 'Accept-Encoding');
      assert.deepEqual(plain.body, file);
    });

    it('compresses pages, including the 404 page', async () => {
      const home = await rawRequest(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
      assert.equal(home.headers['content-encoding'], 'br');
      assert.match(brotliDecompressSync(home.body).toString(), /dark mode of your site/);
      const missing = await rawRequest(`${server.url}/nowhere`, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(missing.status, 404);
      assert.equal(missing.headers['content-encoding'], 'gzip');
      assert.match(gunzipSync(missing.body).toString(), /Nothing here/);
    });

    it('leaves images and tiny files as they are', async () => {
      const png = await rawRequest(`${server.url}/img/logo.png`, { headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(png.headers['content-encoding'], undefined);
      assert.equal(png.headers.vary, undefined);
      assert.deepEqual(png.body, readFileSync(path.join(site, 'img', 'logo.png')));
      const robots = await rawRequest(`${server.url}/robots.txt`, { headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(robots.headers['content-encoding'], undefined);
      assert.equal(robots.body.toString(), 'User-agent: *\n');
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const headers = { 'accept-encoding': 'br' };
      const get = await rawRequest(`${server.url}/`, { headers });
      const head = await rawRequest(`${server.url}/`, { method: 'HEAD', headers });
      assert.equal(head.status, 200);
      assert.equal(head.headers['content-encoding'], 'br');
      assert.equal(head.headers['content-length'], get.headers['content-length']);
      assert.equal(head.headers['content-security-policy'], get.headers['content-security-policy']);
      assert.equal(head.body.length, 0);
    });

    it('answers 304 without a body when the browser already has the current file', async () => {
      const first = await rawRequest(`${server.url}/guide`, { headers: { 'accept-encoding': 'br' } });
      const etag = first.headers.etag;
      assert.ok(etag);
      const again = await rawRequest(`${server.url}/guide`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);
      assertSecurityHeaders(again, 'a 304');
      const other = await rawRequest(`${server.url}/guide`, { headers: { 'if-none-match': 'W/"something-else"' } });
      assert.equal(other.status, 200);
    });
  });
});
