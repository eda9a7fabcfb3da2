// npm run bench: builds the site and prints figures — build time, page count, the JavaScript and CSS a first
// visit to each key page downloads (raw and gzip), what Docent's search button adds to the first load of `/` (two
// more builds of the site, with and without it: scripts/bench-button/), what opening the dialog loads, measured in
// Chromium, the engine's figures over the built site, and the server's (start-up, memory, searchProject under load,
// sendMessage latency) on loopback: see bench-server.mjs, the same on real `docent serve` processes on SQLite, on
// PostgreSQL and as two servers sharing one PostgreSQL, with the cost of counting visitors in the database: see
// bench-postgres.mjs (skipped, saying why, where PostgreSQL cannot run), and Lighthouse (mobile and desktop, median
// of 5 runs) on the key pages served by `docent serve`: see lighthouse.mjs. Search quality and cost on Django's, Node.js's and
// Git's documentation and this site, against Pagefind and plain MiniSearch, and the cost on a site of about 1,000
// pages: see bench-search.mjs.
// --no-lighthouse skips the Lighthouse table (about ten minutes on two cores).
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { benchPostgres } from './bench-postgres.mjs';
import { benchSearch } from './bench-search.mjs';
import { benchServer } from './bench-server.mjs';
import { launchChromium } from './browser.mjs';
import { buildSite } from './build.mjs';
import { printLighthouseTable, runLighthouse, serveSite } from './lighthouse.mjs';
import { measureFirstLoad, watchNetwork } from './page-weight.mjs';
import { ensureBrowser, ensureDependencies, KEY_PAGES, mustRun, ROOT, seconds, WEBSITE } from './lib.mjs';
import { startStaticServer } from './static-server.mjs';

/** The doc page whose first load the bench lists file by file. */
const DOC_PAGE = '/installation/docusaurus';
const PORT = 4190;
const LIGHTHOUSE_PORT = 4192;
/** The with- and without-button builds, served one after the other (4193 is the Lighthouse test's). */
const BUTTON_PORT = 4194;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const WIDGET_DIST = join(ROOT, 'packages', 'widget', 'dist');
/** The target: the search button adds at most 5 KB gzip to the first load. */
const BUTTON_TARGET_GZIP = 5000; // KB read as 1000 bytes, the stricter reading
/** How long the network must stay quiet after the dialog shows (page-weight.mjs waits 30 s at most). */
const QUIET_MS = 500;

const { values: flags } = parseArgs({ options: { 'no-lighthouse': { type: 'boolean', default: false } } });

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Raw and gzip (level 9) size of some bytes or text. */
function sizeOf(content) {
  return { raw: Buffer.byteLength(content), gzip: gzipSync(content, { level: 9 }).length };
}

function sumSizes(sizes) {
  return sizes.reduce((total, size) => ({ raw: total.raw + size.raw, gzip: total.gzip + size.gzip }), { raw: 0, gzip: 0 });
}

async function countPages(sitemap) {
  return (await readFile(sitemap, 'utf8')).match(/<url>/g)?.length ?? 0;
}

/** Records the same-origin files a page requests (pathnames, in order) and tells when the network is quiet. */
function recordRequests(page) {
  const files = [];
  const network = watchNetwork(page);
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin === ORIGIN) files.push(url.pathname);
  });
  return { files, quiet: () => network.quiet(QUIET_MS, 'opening the dialog') };
}

/** The files that load after a click on the navbar search button, until the dialog shows and the network is quiet. */
async function dialogFiles(browser) {
  const page = await browser.newPage();
  await page.goto(`${ORIGIN}/`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => customElements.get('docent-search-button') !== undefined);
  const requests = recordRequests(page);
  await page.locator('nav.navbar docent-search-button').getByRole('button', { name: /^Search/ }).click();
  await page.getByRole('dialog', { name: 'Docent chatbot' }).waitFor({ state: 'visible' });
  await requests.quiet();
  await page.close();
  return [...new Set(requests.files.filter((file) => /\.(js|css|json)$/.test(file)))];
}

