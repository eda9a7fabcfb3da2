// What a first visit to a page downloads: every same-origin JavaScript and CSS file, gzip-compressed at level 9,
// split into what the page runs (scripts and stylesheets) and what it only prefetches for the next page
// (Docusaurus's <link rel="prefetch"> for links in view). Shared by `npm run bench` and the page-weight budget test.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { waitForHydration } from './hydration.mjs';

/** How long the network must stay quiet after hydration before the first load counts as over. */
const QUIET_MS = 1500;
const QUIET_TIMEOUT_MS = 30_000;

/**
 * Follows a page's requests; `quiet` resolves once none has been in flight for `quietMs`, and throws after
 * QUIET_TIMEOUT_MS naming `what`.
 */
export function watchNetwork(page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (step) => () => {
    inFlight += step;
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return {
    async quiet(quietMs, what) {
      const deadline = Date.now() + QUIET_TIMEOUT_MS;
      while (inFlight > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`${what}: the network did not go quiet within ${QUIET_TIMEOUT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Resource types the page itself uses; anything else (prefetch is "other") is for a later page. */
const USED = new Set(['script', 'stylesheet']);

/**
 * The ids of the bundler chunks the page has run (Rspack's `self.webpackChunk<name>` arrays). A chunk prefetched
 * first and then run is served from the prefetch cache without a second request, so the request alone does not
 * tell whether the page used it.
 */
function loadedChunkIds() {
  return Object.keys(self)
    .filter((key) => key.startsWith('webpackChunk') && Array.isArray(self[key]))
    .flatMap((key) => self[key].flatMap((entry) => entry[0].map(String)));
}

/**
 * Loads `url` in a fresh page of `browser` (Playwright), waits until the network is idle, and returns the JS and
 * CSS files it requested, read from `root` (the built site) for their sizes.
 */
export async function measureFirstLoad(browser, url, root) {
  const page = await browser.newPage();
  const origin = new URL(url).origin;
  const kinds = new Map();
  const network = watchNetwork(page);
  page.on('request', (request) => {
    const target = new URL(request.url());
    if (target.origin !== origin || !/\.(js|css)$/.test(target.pathname)) return;
    const seen = kinds.get(target.pathname) ?? new Set();
    seen.add(request.resourceType());
    kinds.set(target.pathname, seen);
  });
  let chunkIds;
  try {
    await page.goto(url, { waitUntil: 'load' });
    // Lazy chunks start after hydration (the API explorer, the search button): wait for it, then for quiet.
    await waitForHydration(page);
    await network.quiet(QUIET_MS, url);
    chunkIds = new Set(await page.evaluate(loadedChunkIds));
  } finally {
    await page.close();
  }
  /** `/assets/js/<chunk id>.<hash>.js`; the runtime (`runtime~main`) runs first on every page. */
  const ranChunk = (file) => {
    const name = /^\/assets\/js\/([^/.]+)\.[^/]+\.js$/.exec(file)?.[1];
    return name !== undefined && (name.startsWith('runtime~') || chunkIds.has(name));
  };
  const files = await Promise.all(
    [...kinds].map(async ([file, types]) => {
      const bytes = await readFile(join(root, file));
      return {
        file,
        kind: file.endsWith('.css') ? 'css' : 'js',
        used: ranChunk(file) || [...types].some((type) => USED.has(type)),
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
      };
    }),
  );
  files.sort((a, b) => b.gzip - a.gzip);
  const used = files.filter((file) => file.used);
  const sum = (list, kind) => list.filter((file) => file.kind === kind).reduce((total, file) => total + file.gzip, 0);
  return {
    files,
    used,
    prefetched: files.filter((file) => !file.used),
    totals: { js: sum(used, 'js'), css: sum(used, 'css'), prefetched: sum(files.filter((file) => !file.used), 'js') },
  };
}
