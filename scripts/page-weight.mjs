// What a first visit to a page downloads: every same-origin JavaScript and CSS file, gzip-compressed at level 9,
// split into what the page runs (scripts and stylesheets) and what it only prefetches for the next page
// (Docusaurus's <link rel="prefetch"> for links in view). Shared by `npm run bench` and the page-weight budget test.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Resource types the page itself uses; anything else (prefetch is "other") is for a later page. */
const USED = new Set(['script', 'stylesheet']);

/**
 * Loads `url` in a fresh page of `browser` (Playwright), waits until the network is idle, and returns the JS and
 * CSS files it requested, read from `root` (the built site) for their sizes.
 */
export async function measureFirstLoad(browser, url, root) {
  const page = await browser.newPage();
  const origin = new URL(url).origin;
  const kinds = new Map();
  page.on('request', (request) => {
    const target = new URL(request.url());
    if (target.origin !== origin || !/\.(js|css)$/.test(target.pathname)) return;
    const seen = kinds.get(target.pathname) ?? new Set();
    seen.add(request.resourceType());
    kinds.set(target.pathname, seen);
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    await page.close();
  }
  const files = await Promise.all(
    [...kinds].map(async ([file, types]) => {
      const bytes = await readFile(join(root, file));
      return {
        file,
        kind: file.endsWith('.css') ? 'css' : 'js',
        used: [...types].some((type) => USED.has(type)),
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