/**
 * What the search button adds to the first load of `/`: the site built twice more (scripts/bench-button/), with the
 * button as the only Docent element on the page and without it, each loaded in Chromium. Every file whose gzip size
 * differs between the two loads is listed with the difference; the sum is what the button adds.
 */
async function buttonFirstLoad(browser) {
  const loads = {};
  for (const variant of ['with', 'without']) {
    const outDir = join(tmpdir(), `docent-bench-${variant}-button`);
    await mustRun('npx', ['docusaurus', 'build', '--config', `../scripts/bench-button/${variant}.config.ts`, '--out-dir', outDir], {
      cwd: WEBSITE,
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
      stdio: 'ignore',
    });
    const server = await startStaticServer({ root: outDir, port: BUTTON_PORT });
    try {
      loads[variant] = await measureFirstLoad(browser, `http://127.0.0.1:${BUTTON_PORT}/`, outDir);
    } finally {
      server.close();
    }
    await rm(outDir, { recursive: true, force: true });
  }
  /** Files by role: hashed names differ between builds, so `main.<hash>.js` is matched as `main.js`. */
  const byRole = (load) => new Map(load.used.map((file) => [file.file.replace(/\.[0-9a-f]{8}\.(js|css)$/, '.$1'), file]));
  const withButton = byRole(loads.with);
  const withoutButton = byRole(loads.without);
  const parts = [];
  for (const role of new Set([...withButton.keys(), ...withoutButton.keys()])) {
    const added = withButton.get(role);
    const removed = withoutButton.get(role);
    const raw = (added?.raw ?? 0) - (removed?.raw ?? 0);
    const gzip = (added?.gzip ?? 0) - (removed?.gzip ?? 0);
    if (gzip === 0 && raw === 0) continue;
    const what = !removed ? 'only with the button' : !added ? 'only without the button' : 'grows with the button';
    parts.push({ what, where: role, raw, gzip });
  }
  return parts.sort((a, b) => b.gzip - a.gzip);
}

/** Sizes of files in the widget's standalone bundle (packages/widget/dist) whose names match `pattern`. */
async function distSizes(pattern) {
  const names = (await readdir(WIDGET_DIST).catch(() => [])).filter((name) => pattern.test(name)).sort();
  return Promise.all(names.map(async (name) => ({ where: `dist/${name}`, ...sizeOf(await readFile(join(WIDGET_DIST, name))) })));
}

/** Prints a Markdown table: the label columns, then raw and gzip. */
function printSizeTable(labels, rows) {
  console.log(`| ${[...labels, 'raw', 'gzip'].join(' | ')} |`);
  console.log(`|${'---|'.repeat(labels.length + 2)}`);
  for (const row of rows) console.log(`| ${[...row.cells, kib(row.raw), kib(row.gzip)].join(' | ')} |`);
}

await ensureDependencies();
const executablePath = await ensureBrowser();
const buildMs = await buildSite();
const root = join(WEBSITE, 'build');

const server = await startStaticServer({ root, port: PORT });
const browser = await launchChromium(executablePath);

