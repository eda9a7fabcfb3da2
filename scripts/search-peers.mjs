// The two peers the search-quality benchmark compares Docent's engine with, each run the way a site would run it
// out of the box, each returning for every question the ranked page routes (at most 10):
//   - pagefindRankings: Pagefind (the npm package, pinned in the root package.json) indexes the built HTML with its
//     defaults; its own browser code answers the questions in Chromium, over HTTP on 127.0.0.1, so what a reader's
//     browser downloads for the first search is measured too.
//   - miniSearchRankings: plain MiniSearch with default settings over the engine's sections.
// Routes follow the engine's rule (routeForFile: `a/b.html` and `a/b/index.html` → `/a/b`, `index.html` → `/`), so
// both compare directly with the `expect` routes of packages/engine/test/questions/<corpus>/*.json.
import { createReadStream } from 'node:fs';
import { lstat, mkdtemp, readdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import MiniSearch from 'minisearch';
import { launchChromium } from './browser.mjs';
import { ROOT, SYSTEM_CHROMIUM } from './lib.mjs';

/** How many ranked pages each peer returns per question. */
export const RANK_DEPTH = 10;

const ENGINE_NODE = join(ROOT, 'packages', 'engine', 'dist', 'node', 'index.js');

/** Where the tiny server answers a blank English page to load Pagefind from (outside the site's own paths). */
const BLANK_PATH = '/__search-peers__/blank.html';

/**
 * routeForFile from the built engine, so that the peers' routes can never drift from the engine's.
 * @returns {Promise<(relativePath: string, baseUrl?: string) => string | null>}
 */
async function loadRouteForFile() {
  try {
    return (await import(pathToFileURL(ENGINE_NODE).href)).routeForFile;
  } catch (error) {
    throw new Error(`search-peers: cannot load ${relative(ROOT, ENGINE_NODE)} (${/** @type {Error} */ (error).message}); build the engine first: cd packages/engine && npm run build`);
  }
}

/** @returns {Promise<typeof import('pagefind')>} */
async function loadPagefind() {
  try {
    return await import('pagefind');
  } catch (error) {
    throw new Error(`search-peers: the pagefind package is missing (${/** @type {Error} */ (error).message}); run "npm install" at the repository root`);
  }
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}

/** @param {number[]} values */
function p95(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] : 0;
}

/**
 * The first RANK_DEPTH distinct routes, in order.
 * @param {Iterable<string>} routes
 */
function topRoutes(routes) {
  const seen = new Set();
  for (const route of routes) {
    if (seen.size === RANK_DEPTH) break;
    seen.add(route);
  }
  return [...seen];
}

// ---------------------------------------------------------------------------------------------------------------
// MiniSearch

/**
 * @typedef {object} PeerSection
 * @property {string} pageUrl The page route (`/git-reset`).
 * @property {string} pageTitle
 * @property {string} heading
 * @property {string} text
 */

/**
 * Plain MiniSearch with default settings (no prefix, no fuzzy, no boosts, OR of the terms): the baseline any site
 * gets by dropping the library in. A page ranks where its best section ranks.
 * @param {{ sections: PeerSection[], questions: string[] }} options
 */
export function miniSearchRankings({ sections, questions }) {
  const indexStart = performance.now();
  const miniSearch = new MiniSearch({ fields: ['pageTitle', 'heading', 'text'], storeFields: [] });
  // Numeric ids point back into `sections`; the caller's sections need no ids of their own.
  miniSearch.addAll(sections.map((section, id) => ({ id, pageTitle: section.pageTitle, heading: section.heading, text: section.text })));
  const indexMs = performance.now() - indexStart;

  /** @type {number[]} */
  const queryMs = [];
  const rankings = questions.map((question) => {
    const start = performance.now();
    const hits = miniSearch.search(question);
    queryMs.push(performance.now() - start);
    return topRoutes(hits.map((hit) => sections[hit.id].pageUrl));
  });
  return { rankings, sectionCount: sections.length, indexMs, queryMs: { median: median(queryMs), p95: p95(queryMs) } };
}

// ---------------------------------------------------------------------------------------------------------------
// Pagefind

/**
 * Every file of the Pagefind bundle with its size and gzip size (level 9, as `npm run bench` measures).
 * @param {string} dir
 */
