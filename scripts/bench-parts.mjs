// Docent's static index as a reader's browser gets it: the index files `docent index` would write for a corpus (one
// file, or a manifest and parts above 2 MiB), served gzip on 127.0.0.1 to Chromium, where the engine's browser build
// loads the index and searches. Measured: the bytes and requests before the first result, and the time of each
// keystroke's search while a question is typed (every prefix of each question, after the first result).
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './browser.mjs';
import { ROOT, SYSTEM_CHROMIUM } from './lib.mjs';

const ENGINE = join(ROOT, 'packages', 'engine', 'dist');

/** The engine's core as one ES module for the browser, as a bundler would ship it to a site. */
async function engineBundle() {
  const esbuild = await import('esbuild');
  const built = await esbuild.build({ entryPoints: [join(ENGINE, 'index.js')], bundle: true, format: 'esm', minify: true, write: false, platform: 'browser' });
  return built.outputFiles[0].text;
}

/** Serves `dir` (gzip) and the engine bundle, counting the bytes sent for index files. */
async function serve(dir, bundle) {
  const counter = { bytes: 0, requests: 0 };
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (pathname === '/') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><html lang="en"><title>parts</title></html>');
    if (pathname === '/engine.js') return void response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bundle);
    const file = normalize(join(dir, decodeURIComponent(pathname)));
    if (!file.startsWith(dir)) return void response.writeHead(403).end();
    let raw;
    try {
      raw = await readFile(file);
    } catch {
      return void response.writeHead(404).end('not found');
    }
    const body = gzipSync(raw, { level: 9 });
    counter.bytes += body.length;
    counter.requests += 1;
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': body.length }).end(body);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, origin: `http://127.0.0.1:${port}`, counter };
}

const percentile = (values, share) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))] ?? 0;

/**
 * @param {{ dir: string, questions: string[], chromiumPath?: string }} options
 * @returns {Promise<{ layout: string, files: number, totalGzip: number, firstResult: { bytes: number, requests: number, ms: number }, keystroke: { p50: number, p95: number, count: number } }>}
 */
export async function indexInBrowser({ dir, questions, chromiumPath = process.env.CHROMIUM_PATH || SYSTEM_CHROMIUM }) {
  const { buildIndex, indexFiles } = await import(pathToFileURL(join(ENGINE, 'index.js')).href);
  const { sectionsFromDirectory } = await import(pathToFileURL(join(ENGINE, 'node', 'index.js')).href);
  const sections = await sectionsFromDirectory(dir, { cleanTitles: true });
  const pages = new Set(sections.map((section) => section.pageUrl)).size;
  const { layout, files } = indexFiles(buildIndex(sections));
  const served = await mkdtemp(join(tmpdir(), 'docent-parts-bench-'));
  let site;
  let browser;
  try {
    for (const file of files) {
      const target = join(served, file.path || 'docent-index.json');
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    const totalGzip = files.reduce((sum, file) => sum + gzipSync(file.content, { level: 9 }).length, 0);
    site = await serve(served, await engineBundle());
    browser = await launchChromium(chromiumPath);
    const page = await browser.newPage();
    await page.goto(`${site.origin}/`);
    const first = await page.evaluate(async (question) => {
      const started = performance.now();
      const engine = await import('/engine.js');
      const text = await (await fetch('/docent-index.json')).text();
      const index = engine.loadIndex(text, { fetchPart: async (path) => (await fetch(`/${path}`)).text() });
      Object.assign(globalThis, { __engine: engine, __index: index });
      await engine.searchAsync(index, question, { limit: 8 });
      return performance.now() - started;
    }, questions[0] ?? 'install');
    const firstResult = { bytes: site.counter.bytes, requests: site.counter.requests, ms: first };
    const times = await page.evaluate(async (all) => {
      const { __engine: engine, __index: index } = /** @type {any} */ (globalThis);
      const durations = [];
      for (const question of all) {
        for (let end = 1; end <= question.length; end++) {
          const started = performance.now();
          await engine.searchAsync(index, question.slice(0, end), { limit: 8 });
          durations.push(performance.now() - started);
        }
      }
      return durations;
    }, questions);
    return { pages, sections: sections.length, layout, files: files.length, totalGzip, firstResult, keystroke: { p50: percentile(times, 0.5), p95: percentile(times, 0.95), count: times.length } };
  } finally {
    await browser?.close();
    if (site) await new Promise((resolve) => site.server.close(() => resolve(undefined)));
    await rm(served, { recursive: true, force: true });
  }
}