const rows = [];
let buttonParts = [];
let dialogLoad = [];
let docPageWeight;
try {
  for (const path of KEY_PAGES) {
    const weight = await measureFirstLoad(browser, `${ORIGIN}${path}`, root);
    const totals = { js: 0, jsGzip: 0, css: 0, cssGzip: 0, files: weight.files.length };
    for (const { kind, raw, gzip } of weight.files) {
      totals[kind] += raw;
      totals[`${kind}Gzip`] += gzip;
    }
    rows.push({ path, ...totals });
    if (path === DOC_PAGE) docPageWeight = weight;
  }
  buttonParts = await buttonFirstLoad(browser);
  const opened = await dialogFiles(browser);
  dialogLoad = await Promise.all(opened.map(async (file) => ({ file, ...sizeOf(await readFile(join(root, file))) })));
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
console.log(`first load of the doc page ${DOC_PAGE}, file by file (gzip at level 9; the budget test counts the files it runs):`);
printSizeTable(['file', 'role'], docPageWeight.files.map((file) => ({ ...file, cells: [file.file, file.used ? 'runs' : 'prefetched for a later page'] })));
const { js, css, prefetched } = docPageWeight.totals;
console.log(`runs: JS ${kib(js)} + CSS ${kib(css)} = ${kib(js + css)} gzip; prefetched for later pages: ${kib(prefetched)} gzip`);

console.log('');
console.log('what the Docent search button adds to the first load of / (the site built with and without it; gzip at level 9):');
const buttonTotal = sumSizes(buttonParts);
printSizeTable(['file', 'difference'], [
  ...buttonParts.map((part) => ({ ...part, cells: [part.where, part.what] })),
  { cells: ['total', ''], ...buttonTotal },
]);
const buttonVerdict = buttonTotal.gzip <= BUTTON_TARGET_GZIP ? 'met' : 'NOT met';
console.log(`button on first load: ${buttonTotal.gzip} bytes gzip; target <= ${BUTTON_TARGET_GZIP} bytes (5 KB): ${buttonVerdict}`);
const scriptTagButton = sumSizes(await distSizes(/^docent\.(js|css)$/));
console.log(`script-tag install: button (dist/docent.js + dist/docent.css): ${kib(scriptTagButton.raw)} raw, ${kib(scriptTagButton.gzip)} gzip`);

console.log('');
console.log('opening the dialog (files loaded after a click on the navbar search button, until it shows and the network is idle):');
const dialogCode = dialogLoad.filter((loaded) => /\.(js|css)$/.test(loaded.file));
printSizeTable(['file'], [
  ...dialogLoad.map((loaded) => ({ ...loaded, cells: [loaded.file] })),
  { cells: ['total JS and CSS'], ...sumSizes(dialogCode) },
]);
console.log('');
console.log('script-tag install: dialog chunk (packages/widget/dist):');
const scriptTagDialog = await distSizes(/^docent-dialog.*\.(js|css)$/);
printSizeTable(['file'], [
  ...scriptTagDialog.map((file) => ({ ...file, cells: [file.where] })),
  { cells: ['total'], ...sumSizes(scriptTagDialog) },
]);

// The public set is the one the docs and the engine were tuned against; the holdout set was written apart
// and is never tuned against, so the gap between the two shows how well ranking generalises.
for (const set of ['public', 'holdout']) {
  console.log('');
  console.log(`retrieval on the ${set} question set (packages/engine/test/questions/${set}.json):`);
  await mustRun('node', ['packages/server/bin/docent.js', 'eval', `packages/engine/test/questions/${set}.json`, '--index', 'website/build/docent-index.json']);
}
console.log('');
console.log('engine figures over the built site:');
await mustRun('node', ['--import', 'tsx', 'packages/engine/bench/bench.ts']);
console.log('');
// Real documentation nobody here wrote, against Pagefind and plain MiniSearch: see bench-search.mjs.
await benchSearch({ chromiumPath: executablePath });
console.log('');
await benchServer({ siteDir: root });
console.log('');
await benchPostgres({ siteDir: root });

if (!flags['no-lighthouse']) {
  console.log('');
  console.log('Lighthouse 12 (median of 5 runs; the site served by docent serve on loopback; bar: performance 98 mobile and 100 desktop, 100 elsewhere):');
  const site = await serveSite({ siteDir: root, port: LIGHTHOUSE_PORT });
  try {
    const results = await runLighthouse({ origin: site.origin, chromePath: executablePath });
    printLighthouseTable(results);
    for (const { path, preset, lost } of results) {
      for (const [category, audits] of Object.entries(lost)) {
        if (audits.length > 0) console.log(`- ${path} ${preset} ${category}: ${audits.join('; ')}`);
      }
    }
  } finally {
    await site.stop();
  }
}
