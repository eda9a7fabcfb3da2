// npm run bench, PostgreSQL section (run by bench.mjs after the server section): the same operations on real
// `docent serve` processes (packages/server/bin/docent.js, from packages/server/dist) on 127.0.0.1, measured in
// this run, in three configurations:
// 1. one server on SQLite (a temporary file, --db);
// 2. one server on PostgreSQL (DATABASE_URL);
// 3. two servers on one PostgreSQL database, the load spread over both: one load generator per server, the
//    request rates added up and the latency percentiles taken over the requests of both.
// PostgreSQL is a real one started for the bench (scripts/postgres.mjs: Debian's binaries, a temporary folder,
// 127.0.0.1, a free port, as the user docent-pg when root), a new database for each configuration, stopped at the
// end; when it cannot run, the section says why and is skipped.
// For each configuration: searchProject under load (SEARCH_CONNECTIONS connections for DURATION_S seconds), then
// sendMessage under load (MESSAGE_CONNECTIONS connections, JSON answers, for DURATION_S seconds), from autocannon in
// child processes (this file with LOAD_GENERATOR) so that the load generator shares no server's event loop; the
// queries and questions rotate over the public question set. Answers are extractive (DOCENT_LLM_* are left out of
// the servers' environment). Every server runs with --trust-proxy loopback and a docent.config.json that lifts the
// visitor message limit (`limits.visitor_rate_limit`); searches have a fixed limit per visitor (120 a minute), so
// every request comes from its own X-Forwarded-For address, rotating over 65,536 per load generator (as in
// bench-limits.mjs, the visitor is the rightmost address). On PostgreSQL, each of those requests counts its
// visitor in the database: the cost of that round trip is then timed on its own, store.countVisit called one at
// a time (target: p95 ≤ 1 ms), next to what one server on SQLite counts with (in memory).
// Only Node built-ins are imported up front, as in bench-server.mjs: the server's modules and autocannon load when
// the function runs.
import { fork, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { postgresUnavailable, startPostgres } from './postgres.mjs';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const SERVER = join(ROOT, 'packages', 'server');
const SERVER_DIST = join(SERVER, 'dist');
const DOCENT = join(SERVER, 'bin', 'docent.js');
const PUBLIC_QUESTIONS = join(ROOT, 'packages', 'engine', 'test', 'questions', 'public.json');
const PROJECT = 'docent-bench';
const HOST = '127.0.0.1';
const SEARCH_CONNECTIONS = 50;
/** sendMessage stores each answer: a few connections, not fifty, as a docs site's visitors ask. */
const MESSAGE_CONNECTIONS = 4;
const DURATION_S = 10;
/** Messages sent to each server before measuring, so the figures are not those of cold code. */
const WARM_UP_MESSAGES = 20;
/**
 * The lifted visitor message limit: far above anything the bench sends, and within PostgreSQL's integer (the
 * shared count compares it as one), which Number.MAX_SAFE_INTEGER is not.
 */
const MESSAGE_LIMIT = 1_000_000_000;
/** store.countVisit calls timed one at a time, after WARM_UP_VISITS. */
const VISIT_CALLS = 2000;
const WARM_UP_VISITS = 200;
const VISIT_TARGET_MS = 1;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
/** The argument that makes this file the load generator (forked by generateLoad). */
const LOAD_GENERATOR = '--load-generator';

const ms = (value) => `${value.toFixed(value < 1 ? 2 : 1)} ms`;
/** Finer, for the counting round trip: µs below 0.01 ms, three decimals below 1 ms. */
const fineMs = (value) => (value < 0.01 ? `${(value * 1000).toFixed(2)} µs` : `${value.toFixed(value < 1 ? 3 : 1)} ms`);
const seconds = (value) => `${(value / 1000).toFixed(1)} s`;

function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

function latencies(samples) {
  return { count: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
}

/** The environment of a server: no model settings (extractive answers), and DATABASE_URL only when given. */
function serverEnv(databaseUrl) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('DOCENT_LLM_') && name !== 'DATABASE_URL'));
  return databaseUrl ? { ...env, DATABASE_URL: databaseUrl } : env;
}

