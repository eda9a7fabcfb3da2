// npm run bench, server section, "limits under load" (run by benchServer in bench-server.mjs): a second server,
// built like the first but with docent serve's default per-visitor limits (DEFAULT_LIMITS, not the bench's lifted
// ones), behind a trusted proxy on loopback (`trustProxy: { addresses: ['loopback'] }`: the visitor is the
// rightmost X-Forwarded-For address) and with its own temporary SQLite file. The project's daily storage allowance
// is lowered to DAILY_STORAGE_MB through docent.config (`limits.daily_storage_mb`, as a deployment sets it) so that
// the events run reaches it: at the default 50 MiB, the visitor limits of this rotation let through at most 66,000
// events a minute, about 9 MB, and the allowance would never answer.
// Two runs of autocannon in the forked load generator, 50 connections for RUN_S seconds each: searchProject (GET),
// then recordEvents (POST, BATCH page_view events per request). The visitors take turns (see visitorRotation):
// - LIGHT_VISITORS light visitors (198.51.100.0/24) send up to half their limit each, then stop: they never see a
//   429 from their limit;
// - HEAVY_VISITORS heavy visitors (203.0.113.0/24) send every other request, and every request once the light ones
//   are done: past HEAVY_VISITORS × limit of their requests, each is over its limit.
// So the expected 429s are, visitor by visitor, the requests beyond the limit (for events, those within it but
// past the project's allowance answer 429 too), counted from what each visitor was answered. Each X-Forwarded-For
// also starts with a forged address, new for every request, as any client may write one there: were the server to
// key on it, no visitor would reach its limit. The section throws, after printing, on any 5xx or other non-2xx
// that is not a 429, on a visitor answered past its limit, on 429s that differ from the expected, and on database
// growth past the allowance plus STORAGE_OVERHEAD.
// Only Node built-ins are imported up front, as in bench-server.mjs.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SERVER = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'packages', 'server');
const SERVER_DIST = join(SERVER, 'dist');
const HOST = '127.0.0.1';
const RUN_S = 5;
const LIGHT_VISITORS = 180;
const HEAVY_VISITORS = 20;
/** Events per recordEvents request; the visitor limit counts events, so a visitor may send limit / BATCH requests. */
const BATCH = 10;
const DAILY_STORAGE_MB = 2;
/**
 * What the database may grow by beyond the allowance, as a share of it: the allowance counts each event's values
 * and 64 bytes, and SQLite also stores its project, its created_at, an index entry (project, type, created_at)
 * and the free space of pages; 100 % covers them.
 */
const STORAGE_OVERHEAD = 1; // measured: about 65 % with this bench's events
/** The visitor of the warm-up requests, outside the rotation's ranges (TEST-NET-1). */
const WARM_UP_VISITOR = '192.0.2.1';
const WARM_UP_SEARCHES = 20;

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const ms = (value) => `${value.toFixed(value < 1 ? 2 : 1)} ms`;
const percent = (part, whole) => `${whole > 0 ? ((100 * part) / whole).toFixed(1) : '0.0'} %`;
const sum = (values) => values.reduce((total, value) => total + value, 0);

/**
 * The visitor of each request in turn, one counter for all connections: every other request goes to the next light
 * visitor until each has sent `lightQuota`, every other one (then every one) to the next heavy visitor.
 */
function visitorRotation({ light, heavy, lightQuota }) {
  const lightTotal = light.length * lightQuota;
  let turn = 0;
  let lightTurns = 0;
  let heavyTurns = 0;
  return () => {
    if (turn++ % 2 === 0 && lightTurns < lightTotal) return light[lightTurns++ % light.length];
    return heavy[heavyTurns++ % heavy.length];
  };
}

/** A forged address for the left of X-Forwarded-For, new for each of 131,072 turns (198.18.0.0/15, RFC 2544). */
function forgedAddress(turn) {
  return `198.${18 + ((turn >> 16) & 1)}.${(turn >> 8) & 255}.${turn & 255}`;
}

