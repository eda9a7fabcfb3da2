// npm run bench, server section, "sync under load" (run by benchServer in bench-server.mjs; alone:
// `node -e "import('./scripts/bench-sync.mjs').then((m) => m.benchSync())"`): issue 15's performance check. A
// generated documentation site of PAGES pages (a few KB each, h1 and h2 sections, varied vocabulary, a sitemap.xml
// listing them all) is served by node:http on 127.0.0.1 from a temporary folder, in a child process so that
// serving it does not share the server's event loop. A Docent server of its own, built by createServer in this
// process with a tiny hosted site and its own temporary SQLite file, then:
// - answers searchProject at a light, steady load (LOAD.rate requests/s from a child process over at most
//   LOAD.connections connections, the public question set in rotation; see "The load" below) while idle;
// - syncs a sitemap source of the generated site, added with an admin key through addSource, under the same load;
//   the sync's duration, pages/s, the process's peak RSS and the documents indexed are recorded;
// - answers the same load idle again, now over the synced pages;
// - finds one generated page by a word only that page has, to show the crawled content is searchable.
// It fails, after printing, when a page is not indexed, a search is not answered 2xx, or the sync raises
// searchProject's p95 above twice its idle value (the issue's bar). The idle value is the one after the sync: a
// search over 1,000 pages costs several times one over the tiny hosted site, so the p95 before the sync would
// fail the bar on the content alone, sync or no sync; it is printed too, with the ratio to it.
// Only Node built-ins are imported up front, as in bench-server.mjs.
import { fork } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { Agent, createServer as createHttpServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const SERVER_DIST = join(ROOT, 'packages', 'server', 'dist');
const PUBLIC_QUESTIONS = join(ROOT, 'packages', 'engine', 'test', 'questions', 'public.json');
const PROJECT = 'docent-bench-sync';
const HOST = '127.0.0.1';
const PAGES = 1000;
/**
 * The crawler's politeness defaults (250 ms between two requests to a host, 2 in flight) would make this sync last
 * over 250 s. No pause and 4 in flight make the crawl as fast as the server can take it: the most a sync can
 * weigh on searches, so the harshest setting for the issue's bar, not the mildest.
 */
const CRAWL = { delayMs: 0, concurrencyPerHost: 4 };
/** The server's look for changes by other processes and for due syncs, as often as the tests have it, so it runs during the sync. */
const POLL_MS = 200;
/** Far above anything the bench sends: one visitor (127.0.0.1) sends every search (bench-server.mjs's BENCH_LIMITS). */
const LIMITS = {
  messages: { requests: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
  searches: { requests: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
};
/**
 * A light load, far below what the server can answer: a steady rate measures what a sync adds to each search,
 * where a saturating load would measure a queue (and starve the crawl).
 */
const LOAD = { connections: 10, rate: 20 }; // a search over the synced pages takes about 13 ms: about a quarter of one core
const IDLE_S = 5;
/**
 * The load goes on this long after the sync ends, and counts as during it: the server's poll (every POLL_MS) sees
 * the content the sync changed and may rebuild the index once more, which is the sync's cost too.
 */
const SETTLE_MS = 5 * POLL_MS;
/** The load during the sync stops when the sync ends; past this, the bench gives up on it. */
const SYNC_LIMIT_S = 120;
/** The page searched for by its unique word after the sync: one from the middle of the sitemap, not the first. */
const PROBE_PAGE = 737;
const RSS_EVERY_MS = 100;
/** The arguments that make this file the generated site's server, or the load generator (forked by benchSync). */
const SITE_SERVER = '--bench-sync-site';
const LOAD_GENERATOR = '--bench-sync-load';

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const ms = (value) => `${value.toFixed(value < 1 ? 2 : 1)} ms`;

function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** Node's `gc()`, exposed at run time (the bench is not started with --expose-gc). */
function garbageCollector() {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc');
}

// ---------------------------------------------------------------------------------------------------------------
// The generated site. A seeded generator, so every run crawls the same bytes and figures compare between runs.

/** mulberry32: small, seeded, good enough to pick words. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (text) => text.split(' ');
// Documentation vocabulary: enough words that pages differ and the index holds many terms, as a real site's does.
const AREAS = words('authentication webhooks pagination deployments databases caching search billing permissions logging metrics backups migrations plugins themes localization notifications sessions tokens queues storage networking certificates domains environments secrets builds releases testing analytics');
const ACTIONS = words('Configuring Troubleshooting Migrating Securing Scaling Monitoring Testing Understanding Automating Customizing Debugging Deploying');
const HEADINGS = 'Overview|Before you begin|Install the client|Configuration options|Examples|Limits and quotas|Troubleshooting|Security considerations|Performance tuning|Reference|Frequently asked questions|Next steps|Upgrading|Error codes'.split('|');
const NOUNS = words(
  'server client request response header token key secret endpoint route handler middleware queue worker job schedule retry timeout connection pool cluster node replica shard index record field schema table column query filter cursor page limit quota bucket object file folder path volume snapshot backup archive log event trace span metric alert dashboard threshold policy role member team organization project workspace environment variable setting option flag feature plugin extension theme template layout component widget dialog button form input session cookie domain certificate proxy gateway balancer region zone network firewall port socket stream channel topic subscriber publisher message payload signature hash checksum version release build artifact pipeline stage runner cache entry key-value store database migration transaction lock deadlock report invoice plan subscription customer account user password identity provider callback redirect scope consent audit',
);
const VERBS = words(
  'configures validates rejects retries caches stores returns sends receives rotates expires renews signs verifies encrypts decrypts compresses streams batches schedules cancels pauses resumes indexes filters sorts paginates exports imports archives restores replicates migrates deploys builds publishes subscribes notifies logs traces measures limits throttles refreshes invalidates resolves routes balances proxies authorizes authenticates revokes grants',
);
const ADJECTIVES = words(
  'default custom optional required idle active stale fresh encrypted signed public private internal external regional global primary secondary temporary permanent incremental full partial nightly hourly daily weekly concurrent sequential nested flat strict lenient verbose quiet new legacy deprecated experimental stable beta hosted managed dedicated shared isolated',
);
const TIMES = words('minute hour day week request second');

const pick = (random, list) => list[Math.floor(random() * list.length)];

function shuffled(random, list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
const capital = (text) => text[0].toUpperCase() + text.slice(1);

function sentence(random, area) {
  const templates = [
    () => `The ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)} ${pick(random, VERBS)} each ${pick(random, NOUNS)} before the ${pick(random, NOUNS)} ${pick(random, VERBS)} it.`,
    () => `When ${area} is ${pick(random, ADJECTIVES)}, the ${pick(random, NOUNS)} ${pick(random, VERBS)} the ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)} within ${2 + Math.floor(random() * 58)} seconds.`,
    () => `Set the ${pick(random, NOUNS)} option to ${pick(random, ADJECTIVES)} if your ${pick(random, NOUNS)} ${pick(random, VERBS)} more than ${10 + Math.floor(random() * 990)} ${pick(random, NOUNS)}s per ${pick(random, TIMES)}.`,
    () => `${capital(area)} ${pick(random, VERBS)} a ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)} for every ${pick(random, NOUNS)}, so the ${pick(random, NOUNS)} stays ${pick(random, ADJECTIVES)}.`,
    () => `If the ${pick(random, NOUNS)} fails, the ${pick(random, NOUNS)} ${pick(random, VERBS)} the ${pick(random, NOUNS)} and the ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)} is kept.`,
  ];
  return pick(random, templates)();
}

function paragraph(random, area, sentences) {
  return `<p>${Array.from({ length: sentences }, () => sentence(random, area)).join(' ')}</p>`;
}

/** A section's body: paragraphs, and now and then a list or a code sample, as doc pages have. */
function sectionBody(random, area) {
  const parts = [paragraph(random, area, 2 + Math.floor(random() * 3)), paragraph(random, area, 2 + Math.floor(random() * 2))];
  if (random() < 0.35) parts.push(`<ul>${Array.from({ length: 3 }, () => `<li><code>${pick(random, NOUNS)}.${pick(random, NOUNS)}</code>: ${sentence(random, area)}</li>`).join('')}</ul>`);
  if (random() < 0.25) {
    parts.push(`<pre><code>${area}:\n  ${pick(random, NOUNS)}: ${pick(random, ADJECTIVES)}\n  ${pick(random, NOUNS)}_${pick(random, NOUNS)}: ${Math.floor(random() * 1000)}\n</code></pre>`);
  }
  return parts.join('\n');
}

/** A word found on one page only: ten random letters, far (in edits) from every other page's. */
function uniqueWord(random) {
  return `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('')}`;
}

/** The pages' paths and titles: /docs/<area>/<action>-<n>, an area per page in turn. */
function sitePlan() {
  return Array.from({ length: PAGES }, (_, n) => {
    const random = seeded(n + 1);
    const area = AREAS[n % AREAS.length];
    const action = pick(random, ACTIONS);
    return { n, area, path: `/docs/${area}/${action.toLowerCase()}-${n}`, title: `${action} ${area} (${n})`, random };
  });
}

function pageHtml(page, plan) {
  const { random, area } = page;
  const word = uniqueWord(random);
  const neighbours = plan.filter((other) => other.area === area).slice(0, 12);
  const nav = neighbours.map((other) => `<li><a href="${other.path}">${other.title}</a></li>`).join('');
  const headings = shuffled(random, HEADINGS).slice(0, 4 + Math.floor(random() * 3));
  const sections = headings.map((heading, k) => `<h2 id="s${k}">${heading}</h2>\n${sectionBody(random, area)}`).join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${page.title} | Bench Docs</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><header><a href="/">Bench Docs</a></header><nav><ul>${nav}</ul></nav>
<main><article><h1>${page.title}</h1>
${paragraph(random, area, 3)}
<p>This page's release name is ${word}.</p>
${sections}
</article></main><footer><p>Bench Docs, generated for Docent's bench.</p></footer></body></html>
`;
  return { html, word };
}

/** Writes the pages into `dir`; resolves with the unique word of each page, by path. */
async function writeSite(dir) {
  const plan = sitePlan();
  const unique = new Map();
  let bytes = 0;
  for (const area of AREAS) await mkdir(join(dir, 'docs', area), { recursive: true });
  for (const page of plan) {
    const { html, word } = pageHtml(page, plan);
    unique.set(page.path, word);
    bytes += Buffer.byteLength(html);
    await writeFile(join(dir, `${page.path}.html`), html);
  }
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Bench Docs</title><main><h1>Bench Docs</h1></main>');
  return { paths: plan.map((page) => page.path), unique, bytes };
}

/** sitemap.xml and robots.txt, once the site's origin is known. */
async function writeSiteMaps(dir, origin, paths) {
  const urls = paths.map((path) => `<url><loc>${origin}${path}</loc><lastmod>2025-01-01</lastmod></url>`).join('\n');
  await writeFile(join(dir, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  await writeFile(join(dir, 'robots.txt'), `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8' };

/** In the child: the folder served over HTTP, pages without their `.html` as a docs host serves them. */
function serveFolder(dir) {
  const root = resolve(dir);
  const server = createHttpServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://site');
    const name = pathname.endsWith('/') ? `${pathname}index.html` : extname(pathname) ? pathname : `${pathname}.html`;
    // The generated names need no decoding; an encoded path is simply not found (and cannot leave the folder).
    const file = resolve(root, `.${name}`);
    const found = file.startsWith(root + sep) && (await stat(file).catch(() => null))?.isFile();
    if (!found) {
      response.writeHead(404, { 'content-type': TYPES['.html'] }).end('<h1>Not found</h1>');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  server.listen(0, HOST, () => process.send({ origin: `http://${HOST}:${server.address().port}` }));
  // The bench ended (or died): nothing else keeps this process.
  process.once('disconnect', () => process.exit(0));
}

/** Forks this file as the generated site's server; resolves with its origin and a way to stop it. */
function startSite(dir) {
  return new Promise((resolvePromise, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [SITE_SERVER, dir], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench-sync: the site's server exited (code ${code}) before listening`)));
    child.once('message', ({ origin }) =>
      resolvePromise({
        origin,
        stop: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.kill()))),
      }),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The load: searches sent at a steady rate from a child process, until its duration ends or it is told to stop.
// Not autocannon's rate limit: autocannon sends each connection's share of a second in one burst at the start of
// the second, then waits, so a stall of the server in the rest of the second meets no request, and the bursts
// queue behind each other. Here one request is due every 1000 / rate ms whatever the server does (an open loop,
// as visitors arrive), over at most `connections` keep-alive connections; a request's time runs from the moment
// it is handed to the agent, so the wait for a free connection behind a slow response counts.

const sleep = (delayMs) => new Promise((done) => setTimeout(done, delayMs));

/** In the child: GET one path; resolves with the status (0 on a connection error or timeout) and the time taken. */
function timedGet(agent, url) {
  const started = performance.now();
  return new Promise((done) => {
    const outgoing = request(url, { agent, timeout: 10_000 }, (response) => {
      response.resume();
      response.once('end', () => done({ status: response.statusCode, ms: performance.now() - started }));
      response.once('error', () => done({ status: 0, error: 'error', ms: performance.now() - started }));
    });
    outgoing.once('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.once('error', (error) => done({ status: 0, error: error.message === 'timeout' ? 'timeout' : 'error', ms: performance.now() - started }));
    outgoing.end();
  });
}

/** In the child: the paths in rotation at `rate` requests/s; answers with every response's time and status. */
async function runLoad({ origin, paths, connections, rate, duration }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const responses = [];
  let stopped = false;
  process.once('message', () => {
    stopped = true;
  });
  process.send({ started: true });
  const started = performance.now();
  const pending = [];
  for (let sent = 0; !stopped && performance.now() - started < duration * 1000; sent++) {
    // Due times from the start, not from the last send: a late timer sends what is due at once, the rate holds.
    const wait = started + (sent * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(timedGet(agent, `${origin}${paths[sent % paths.length]}`).then((response) => responses.push(response)));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  agent.destroy();
  const statusCodes = {};
  for (const { status } of responses) statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  return {
    samples: responses.map((response) => response.ms),
    seconds,
    non2xx: responses.filter((response) => response.status !== 0 && (response.status < 200 || response.status > 299)).length,
    statusCodes,
    errors: responses.filter((response) => response.error === 'error').length,
    timeouts: responses.filter((response) => response.error === 'timeout').length,
  };
}

/**
 * Forks this file as the load generator. Resolves once it is sending, with `stop()` (ends the run early) and
 * `figures` (resolves with the run's figures when it ends).
 */
function startLoad(options) {
  return new Promise((resolvePromise, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [LOAD_GENERATOR], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settle;
    const figures = new Promise((done, fail) => (settle = { done, fail }));
    // A child that fails before sending rejects the start; nobody awaits `figures` then.
    figures.catch(() => undefined);
    let result;
    child.on('message', (message) => {
      // send's callback takes the error of a child already gone (its run ended), which is no failure.
      if (message.started) resolvePromise({ stop: () => child.connected && child.send('stop', () => undefined), figures });
      else result = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const failure = result?.error ?? (result ? null : `exited (${signal ?? `code ${code}`}) without figures`);
      if (failure) {
        reject(new Error(`bench-sync: the load generator failed: ${failure}`));
        settle.fail(new Error(`bench-sync: the load generator failed: ${failure}`));
      } else settle.done(summarise(result));
    });
    child.send(options);
  });
}

/** p50/p95/p99 and the longest of a run's response times. */
function summarise({ samples, ...run }) {
  return {
    ...run,
    count: samples.length,
    requestsPerSecond: samples.length / run.seconds,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: Math.max(0, ...samples),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === SITE_SERVER) serveFolder(process.argv[3]);
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === LOAD_GENERATOR) {
  process.once('message', (options) => {
    runLoad(options)
      .catch((error) => ({ error: error.stack ?? String(error) }))
      .then((figures) => process.send(figures, () => process.disconnect()));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The server under test, and what the bench asks of it.

/** Docent's server as `docent serve` builds it, crawling private addresses (the site is on loopback), and an admin key. */
async function startSyncServer(hostedDir, dbFile) {
  const load = (file) => import(pathToFileURL(join(SERVER_DIST, file)).href);
  const [{ createServer }, { openSqliteStore }, { generateKey }] = await Promise.all(['app/createServer.js', 'store/sqlite/index.js', 'access/keys.js'].map(load));
  const messages = [];
  const store = openSqliteStore(dbFile);
  const server = await createServer({
    store,
    site: { dir: hostedDir, project: PROJECT },
    llm: null,
    allowPrivateNetworks: true,
    crawl: CRAWL,
    pollMs: POLL_MS,
    limits: LIMITS,
    watchSite: false,
    logger: (message) => messages.push(message),
  });
  try {
    const made = generateKey();
    await store.createKey({ prefix: made.prefix, hash: made.hash, project: PROJECT, name: 'bench-sync', scopes: ['admin'], memberEmail: null, expiresAt: null });
    return { server, origin: await server.listen(0, HOST), key: made.key, messages };
  } catch (error) {
    await server.close();
    throw error;
  }
}

async function api(target, path, init = {}) {
  const response = await fetch(`${target.origin}/v1/projects/${PROJECT}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${target.key}`, 'content-type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Every query once, as a visitor would send it (no key: the project is public); each must answer 200. */
async function warmUp(origin, paths) {
  for (const path of paths) {
    const response = await fetch(`${origin}${path}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`bench-sync: the warm-up search ${path} answered ${response.status}`);
  }
}

/**
 * The process's RSS (the server's and the bench's: they share it) every RSS_EVERY_MS; the returned stop() gives the
 * highest seen. No sample is taken while the event loop is blocked; memory allocated then is still held after.
 */
function watchRss() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, RSS_EVERY_MS);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

/**
 * addSource (sitemap) with the admin key; the server queues its first sync. Resolves when the sync is done and
 * SETTLE_MS have passed, with the sync's duration (to the index swapped in) and the peak RSS until then.
 */
async function syncUnderLoad(target, sitemapUrl, load) {
  const stopRss = watchRss();
  try {
    const started = performance.now();
    const added = await api(target, '/sources', { method: 'POST', body: JSON.stringify({ type: 'sitemap', url: sitemapUrl }) });
    if (added.status !== 201) throw new Error(`bench-sync: addSource answered ${added.status}: ${JSON.stringify(added.body)}`);
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`bench-sync: the sync took over ${SYNC_LIMIT_S} s`)), SYNC_LIMIT_S * 1000).unref());
    await Promise.race([target.server.syncsIdle(PROJECT), timeout]);
    const seconds = (performance.now() - started) / 1000;
    await sleep(SETTLE_MS);
    return { seconds, peakRss: stopRss(), sourceId: added.body.id };
  } finally {
    stopRss();
    // Also on a failure: the load generator would otherwise go on for SYNC_LIMIT_S.
    load.stop();
  }
}

/** The page of one unique word, searched for as a visitor: it must be the first result. */
async function findByWord(origin, word) {
  const response = await fetch(`${origin}/v1/projects/${PROJECT}/search?q=${encodeURIComponent(word)}`);
  const body = await response.json();
  // A section's URL carries its #fragment; the page is what counts here.
  return { status: response.status, first: body.results?.[0]?.url?.split('#')[0] ?? null };
}

function printRow(label, run) {
  console.log(
    `| ${label} | ${run.seconds.toFixed(1)} s | ${run.count} | ${Math.round(run.requestsPerSecond)} | ${ms(run.p50)} | ${ms(run.p95)} | ${ms(run.p99)} | ${ms(run.max)} | ${run.non2xx} |`,
  );
}

function printFigures(figures) {
  const { before, during, after, sync, site, source, found, messages } = figures;
  console.log(
    `sync under load: a server of its own (createServer in this process, a tiny hosted site, its own temporary SQLite file, per-visitor limits lifted, allowPrivateNetworks: true ` +
      `as the site is on loopback, pollMs ${POLL_MS}) syncs a sitemap source of a generated site of ${PAGES} pages (${mib(site.bytes)} of HTML, ` +
      `served by node:http in a child process on ${HOST}), added through addSource with an admin key`,
  );
  console.log(
    `crawl: { delayMs: ${CRAWL.delayMs}, concurrencyPerHost: ${CRAWL.concurrencyPerHost} } (the defaults, 250 ms and 2, would take over 250 s for ${PAGES} pages; ` +
      'no pause and 4 in flight are the most a sync can weigh on searches, the harshest case for the bar)',
  );
  console.log(
    `searchProject load: one request every ${1000 / LOAD.rate} ms (${LOAD.rate}/s, whatever the server does) over at most ${LOAD.connections} keep-alive connections, ` +
      'from a child process, the public question set in rotation; a time includes the wait for a free connection',
  );
  console.log('');
  console.log('| searchProject | load for | requests | req/s | p50 | p95 | p99 | max | non-2xx |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  printRow('idle before the sync (the hosted page only)', before);
  printRow(`during the sync (and ${SETTLE_MS} ms after it)`, during);
  printRow(`idle after the sync (${source.document_count} more pages)`, after);
  console.log('');
  console.log(
    `sync: ${sync.seconds.toFixed(1)} s from addSource to the index swapped in, ${source.document_count} documents indexed (source ${source.status}` +
      `${source.error ? `: ${source.error}` : ''}), ${(source.document_count / sync.seconds).toFixed(0)} pages/s; ` +
      `peak RSS ${mib(sync.peakRss)} (sampled every ${RSS_EVERY_MS} ms; ${mib(sync.rssBefore)} before the sync, after a GC)`,
  );
  console.log(
    `searchProject p95: ${ms(during.p95)} during the sync, ${ms(after.p95)} idle after it (${(during.p95 / after.p95).toFixed(2)}×; bar: at most 2×, ${ms(2 * after.p95)}); ` +
      `${ms(before.p95)} idle before it (${(during.p95 / before.p95).toFixed(2)}×)`,
  );
  console.log(`after the sync: "${found.word}" finds ${found.first ?? 'nothing'} first (expected ${found.expected})`);
  if (messages.length > 0) console.log(`server log:\n${messages.map((message) => `  ${message}`).join('\n')}`);
}

function failuresOf({ before, during, after, source, found }) {
  const failures = [];
  if (source.status !== 'ready') failures.push(`the source is ${source.status}${source.error ? ` (${source.error})` : ''}`);
  if (source.document_count !== PAGES) failures.push(`${source.document_count} documents indexed of ${PAGES}`);
  for (const [name, run] of [['idle before the sync', before], ['during the sync', during], ['idle after the sync', after]]) {
    if (run.non2xx > 0) failures.push(`searchProject ${name}: ${run.non2xx} non-2xx responses (by status: ${JSON.stringify(run.statusCodes)})`);
    if (run.errors > 0 || run.timeouts > 0) failures.push(`searchProject ${name}: ${run.errors} connection errors, ${run.timeouts} timeouts`);
  }
  if (during.p95 > 2 * after.p95) {
    failures.push(`searchProject p95 during the sync ${ms(during.p95)} is over twice its idle p95 ${ms(after.p95)} (${(during.p95 / after.p95).toFixed(2)}×; ${ms(before.p95)} before the sync)`);
  }
  if (found.status !== 200 || found.first !== found.expected) failures.push(`"${found.word}" found ${found.first ?? 'nothing'} (status ${found.status}), not ${found.expected}`);
  return failures;
}

/**
 * Runs "sync under load" and prints it; resolves with its figures and its failures (benchServer throws on them
 * after printing, as for the limits). `gc` is Node's; `questions` the public question set's queries.
 */
export async function measureSyncUnderLoad({ gc = garbageCollector(), questions } = {}) {
  const queries = questions ?? JSON.parse(await readFile(PUBLIC_QUESTIONS, 'utf8')).map((entry) => entry.q);
  const dir = await mkdtemp(join(tmpdir(), 'docent-bench-sync-'));
  const siteDir = join(dir, 'site');
  const hostedDir = join(dir, 'hosted');
  let site;
  let target;
  try {
    await mkdir(hostedDir, { recursive: true });
    await writeFile(join(hostedDir, 'index.html'), '<!doctype html><title>Home | Bench</title><main><h1>Bench</h1><p>The hosted site of the sync bench.</p></main>');
    const generated = await writeSite(siteDir);
    site = await startSite(siteDir);
    await writeSiteMaps(siteDir, site.origin, generated.paths);
    target = await startSyncServer(hostedDir, join(dir, 'docent.db'));

    const paths = queries.map((q) => `/v1/projects/${PROJECT}/search?q=${encodeURIComponent(q)}`);
    await warmUp(target.origin, paths);
    const loadOptions = { origin: target.origin, paths, ...LOAD };
    const before = await (await startLoad({ ...loadOptions, duration: IDLE_S })).figures;

    gc();
    const rssBefore = process.memoryUsage().rss;
    const load = await startLoad({ ...loadOptions, duration: SYNC_LIMIT_S });
    const sync = await syncUnderLoad(target, `${site.origin}/sitemap.xml`, load);
    const during = await load.figures;
    const after = await (await startLoad({ ...loadOptions, duration: IDLE_S })).figures;

    const source = (await api(target, `/sources`)).body.data.find((item) => item.id === sync.sourceId);
    const [expectedPath, word] = [...generated.unique][PROBE_PAGE];
    const found = { word, expected: `${site.origin}${expectedPath}`, ...(await findByWord(target.origin, word)) };
    const figures = { before, during, after, sync: { ...sync, rssBefore }, site: generated, source, found, messages: target.messages };
    printFigures(figures);
    return { ...figures, failures: failuresOf(figures) };
  } finally {
    await target?.server.close();
    await site?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** "sync under load" on its own: prints, then throws on any failure. */
export async function benchSync(options) {
  const result = await measureSyncUnderLoad(options);
  if (result.failures.length > 0) throw new Error(`bench-sync: ${result.failures.join('; ')}`);
  return result;
}