async function bundleSizes(dir) {
  let files = 0;
  let bytes = 0;
  let gzipBytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const content = await readFile(join(entry.parentPath, entry.name));
    files++;
    bytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, bytes, gzipBytes };
}

/**
 * Runs Pagefind's Node API over the site with its defaults and writes the bundle to `outputPath`.
 * @param {typeof import('pagefind')} pagefind
 * @param {string} siteDir
 * @param {string} outputPath
 */
async function buildPagefindBundle(pagefind, siteDir, outputPath) {
  const start = performance.now();
  const { index, errors } = await pagefind.createIndex();
  if (!index) throw new Error(`search-peers: Pagefind could not create an index: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: siteDir });
  if (added.errors.length) throw new Error(`search-peers: Pagefind could not index ${siteDir}: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(`search-peers: Pagefind could not write its bundle: ${written.errors.join('; ')}`);
  return { pageCount: added.page_count, indexMs: performance.now() - start };
}

/** @type {Record<string, string>} */
const TEXT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

/**
 * Maps a URL path under `root` to a file, or undefined (also for paths that climb out of root).
 * @param {string} root
 * @param {string} urlPath
 */
async function fileUnder(root, urlPath) {
  const base = resolve(root);
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined; // a malformed escape names no file
  }
  const file = resolve(base, `.${decoded}`);
  if (file !== base && !file.startsWith(base + sep)) return undefined;
  for (const candidate of [file, join(file, 'index.html')]) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
  }
  return undefined;
}

/**
 * A tiny static server for one run: the site, the Pagefind bundle at /pagefind/, and a blank page. Text files are
 * gzip-compressed when the browser asks, as any real host does, so the bytes counted are the bytes a reader would
 * download (Pagefind's index files are compressed by Pagefind itself and go out as they are). It counts the body
 * bytes it sends under /pagefind/.
 * @param {{ siteDir: string, bundleDir: string, port: number }} options
 */
async function startPeerServer({ siteDir, bundleDir, port }) {
  const counter = { pagefindBytes: 0, pagefindRequests: 0 };
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (pathname === BLANK_PATH) {
      response.writeHead(200, { 'Content-Type': TEXT_TYPES['.html'] }).end('<!doctype html><html lang="en"><title>search peers</title></html>');
      return;
    }
    const inBundle = pathname.startsWith('/pagefind/');
    const file = inBundle ? await fileUnder(bundleDir, pathname.slice('/pagefind'.length)) : await fileUnder(siteDir, pathname);
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const type = TEXT_TYPES[extname(file)];
    if (!inBundle) {
      response.writeHead(200, { 'Content-Type': type ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
      return;
    }
    const raw = await readFile(file);
    const gzip = type !== undefined && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    const body = gzip ? gzipSync(raw, { level: 9 }) : raw;
    counter.pagefindBytes += body.length;
    counter.pagefindRequests++;
    response.writeHead(200, {
      'Content-Type': type ?? 'application/octet-stream',
      'Content-Length': body.length,
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    response.end(body);
  });
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveListen(undefined));
  });
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return { server, origin, counter };
}

/**
 * Turns Pagefind's result URLs into routes. Pagefind indexes symbolic links as pages of their own (git-doc's
 * index.html → git.html shows up as `/`), while the engine reads only regular files; a link is reported as the
 * page it points to, so that both name a page the same way.
 * @param {string} siteDir
 */
async function pagefindRouteMapper(siteDir) {
  const routeForFile = await loadRouteForFile();
  const realSite = await realpath(siteDir);
  /** @param {string} file */
  const canonicalFile = async (file) => {
    const info = await lstat(join(siteDir, file)).catch(() => undefined);
    if (!info?.isSymbolicLink()) return file;
    const target = await realpath(join(siteDir, file)).catch(() => undefined);
    return target?.startsWith(realSite + sep) ? relative(realSite, target).split(sep).join('/') : file;
  };
  /** @param {string} url */
  return async (url) => {
    const { pathname } = new URL(url, 'http://127.0.0.1'); // drops the origin, the query and the fragment
    let file = decodeURIComponent(pathname).replace(/^\/+/, '');
    if (file === '' || file.endsWith('/')) file += 'index.html';
    const route = routeForFile(await canonicalFile(file));
    // Pagefind only returns .html pages; anything else keeps its path without a trailing slash.
    return route ?? `/${file.replace(/\/+$/, '')}`;
  };
}