const emptyCounts = () => ({ sent: 0, ok: 0, visitorLimited: 0, projectLimited: 0, other: 0 });

/**
 * 2xx; 429 from the visitor's limit, whose detail says "from this visitor"; 429 from the project's allowance; other.
 * The headers cannot tell the two 429s apart: a request refused by the allowance has passed the visitor's limit, and
 * carries its RateLimit-* headers.
 */
function responseKind(status, text) {
  if (status >= 200 && status <= 299) return 'ok';
  if (status !== 429) return 'other';
  return text.includes('from this visitor') ? 'visitorLimited' : 'projectLimited';
}

/**
 * In the load generator: the autocannon request of a limits run, and the counts by visitor it fills in: requests
 * sent, and responses by kind. autocannon keeps one `context` per connection and answers a connection's requests in
 * order (no pipelining), so the context holds the visitor of the request in flight.
 */
export function rotatingRequest({ method, path, body }, rotation) {
  const nextVisitor = visitorRotation(rotation);
  const counts = {};
  let turn = 0;
  const request = {
    method,
    path,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
    setupRequest: (outgoing, context) => {
      const visitor = nextVisitor();
      context.visitor = visitor;
      counts[visitor] ??= emptyCounts();
      counts[visitor].sent += 1;
      return { ...outgoing, headers: { ...outgoing.headers, 'x-forwarded-for': `${forgedAddress(turn++)}, ${visitor}` } };
    },
    onResponse: (status, text, context) => {
      // Every request has its visitor set before it is sent; an unknown one (never sent) fails the run's checks.
      const visitor = counts[context.visitor] ?? (counts.unknown ??= emptyCounts());
      visitor[responseKind(status, text)] += 1;
    },
  };
  return { request, counts };
}

/** A second connection to the server's database, for checkpoints and counts; the server's own stays its own. */
function openProbe(file, project) {
  const Database = createRequire(join(SERVER, 'package.json'))('better-sqlite3');
  const db = new Database(file, { fileMustExist: true });
  const sizeOf = async (path) => (await stat(path).catch(() => ({ size: 0 }))).size;
  return {
    /** Bytes on disk, file and WAL, after the WAL is copied into the file and truncated. */
    async bytes() {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)');
      if (result?.busy !== 0) throw new Error(`bench-limits: the checkpoint of ${file} could not finish (${JSON.stringify(result)})`);
      return (await sizeOf(file)) + (await sizeOf(`${file}-wal`));
    },
    /** The project's stored events, and the bytes its daily allowance has counted. */
    stored() {
      const events = db.prepare('SELECT count(*) AS count FROM events WHERE project = ?').get(project).count;
      const accounted = db.prepare('SELECT coalesce(sum(bytes), 0) AS bytes FROM usage WHERE project = ?').get(project).bytes;
      return { events, accounted };
    },
    close: () => db.close(),
  };
}