async function readQuestions(file) {
  const entries = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(entries) || entries.some((entry) => typeof entry?.q !== 'string')) {
    throw new Error(`${file}: expected an array of { q, expect }`);
  }
  return entries.map((entry) => entry.q);
}

const searchPath = (q) => `/v1/projects/${PROJECT}/search?q=${encodeURIComponent(q)}`;
const messagesPath = `/v1/projects/${PROJECT}/messages`;
/** The visitor of request `turn` of load generator `generator`: 10.<generator>.x.y, 65,536 in rotation. */
const rotatingVisitor = (generator, turn) => `10.${generator}.${(turn >> 8) & 255}.${turn & 255}`;

/**
 * A real `docent serve` on 127.0.0.1 and port 0, in `dir` (which holds the bench's docent.config.json); resolves once
 * it prints the "serving … at http://localhost:<port>" line, with the time it took.
 */
async function startServe({ dir, siteDir, db, databaseUrl }) {
  const args = ['serve', '--site', siteDir, '--project', PROJECT, '--host', HOST, '--port', '0', '--config', join(dir, 'docent.config.json'), '--trust-proxy', 'loopback'];
  if (!databaseUrl) args.push('--db', db);
  const started = performance.now();
  const child = spawn(process.execPath, [DOCENT, ...args], { cwd: dir, env: serverEnv(databaseUrl), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text) => (output += text));
  // 'close', not 'exit': by then all of the output has been read.
  const exited = new Promise((done) => child.once('close', (code, signal) => done({ code, signal })));
  const serve = {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
  let timer;
  try {
    const port = await Promise.race([
      new Promise((done) => {
        const listening = () => {
          const match = /at http:\/\/localhost:(\d+) /.exec(output);
          if (match) done(Number(match[1]));
        };
        child.stdout.on('data', listening);
      }),
      exited.then(({ code, signal }) => {
        throw new Error(`bench-postgres: docent serve exited (${signal ?? `code ${code}`}) before listening:\n${output}`);
      }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`bench-postgres: docent serve did not listen within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
      }),
    ]);
    return Object.assign(serve, { origin: `http://${HOST}:${port}`, port, startMs: performance.now() - started });
  } catch (error) {
    await serve.stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Warm-up, and a check that every query of the set is a valid search and that messages are answered. */
async function warmUp(origin, questions) {
  const problems = [];
  let turn = 0;
  // 192.0.2.0/24 (TEST-NET-1), apart from the load's addresses; 188 searches from 250 visitors stay under 120 each.
  const visitor = () => `192.0.2.${(turn++ % 250) + 1}`;
  for (const q of questions) {
    const response = await fetch(`${origin}${searchPath(q)}`, { headers: { 'x-forwarded-for': visitor() } });
    const text = await response.text();
    if (response.status !== 200 || !text.includes('"results":')) problems.push(`searchProject "${q}": ${response.status} ${text.slice(0, 200)}`);
  }
  for (const question of questions.slice(0, WARM_UP_MESSAGES)) {
    const response = await fetch(`${origin}${messagesPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': visitor() },
      body: JSON.stringify({ question }),
    });
    const text = await response.text();
    if (response.status !== 200 || !text.includes('"answer":')) problems.push(`sendMessage "${question}": ${response.status} ${text.slice(0, 200)}`);
  }
  return problems;
}

/** Runs autocannon in a child process (this file with LOAD_GENERATOR) and resolves with its figures. */
function generateLoad(options) {
  return new Promise((done, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [LOAD_GENERATOR], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let figures;
    child.once('message', (message) => {
      figures = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (figures?.error) reject(new Error(`bench-postgres: the load generator failed: ${figures.error}`));
      else if (figures) done(figures);
      else reject(new Error(`bench-postgres: the load generator exited (${signal ?? `code ${code}`}) without figures`));
    });
    child.send(options);
  });
}

/**
 * In the child: autocannon against one server, each request with the next query (searchProject) or question
 * (sendMessage, JSON) of the set and the next visitor of the rotation in X-Forwarded-For. Returns every response's
 * own time, so the parent can take percentiles over several generators, and the responses that were not right.
 */
async function runLoadGenerator({ origin, operation, questions, generator, connections, duration }) {
  const { default: autocannon } = await import('autocannon');
  const samples = [];
  let turn = 0;
  let wrong = 0;
  let firstWrong;
  const expected = operation === 'search' ? '"results":' : '"answer":';
  const request = {
    ...(operation === 'search' ? { method: 'GET', path: searchPath(questions[0]) } : { method: 'POST', path: messagesPath }),
    setupRequest: (outgoing) => {
      const n = turn++;
      const question = questions[n % questions.length];
      const headers = { ...outgoing.headers, 'x-forwarded-for': rotatingVisitor(generator, n) };
      if (operation === 'search') return { ...outgoing, path: searchPath(question), headers };
      return { ...outgoing, headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ question }) };
    },
    onResponse: (status, body) => {
      if (status >= 200 && status <= 299 && !body.includes(expected)) {
        wrong += 1;
        firstWrong ??= `${status} ${body.slice(0, 200)}`;
      }
    },
  };
  const instance = autocannon({ url: origin, connections, duration, requests: [request] });
  instance.on('response', (_client, _status, _bytes, responseTime) => samples.push(responseTime));
  const result = await instance;
  return {
    samples,
    seconds: result.duration,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count])),
    errors: result.errors,
    timeouts: result.timeouts,
    wrong,
    firstWrong,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === LOAD_GENERATOR) {
  process.once('message', (options) => {
    runLoadGenerator(options)
      .catch((error) => ({ error: error.stack ?? String(error) }))
      .then((figures) => process.send(figures, () => process.disconnect()));
  });
}

/** One operation under load, spread over `servers` (one load generator each, the connections shared out). */
async function loadAll(servers, operation, questions, connections, firstGenerator) {
  const share = Math.ceil(connections / servers.length);
  const runs = await Promise.all(
    servers.map((server, n) =>
      generateLoad({ origin: server.origin, operation, questions, generator: firstGenerator + n, connections: share, duration: DURATION_S }),
    ),
  );
  const statusCodes = {};
  for (const run of runs) for (const [code, count] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    ...latencies(runs.flatMap((run) => run.samples)),
    requestsPerSecond: runs.reduce((total, run) => total + run.samples.length / run.seconds, 0),
    seconds: Math.max(...runs.map((run) => run.seconds)),
    connections: runs.map(() => share),
    non2xx: runs.reduce((total, run) => total + run.non2xx, 0),
    statusCodes,
    errors: runs.reduce((total, run) => total + run.errors, 0),
    timeouts: runs.reduce((total, run) => total + run.timeouts, 0),
    wrong: runs.reduce((total, run) => total + run.wrong, 0),
    firstWrong: runs.find((run) => run.firstWrong)?.firstWrong,
  };
}

/**
 * One configuration: `count` servers on the database of `databaseUrl` (SQLite in `dir` when absent), warmed up,
 * then searchProject and sendMessage under load over all of them. Stops the servers.
 */
async function measureConfiguration({ name, count, dir, siteDir, databaseUrl, questions, firstGenerator }) {
  const servers = [];
  try {
    // One after the other: the first migrates the database; the others find it migrated.
    for (let n = 0; n < count; n++) servers.push(await startServe({ dir, siteDir, db: join(dir, `docent-${firstGenerator}.db`), databaseUrl }));
    const problems = [];
    for (const server of servers) problems.push(...(await warmUp(server.origin, questions)));
    const search = await loadAll(servers, 'search', questions, SEARCH_CONNECTIONS, firstGenerator);
    const message = await loadAll(servers, 'message', questions, MESSAGE_CONNECTIONS, firstGenerator);
    return { name, count, startMs: servers.map((server) => server.startMs), problems, search, message, servers };
  } finally {
    for (const server of servers) {
      const exit = await server.stop();
      server.exit = exit;
    }
  }
}

/** Times `call` one at a time, after `warmUp` untimed calls; resolves with the percentiles in ms. */
async function timeCalls(call, calls = VISIT_CALLS, warm = WARM_UP_VISITS) {
  for (let n = 0; n < warm; n++) await call(-1 - n);
  const samples = [];
  for (let n = 0; n < calls; n++) {
    const started = performance.now();
    await call(n);
    samples.push(performance.now() - started);
  }
  return latencies(samples);
}

/**
 * The cost of counting one request of a visitor, as the server counts it (app/limits.ts): on PostgreSQL, one
 * store.countVisit statement per request, the key an HMAC of the visitor's address with the operation and rule;
 * a new visitor inserts its row, a returning one updates it. For comparison, the same statement on a SQLite file
 * (docent serve on SQLite does not use it) and the in-memory RateLimiter that one server on SQLite counts with.
 */
async function visitCountCost(databaseUrl, dir) {
  const load = (file) => import(pathToFileURL(join(SERVER_DIST, file)).href);
  const [{ openPostgresStore }, { openSqliteStore }, { RateLimiter, visitorKey }] = await Promise.all(
    ['store/postgres/index.js', 'store/sqlite/index.js', 'serve/rateLimit.js'].map(load),
  );
  const secret = randomBytes(32);
  const rule = `${PROJECT} searches 120/60000`;
  const keyOf = (address) => `${createHmac('sha256', secret).update(address).digest('base64url')} ${rule}`;
  const windowStart = () => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  const returning = keyOf('203.0.113.1');
  const rows = [];
  const time = async (store, what) => {
    // The limit is lifted for the returning visitor, whose count grows by one a call.
    rows.push({ what: `${what}, a new visitor each call (INSERT)`, ...(await timeCalls((n) => store.countVisit(keyOf(`new ${n}`), windowStart(), 1, 120))) });
    rows.push({ what: `${what}, one returning visitor (UPDATE of its row)`, ...(await timeCalls(() => store.countVisit(returning, windowStart(), 1, MESSAGE_LIMIT))) });
  };
  const postgres = await openPostgresStore(databaseUrl);
  try {
    await time(postgres, 'PostgreSQL store.countVisit');
  } finally {
    await postgres.close();
  }
  const sqlite = openSqliteStore(join(dir, 'visits.db'));
  try {
    await time(sqlite, 'SQLite store.countVisit (a file; not used by docent serve on SQLite)');
  } finally {
    await sqlite.close();
  }
  const limiter = new RateLimiter({ requests: MESSAGE_LIMIT, windowMs: 60_000 });
  rows.push({ what: 'in memory: RateLimiter.take (what one server on SQLite counts with), a new visitor each call', ...(await timeCalls((n) => limiter.take(visitorKey(`new ${n}`)))) });
  const returningKey = visitorKey('203.0.113.1');
  rows.push({ what: 'in memory: RateLimiter.take, one returning visitor', ...(await timeCalls(() => limiter.take(returningKey))) });
  return rows;
}

/**
 * Measures the three configurations against the built site `siteDir` and the visitor-count round trip, and prints
 * a "PostgreSQL" block. When PostgreSQL cannot run here, prints why and returns { skipped }. Throws, after printing,
 * when a response was not 2xx or not what the operation answers, or a server did not stop cleanly.
 */
export async function benchPostgres({ siteDir, questionsFile = PUBLIC_QUESTIONS } = {}) {
  const started = performance.now();
  const site = resolve(siteDir);
  const unavailable = postgresUnavailable();
  if (unavailable) {
    console.log(`PostgreSQL: skipped: ${unavailable}`);
    return { skipped: unavailable };
  }
  let postgres;
  try {
    postgres = await startPostgres();
  } catch (error) {
    const why = (error.stderr || error.message || String(error)).toString().trim().split('\n').slice(-3).join(' ');
    console.log(`PostgreSQL: skipped: it could not start here: ${why}`);
    return { skipped: why };
  }
  const questions = await readQuestions(questionsFile);
  const dir = await mkdtemp(join(tmpdir(), 'docent-bench-postgres-'));
  const config = { projects: [{ id: PROJECT, name: 'Docent bench (PostgreSQL)', limits: { visitor_rate_limit: { messages: MESSAGE_LIMIT, window: '1m' } } }] };
  await writeFile(join(dir, 'docent.config.json'), `${JSON.stringify(config, null, 2)}\n`);
  const configurations = [];
  let visitCosts;
  try {
    const common = { dir, siteDir: site, questions };
    configurations.push(await measureConfiguration({ ...common, name: '1 server, SQLite', count: 1, firstGenerator: 1 }));
    configurations.push(await measureConfiguration({ ...common, name: '1 server, PostgreSQL', count: 1, firstGenerator: 2, databaseUrl: await postgres.createDatabase('docent_one') }));
    const shared = await postgres.createDatabase('docent_shared');
    configurations.push(await measureConfiguration({ ...common, name: '2 servers, one PostgreSQL', count: 2, firstGenerator: 3, databaseUrl: shared }));
    visitCosts = await visitCountCost(shared, dir);
  } finally {
    await postgres.close();
    await rm(dir, { recursive: true, force: true });
  }

  const load = (run, unit) =>
    run.connections.length === 1
      ? `${run.connections[0]} connections for ${run.seconds.toFixed(1)} s, ${questions.length} ${unit} in rotation`
      : `${run.connections.join(' + ')} connections (one autocannon per server) for ${run.seconds.toFixed(1)} s, ${questions.length} ${unit} in rotation`;
  const row = (configuration, operation, run, unit) =>
    `| ${configuration} | ${operation} | ${load(run, unit)} | ${run.count} | ${Math.round(run.requestsPerSecond)} | ${ms(run.p50)} | ${ms(run.p95)} | ${ms(run.p99)} | ${run.non2xx} |`;

  console.log(
    `PostgreSQL (loopback): ${postgres.version} started for the bench (a temporary cluster on 127.0.0.1:${postgres.port}${process.getuid?.() === 0 ? ', run as docent-pg' : ''}; ` +
      `a new database for each configuration) against real docent serve processes (packages/server/bin/docent.js) on ${HOST}, the built site, extractive answers ` +
      `(DOCENT_LLM_* unset), --trust-proxy loopback and a docent.config.json lifting the visitor message limit (visitor_rate_limit: ${MESSAGE_LIMIT} per 1m); ` +
      `each request from its own X-Forwarded-For address (65,536 in rotation per load generator), as searches have a fixed 120 a minute per visitor. ` +
      `Load from autocannon in child processes, one per server; with two servers, req/s added up and percentiles over the requests of both. ` +
      `sendMessage: ${MESSAGE_CONNECTIONS} connections in all, JSON answers. Measured on this machine in this run (${configurations.length} configurations, one after the other):`,
  );
  console.log('');
  console.log('| configuration | operation | load | requests | req/s | p50 | p95 | p99 | non-2xx |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const configuration of configurations) {
    console.log(row(configuration.name, 'searchProject', configuration.search, 'queries'));
    console.log(row(configuration.name, 'sendMessage, JSON answer', configuration.message, 'questions'));
  }
  console.log(
    `start-up to listening (site indexed, database opened and migrated): ${configurations.map((configuration) => `${configuration.name} ${configuration.startMs.map(seconds).join(' + ')}`).join('; ')}`,
  );
  const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : '–');
  const [sqlite, one, two] = configurations;
  console.log(
    `req/s against one server on SQLite: searchProject ${ratio(one.search.requestsPerSecond, sqlite.search.requestsPerSecond)} on PostgreSQL, ${ratio(two.search.requestsPerSecond, sqlite.search.requestsPerSecond)} on two servers; ` +
      `sendMessage ${ratio(one.message.requestsPerSecond, sqlite.message.requestsPerSecond)} on PostgreSQL, ${ratio(two.message.requestsPerSecond, sqlite.message.requestsPerSecond)} on two servers`,
  );
  const runs = configurations.flatMap((configuration) => [configuration.search, configuration.message]);
  console.log(
    `non-2xx responses: ${runs.reduce((total, run) => total + run.non2xx, 0)} (must be 0); connection errors ${runs.reduce((total, run) => total + run.errors, 0)}, ` +
      `timeouts ${runs.reduce((total, run) => total + run.timeouts, 0)}; 2xx responses without results or answer: ${runs.reduce((total, run) => total + run.wrong, 0)}`,
  );

  console.log('');
  console.log(`the per-request round trip of the visitor limits: ${VISIT_CALLS} calls one at a time (after ${WARM_UP_VISITS} untimed), on the idle database after the load:`);
  console.log('| counter | calls | p50 | p95 | p99 |');
  console.log('|---|---|---|---|---|');
  for (const cost of visitCosts) console.log(`| ${cost.what} | ${cost.count} | ${fineMs(cost.p50)} | ${fineMs(cost.p95)} | ${fineMs(cost.p99)} |`);
  const postgresCosts = visitCosts.filter((cost) => cost.what.startsWith('PostgreSQL'));
  const worstP95 = Math.max(...postgresCosts.map((cost) => cost.p95));
  console.log(`PostgreSQL countVisit p95: ${fineMs(worstP95)} at worst of the two; target ≤ ${VISIT_TARGET_MS} ms: ${worstP95 <= VISIT_TARGET_MS ? 'met' : 'NOT met'}`);
  for (const configuration of configurations) {
    const lines = configuration.servers
      .flatMap((server) => server.output().split('\n'))
      .filter((line) => line.trim() !== '' && !/serving .* at http:\/\/localhost:\d+ /.test(line) && !/SIGTERM: finishing requests/.test(line));
    if (lines.length > 0) console.log(`server log (${configuration.name}):\n${lines.map((line) => `  ${line}`).join('\n')}`);
  }
  console.log(`PostgreSQL section: ${seconds(performance.now() - started)} in all`);

  const failures = [];
  for (const configuration of configurations) {
    for (const [operation, run] of [['searchProject', configuration.search], ['sendMessage', configuration.message]]) {
      if (run.non2xx > 0) failures.push(`${configuration.name}, ${operation}: ${run.non2xx} non-2xx responses (by status: ${JSON.stringify(run.statusCodes)})`);
      if (run.errors > 0) failures.push(`${configuration.name}, ${operation}: ${run.errors} connection errors`);
      if (run.wrong > 0) failures.push(`${configuration.name}, ${operation}: ${run.wrong} 2xx responses without results or answer, the first: ${run.firstWrong}`);
    }
    if (configuration.problems.length > 0) failures.push(`${configuration.name}: ${configuration.problems.length} warm-up requests failed, the first: ${configuration.problems[0]}`);
    for (const server of configuration.servers) {
      if (server.exit.code !== 0) failures.push(`${configuration.name}: a server stopped with ${server.exit.signal ?? `code ${server.exit.code}`}`);
    }
  }
  if (failures.length > 0) throw new Error(`bench-postgres: ${failures.join('; ')}`);
  return { configurations, visitCosts };
}