/**
 * @typedef {object} PagefindRun
 * @property {string[][]} rankings Per question, the routes of the first pages Pagefind returns (at most 10).
 * @property {number} pageCount Pages Pagefind indexed.
 * @property {number} indexMs createIndex + addDirectory + writeFiles.
 * @property {{ files: number, bytes: number, gzipBytes: number }} bundle Everything Pagefind wrote (its UI files too).
 * @property {{ bytes: number, requests: number, ms: number }} firstQuery What the browser downloaded under /pagefind/
 *   from loading pagefind.js until the first search resolved, and how long that took.
 * @property {{ bytes: number, requests: number }} firstResults The same until the first query's top-10 `data()` resolved.
 * @property {{ median: number, p95: number }} queryMs Per warm query, search plus the top-10 `data()`.
 */

/**
 * Pagefind with its defaults over a built site, queried by its own browser code in Chromium.
 * @param {{ siteDir: string, questions: string[], chromiumPath?: string, port?: number }} options
 *   `port` 0 (the default) picks a free one.
 * @returns {Promise<PagefindRun>}
 */
export async function pagefindRankings({ siteDir, questions, chromiumPath = process.env.CHROMIUM_PATH || SYSTEM_CHROMIUM, port = 0 }) {
  const pagefind = await loadPagefind();
  const toRoute = await pagefindRouteMapper(siteDir);
  const bundleDir = await mkdtemp(join(tmpdir(), 'docent-pagefind-'));
  /** @type {Awaited<ReturnType<typeof startPeerServer>> | undefined} */
  let peerServer;
  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  try {
    const { pageCount, indexMs } = await buildPagefindBundle(pagefind, siteDir, bundleDir);
    const bundle = await bundleSizes(bundleDir);
    peerServer = await startPeerServer({ siteDir, bundleDir, port });
    const { origin, counter } = peerServer;
    const chromium = await launchChromium(chromiumPath);
    browser = chromium;
    const page = await chromium.newPage();
    await page.goto(`${origin}${BLANK_PATH}`);

    // Two steps per question, so that the bytes sent before the search resolved can be read in between: the search
    // (loading Pagefind on the first one), then data() of the top results, which fetches each one's fragment.
    const search = (/** @type {string} */ query) =>
      page.evaluate(
        /** @param {{ query: string, script: string }} args */
        async ({ query, script }) => {
          const start = performance.now();
          /** @type {any} */
          const scope = globalThis;
          scope.__peerPagefind ??= await import(script);
          scope.__peerResults = (await scope.__peerPagefind.search(query)).results;
          return performance.now() - start;
        },
        { query, script: `${origin}/pagefind/pagefind.js` },
      );
    const resultUrls = () =>
      page.evaluate(async (/** @type {number} */ depth) => {
        const start = performance.now();
        /** @type {{ data(): Promise<{ url: string }> }[]} */
        const results = /** @type {any} */ (globalThis).__peerResults.slice(0, depth);
        const urls = (await Promise.all(results.map((result) => result.data()))).map((data) => data.url);
        return { urls, ms: performance.now() - start };
      }, RANK_DEPTH);

    /** @type {string[][]} */
    const rankings = [];
    /** @type {number[]} */
    const queryMs = [];
    let firstQuery = { bytes: 0, requests: 0, ms: 0 };
    let firstResults = { bytes: 0, requests: 0 };
    for (const [i, question] of questions.entries()) {
      const searchMs = await search(question);
      if (i === 0) firstQuery = { bytes: counter.pagefindBytes, requests: counter.pagefindRequests, ms: searchMs };
      const { urls, ms: dataMs } = await resultUrls();
      if (i === 0) firstResults = { bytes: counter.pagefindBytes, requests: counter.pagefindRequests };
      else queryMs.push(searchMs + dataMs);
      rankings.push(topRoutes(await Promise.all(urls.map(toRoute))));
    }
    return { rankings, pageCount, indexMs, bundle, firstQuery, firstResults, queryMs: { median: median(queryMs), p95: p95(queryMs) } };
  } finally {
    await browser?.close();
    await new Promise((resolveClose) => (peerServer ? peerServer.server.close(resolveClose) : resolveClose(undefined)));
    await pagefind.close();
    await rm(bundleDir, { recursive: true, force: true });
  }
}