/** The server docent serve builds behind a proxy on loopback: default limits, the lowered allowance, its own file. */
async function startLimitsServer(siteDir, dbFile, project) {
  const load = (file) => import(pathToFileURL(join(SERVER_DIST, file)).href);
  const [{ createServer }, { openSqliteStore }, { parseDocentConfig }, { DEFAULT_LIMITS }] = await Promise.all(
    ['app/createServer.js', 'store/sqlite/index.js', 'config/docentConfig.js', 'serve/rateLimit.js'].map(load),
  );
  const messages = [];
  const config = parseDocentConfig({ projects: [{ id: project, name: 'Docent bench (limits)', limits: { daily_storage_mb: DAILY_STORAGE_MB } }] });
  const server = await createServer({
    store: openSqliteStore(dbFile),
    site: { dir: siteDir, project },
    config,
    llm: null,
    trustProxy: { addresses: ['loopback'] },
    logger: (message) => messages.push(message),
  });
  try {
    return { origin: await server.listen(0, HOST), limits: DEFAULT_LIMITS, messages, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** One request as a visitor behind the proxy; resolves with the status. */
async function visit(url, visitor, init = {}) {
  const response = await fetch(url, { ...init, headers: { ...init.headers, 'x-forwarded-for': visitor } });
  await response.arrayBuffer();
  return response.status;
}

function eventsBody() {
  const timestamp = new Date().toISOString();
  const events = Array.from({ length: BATCH }, (_, n) => ({ type: 'page_view', url: `https://docs.example.com/guide/page-${n}`, timestamp }));
  return JSON.stringify({ events });
}

/** The figures of one autocannon run, by visitor and in total, with the 429s its numbers predict. */
function tallyRun(figures, visitorLimit, projectRoom = Infinity) {
  const visitors = Object.values(figures.visitors);
  const total = (kind) => sum(visitors.map((counts) => counts[kind]));
  const answered = (counts) => counts.ok + counts.visitorLimited + counts.projectLimited + counts.other;
  const withinLimit = sum(visitors.map((counts) => Math.min(answered(counts), visitorLimit)));
  const accepted = Math.min(withinLimit, projectRoom);
  const serverErrors = sum(Object.entries(figures.statusCodes).filter(([code]) => Number(code) >= 500).map(([, count]) => count));
  return {
    ...figures,
    ok: total('ok'),
    visitorLimited: total('visitorLimited'),
    projectLimited: total('projectLimited'),
    other: total('other'),
    serverErrors,
    // Sent and never answered: autocannon stopped with them in flight. The server may have counted them.
    inFlight: total('sent') - sum(visitors.map(answered)),
    expected: { ok: accepted, visitorLimited: sum(visitors.map((counts) => Math.max(0, answered(counts) - visitorLimit))), projectLimited: withinLimit - accepted },
    overLimit: visitors.filter((counts) => counts.sent > visitorLimit).length,
    // The most requests any visitor had let through its limit (2xx, or refused only by the project's allowance).
    mostThrough: Math.max(0, ...visitors.map((counts) => counts.ok + counts.projectLimited)),
    wronglyLimited: visitors.filter((counts) => counts.sent <= visitorLimit && counts.visitorLimited > 0).length,
  };
}

/** Failures of a run: any 5xx or other non-2xx, a visitor past its limit, 429s away from the expected. */
function runFailures(name, run, visitorLimit) {
  const failures = [];
  const near = (measured, expected) => Math.abs(measured - expected) <= run.inFlight;
  if (run.serverErrors > 0) failures.push(`${name}: ${run.serverErrors} 5xx responses`);
  if (run.other > 0) failures.push(`${name}: ${run.other} non-2xx responses other than 429 (by status: ${JSON.stringify(run.statusCodes)})`);
  if (run.errors > 0 || run.timeouts > 0) failures.push(`${name}: ${run.errors} connection errors, ${run.timeouts} timeouts`);
  if (run.mostThrough > visitorLimit) failures.push(`${name}: a visitor got ${run.mostThrough} requests past its limit of ${visitorLimit}`);
  if (run.wronglyLimited > 0) failures.push(`${name}: ${run.wronglyLimited} visitors under their limit got a 429`);
  if (run.overLimit === 0) failures.push(`${name}: no visitor went over its limit (${run.requestsPerSecond.toFixed(0)} req/s is too few for the rotation)`);
  for (const kind of ['ok', 'visitorLimited', 'projectLimited']) {
    if (!near(run[kind], run.expected[kind])) failures.push(`${name}: ${run[kind]} ${kind} responses, expected ${run.expected[kind]} ± ${run.inFlight}`);
  }
  return failures;
}

const rotationText = (limit, unit) =>
  `${LIGHT_VISITORS} light visitors at up to ${Math.floor(limit / 2)} ${unit} each, ${HEAVY_VISITORS} heavy visitors over ${limit} once they have sent ${HEAVY_VISITORS * limit} together`;

function printRun(operation, run, rssBefore, rssAfter) {
  const load = `${run.connections} connections for ${run.seconds.toFixed(1)} s (autocannon, own process)`;
  console.log(
    `| ${operation} | ${load} | ${run.count} | ${Math.round(run.requestsPerSecond)} | ${ms(run.p50)} | ${ms(run.p95)} | ${ms(run.p99)} | ` +
      `${run.ok} | ${run.visitorLimited + run.projectLimited} | ${run.other} | ${mib(rssBefore)} → ${mib(rssAfter)} |`,
  );
}

/**
 * Runs the "limits under load" section against the built site `siteDir` and prints it. Returns its figures and
 * its failures (benchServer throws on them after printing). `generateLoad` is bench-server.mjs's, which forks the
 * load generator; `gc` is Node's.
 */
export async function benchLimits({ siteDir, project, env, gc, generateLoad, connections }) {
  const started = performance.now();
  const dir = await mkdtemp(join(tmpdir(), 'docent-bench-limits-'));
  const dbFile = join(dir, 'docent.db');
  const light = Array.from({ length: LIGHT_VISITORS }, (_, n) => `198.51.100.${n + 1}`);
  const heavy = Array.from({ length: HEAVY_VISITORS }, (_, n) => `203.0.113.${n + 1}`);
  const allowance = DAILY_STORAGE_MB * 1024 * 1024;
  let server;
  let probe;
  try {
    server = await startLimitsServer(siteDir, dbFile, project);
    const { searches, events } = server.limits;
    // The expectations count one window per visitor and run: a window must outlast a run, with room to spare.
    if (Math.min(searches.windowMs, events.windowMs) < 2 * RUN_S * 1000) throw new Error('bench-limits: the default limit windows are too short for the runs');
    const searchLimit = searches.requests;
    const batchLimit = Math.floor(events.requests / BATCH);
    probe = openProbe(dbFile, project);
    const bytesBefore = await probe.bytes();
    const searchPath = `/v1/projects/${project}/search?q=${encodeURIComponent('install docent')}`;
    const eventsPath = `/v1/projects/${project}/events`;
    const body = eventsBody();
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body };

    // Warm-up, a check that both requests are right, and the cost of one batch to the allowance.
    for (let n = 0; n < WARM_UP_SEARCHES; n++) {
      const status = await visit(`${server.origin}${searchPath}`, WARM_UP_VISITOR);
      if (status !== 200) throw new Error(`bench-limits: the warm-up search answered ${status}`);
    }
    const warmUpStatus = await visit(`${server.origin}${eventsPath}`, WARM_UP_VISITOR, post);
    if (warmUpStatus !== 202) throw new Error(`bench-limits: the warm-up events answered ${warmUpStatus}`);
    const batchBytes = probe.stored().accounted;
    // Batches the allowance has room for after the warm-up's.
    const projectRoom = Math.floor(allowance / batchBytes) - 1;

    const measure = async (request, lightQuota) => {
      gc();
      const rssBefore = process.memoryUsage().rss;
      const figures = await generateLoad({ origin: server.origin, request, rotation: { light, heavy, lightQuota }, connections, duration: RUN_S }, env);
      gc();
      return { figures: { ...figures, connections }, rssBefore, rssAfter: process.memoryUsage().rss };
    };
    const searchRun = await measure({ method: 'GET', path: searchPath }, Math.floor(searchLimit / 2));
    const eventsRun = await measure({ method: 'POST', path: eventsPath, body }, Math.floor(batchLimit / 2));
    const search = tallyRun(searchRun.figures, searchLimit);
    const recorded = tallyRun(eventsRun.figures, batchLimit, projectRoom);
    const bytesAfter = await probe.bytes();
    const stored = probe.stored();
    const growth = bytesAfter - bytesBefore;
    const growthBound = allowance * (1 + STORAGE_OVERHEAD);
    const storedBatches = stored.events / BATCH - 1;

    console.log(
      `limits under load: a second server with docent serve's default per-visitor limits (${searchLimit} searches and ${events.requests} events per visitor per ` +
        `${searches.windowMs / 1000} s), trustProxy loopback (the visitor is the rightmost X-Forwarded-For address; a forged one, new per request, is put in front), ` +
        `its own temporary SQLite file, and the project's daily storage allowance at ${DAILY_STORAGE_MB} MiB (limits.daily_storage_mb; 50 by default):`,
    );
    console.log(
      `visitors in rotation: ${LIGHT_VISITORS} light (198.51.100.1–${LIGHT_VISITORS}) send up to half their limit each; ${HEAVY_VISITORS} heavy (203.0.113.1–${HEAVY_VISITORS}) ` +
        `every other request, then every request once the light ones are done`,
    );
    console.log('');
    console.log('| operation | load | requests | req/s | p50 | p95 | p99 | 2xx | 429 | other non-2xx | RSS before → after (after a GC) |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    printRun('searchProject', search, searchRun.rssBefore, searchRun.rssAfter);
    printRun(`recordEvents, ${BATCH} page_view events per request`, recorded, eventsRun.rssBefore, eventsRun.rssAfter);
    console.log(
      `searchProject (${rotationText(searchLimit, 'searches')}): 429 expected ${search.expected.visitorLimited} (${percent(search.expected.visitorLimited, search.count)}; ` +
        `each visitor's requests beyond ${searchLimit}), measured ${search.visitorLimited} (${percent(search.visitorLimited, search.count)}); ` +
        `${search.overLimit} visitors over the limit; the most any visitor got through: ${search.mostThrough}; ${search.inFlight} requests in flight at the end`,
    );
    console.log(
      `recordEvents (${rotationText(batchLimit, 'requests')}): 429 from the visitor limit expected ${recorded.expected.visitorLimited}, measured ${recorded.visitorLimited}; ` +
        `429 from the daily allowance expected ${recorded.expected.projectLimited}, measured ${recorded.projectLimited}; 202 expected ${recorded.expected.ok}, measured ${recorded.ok} ` +
        `(the allowance has room for ${projectRoom} batches of ${batchBytes} bytes after the warm-up's); ${recorded.overLimit} visitors over the limit; ` +
        `the most any visitor got through: ${recorded.mostThrough}; ${recorded.inFlight} requests in flight at the end`,
    );
    console.log(
      `database: ${stored.events} events stored (${storedBatches} batches under load and the warm-up's), ${stored.accounted} of the allowance's ${allowance} bytes counted; ` +
        `growth ${growth} bytes (${mib(growth)}; file and WAL after a checkpoint, ${bytesBefore} → ${bytesAfter}), ` +
        `bound ${growthBound} bytes (the ${DAILY_STORAGE_MB} MiB allowance + ${STORAGE_OVERHEAD * 100} % for what SQLite stores beyond it)`,
    );
    if (server.messages.length > 0) console.log(`server log:\n${server.messages.map((message) => `  ${message}`).join('\n')}`);
    console.log(`limits under load: ${((performance.now() - started) / 1000).toFixed(1)} s in all`);

    const failures = [...runFailures('searchProject', search, searchLimit), ...runFailures('recordEvents', recorded, batchLimit)];
    if (search.projectLimited > 0) failures.push(`searchProject: ${search.projectLimited} 429s without the visitor's limit`);
    if (stored.accounted > allowance) failures.push(`the project's allowance counted ${stored.accounted} bytes, over its ${allowance}`);
    if (storedBatches > projectRoom) failures.push(`${storedBatches} batches stored, over the allowance's room for ${projectRoom}`);
    if (storedBatches < recorded.ok || storedBatches > recorded.ok + recorded.inFlight) failures.push(`${storedBatches} batches stored for ${recorded.ok} answered 202 (± ${recorded.inFlight} in flight)`);
    if (growth > growthBound) failures.push(`the database grew by ${growth} bytes, over the bound of ${growthBound}`);
    return { search, recorded, growth, growthBound, stored, failures };
  } finally {
    probe?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  }
}
