// npm run bench: builds the site and prints figures — build time, page count, and the JavaScript
// and CSS a first visit to each key page downloads (raw and gzip), measured in Chromium.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSite } from './build.mjs';
import { ensureBrowser, ensureDependencies, mustRun, seconds, WEBSITE } from './lib.mjs';
import { startStaticServer } from './static-server.mjs';

const KEY_PAGES = ['/', '/installation/docusaurus', '/customization/layout', '/api/send-message', '/category/installation'];
const PORT = 4190;

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

async function countPages(sitemap) {
  return (await readFile(sitemap, 'utf8')).match(/<url>/g)?.length ?? 0;
}

await ensureDependencies();
const executablePath = await ensureBrowser();
const buildMs = await buildSite();
const root = join(WEBSITE, 'build');

const { chromium } = createRequire(join(WEBSITE, 'package.json'))('@playwright/test');
const server = await startStaticServer({ root, port: PORT });
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

const rows = [];
try {
  for (const path of KEY_PAGES) {
    const page = await browser.newPage();
    const files = new Set();
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (/\.(js|css)$/.test(url.pathname)) files.add(url.pathname);
    });
    await page.goto(`http://127.0.0.1:${PORT}${path}`, { waitUntil: 'networkidle' });
    await page.close();
    const totals = { js: 0, jsGzip: 0, css: 0, cssGzip: 0, files: files.size };
    for (const file of files) {
      const bytes = await readFile(join(root, file));
      const kind = file.endsWith('.css') ? 'css' : 'js';
      totals[kind] += bytes.length;
      totals[`${kind}Gzip`] += gzipSync(bytes, { level: 9 }).length;
    }
    rows.push({ path, ...totals });
  }
} finally {
  await browser.close();
  server.close();
}

console.log('');
console.log(`build: ${seconds(buildMs)}, ${await countPages(join(root, 'sitemap.xml'))} pages in the sitemap`);
console.log('');
console.log('first load of a page (all JS and CSS it downloads; gzip at level 9):');
console.log('| page | files | JS | JS gzip | CSS | CSS gzip |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(`| ${row.path} | ${row.files} | ${kib(row.js)} | ${kib(row.jsGzip)} | ${kib(row.css)} | ${kib(row.cssGzip)} |`);
}

console.log('');
console.log('retrieval on the public question set (packages/engine/test/questions/public.json):');
await mustRun('node', [
  'packages/server/bin/docent.js',
  'eval',
  'packages/engine/test/questions/public.json',
  '--index',
  'website/build/docent-index.json',
]);
console.log('');
console.log('engine figures over the built site:');
await mustRun('node', ['--import', 'tsx', 'packages/engine/bench/bench.ts']);
