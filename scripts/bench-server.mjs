// npm run bench, server section: starts Docent's server (the app `docent serve` runs, from packages/server/dist)
// in this process on 127.0.0.1 with a temporary SQLite database and measures, on loopback against a built site:
// - start-up: from opening the database to listening, indexing the site included; pages and sections indexed;
// - the process's memory after start (RSS and heap used, after a forced GC);
// - searchProject under load: 50 connections for 10 s from autocannon, run in a child process so that the load
//   generator does not share the server's event loop; the queries rotate over the public question set;
// - sendMessage, one question at a time over the public question set: JSON answers, and the time to the first
//   event of a streamed (SSE) answer.
// Answers are extractive (DOCENT_LLM_* are left out of the server's settings), and the per-visitor rate limits
// are lifted for the bench through createServer's limits, not by changing DEFAULT_LIMITS. Last, the cost of
// checking an API key per request. Then, on a second server with the default limits behind a trusted proxy, the
// limits under load: see bench-limits.mjs; and on a third, the sync of a generated 1,000-page site under search
// load: see bench-sync.mjs. The MCP tools' latency over both transports: see bench-mcp.mjs.
// Only Node built-ins are imported up front: the server's modules and autocannon load when the function runs,
// after bench.mjs has installed the dependencies and built the packages.
import { fork } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { benchLimits, rotatingRequest } from './bench-limits.mjs';
import { benchMcp } from './bench-mcp.mjs';
import { measureSyncUnderLoad } from './bench-sync.mjs';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const SERVER_DIST = join(ROOT, 'packages', 'server', 'dist');
const PUBLIC_QUESTIONS = join(ROOT, 'packages', 'engine', 'test', 'questions', 'public.json');
const PROJECT = 'docent-bench';
const HOST = '127.0.0.1';
const CONNECTIONS = 50;
const DURATION_S = 10;
/** Requests of each kind sent before measuring, so the figures are not those of cold code. */
const WARM_UP = 20;
/** Far above anything the bench sends: one visitor (127.0.0.1) sends every request. */
const BENCH_LIMITS = {
  messages: { requests: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
  searches: { requests: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
};
/** The argument that makes this file the load generator (forked by benchServer). */
const LOAD_GENERATOR = '--load-generator';
const KEYS_IN_STORE = 1000;
const KEY_CHECKS = 20_000;

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const signedMib = (bytes) => `${bytes < 0 ? '-' : '+'}${mib(Math.abs(bytes))}`;
const ms = (value) => `${value.toFixed(value < 1 ? 2 : 1)} ms`;

function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

function latencies(samples) {
  return { count: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
}

/** The environment without the model settings, so answers are extractive. */
function withoutModel(env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('DOCENT_LLM_')));
}

/** Node's `gc()`, exposed at run time (the bench is not started with --expose-gc). */
function garbageCollector() {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc');
}

async function readQuestions(file) {
  const entries = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(entries) || entries.some((entry) => typeof entry?.q !== 'string')) {
    throw new Error(`${file}: expected an array of { q, expect }`);
  }
  return entries.map((entry) => entry.q);
}

/** One HTTP request; resolves with the status, the body, the total time and the time to the first SSE event. */
function timedRequest(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const outgoing = request(url, { method, headers, agent }, (response) => {
      let text = '';
      let firstEventMs;
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
        if (firstEventMs === undefined && text.includes('\n\n')) firstEventMs = performance.now() - started;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode, type: response.headers['content-type'] ?? '', text, ms: performance.now() - started, firstEventMs }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The names of the events of an SSE body, in order. */
function eventNames(text) {
  return [...text.matchAll(/^event: (.+)$/gm)].map((match) => match[1]);
}

/** The server, built by createServer as `startServer` (commands/serve.ts) builds it, with the bench's limits. */
async function startBenchServer(siteDir, dbFile, env) {
  const load = (file) => import(pathToFileURL(join(SERVER_DIST, file)).href);
  const loadStarted = performance.now();
  const [{ createServer }, { openSqliteStore }, { llmConfigFromEnv }] = await Promise.all(['app/createServer.js', 'store/sqlite/index.js', 'serve/llm.js'].map(load));
  const modulesMs = performance.now() - loadStarted;
  const llm = llmConfigFromEnv(env);
  if (llm !== null) throw new Error('bench-server: the server would answer with a model; DOCENT_LLM_* must be unset');
  const messages = [];
  const log = (message) => messages.push(message);

  const started = performance.now();
  const store = openSqliteStore(dbFile);
  const server = await createServer({ store, site: { dir: siteDir, project: PROJECT }, llm, limits: BENCH_LIMITS, logger: log });
  const indexMs = performance.now() - started;
  let origin;
  try {
    origin = await server.listen(0, HOST);
  } catch (error) {
    await server.close();
    throw error;
  }
  const startMs = performance.now() - started;
  return {
    origin,
    port: Number(new URL(origin).port),
    modulesMs,
    indexMs,
    startMs,
    pages: server.site.snapshot.pages,
    sections: server.site.snapshot.sections,
    messages,
    store,
    close: () => server.close(),
  };
}

/**
 * What checking an API key costs a request: the Authenticator the server runs, on the bench's SQLite store with
 * KEYS_IN_STORE keys in it, over KEY_CHECKS checks of one key (its last use is written once a minute, as in the server).
 */
async function keyCheckCost(store) {
  const load = (file) => import(pathToFileURL(join(SERVER_DIST, file)).href);
  const [{ Authenticator }, { generateKey }] = await Promise.all(['access/authenticate.js', 'access/keys.js'].map(load));
  let key;
  for (let made = 0; made < KEYS_IN_STORE; made++) {
    const fresh = generateKey();
    await store.createKey({ prefix: fresh.prefix, hash: fresh.hash, project: PROJECT, name: 'bench', scopes: ['search'], memberEmail: null, expiresAt: null });
    key = fresh.key;
  }
  const auth = new Authenticator(store, () => new Date(), () => undefined);
  const header = `Bearer ${key}`;
  for (let warm = 0; warm < 1000; warm++) await auth.check(header);
  const started = performance.now();
  for (let check = 0; check < KEY_CHECKS; check++) {
    const result = await auth.check(header);
    if (!result.ok) throw new Error(`bench-server: the bench's key was refused: ${result.detail}`);
  }
  return (performance.now() - started) / KEY_CHECKS;
}

/** Runs autocannon in a child process (this file with LOAD_GENERATOR) and resolves with its figures. */
function generateLoad(options, env) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [LOAD_GENERATOR], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let figures;
    child.once('message', (message) => {
      figures = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (figures?.error) reject(new Error(`bench-server: the load generator failed: ${figures.error}`));
      else if (figures) resolve(figures);
      else reject(new Error(`bench-server: the load generator exited (${signal ?? `code ${code}`}) without figures`));
    });
    child.send(options);
  });
}

/**
 * In the child: autocannon against the paths in rotation, or against one `request` sent by visitors in `rotation`
 * (bench-limits.mjs), then with the responses counted by visitor; latency percentiles from every response's own time.
 */
async function runLoadGenerator({ origin, paths, request: shared, rotation, connections, duration }) {
  const { default: autocannon } = await import('autocannon');
  const samples = [];
  const rotating = rotation ? rotatingRequest(shared, rotation) : null;
  const requests = rotating ? [rotating.request] : paths.map((path) => ({ method: 'GET', path }));
  const instance = autocannon({ url: origin, connections, duration, requests });
  instance.on('response', (_client, _status, _bytes, responseTime) => samples.push(responseTime));
  const result = await instance;
  return {
    ...latencies(samples),
    seconds: result.duration,
    requestsPerSecond: samples.length / result.duration,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count])),
    errors: result.errors,
    timeouts: result.timeouts,
    ...(rotating ? { visitors: rotating.counts } : {}),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === LOAD_GENERATOR) {
  process.once('message', (options) => {
    runLoadGenerator(options)
      .catch((error) => ({ error: error.stack ?? String(error) }))
      .then((figures) => process.send(figures, () => process.disconnect()));
  });
}

/**
 * Measures the server against the built site `siteDir` and prints a "server (loopback)" block, then the "limits
 * under load" one (bench-limits.mjs) and the "sync under load" one (bench-sync.mjs). Throws, after printing all
 * three, when any response was not 2xx or not what the operation should answer, when the limits did not hold as
 * that block expects, or when the sync missed a page or slowed searches past the issue's bar.
 */
export async function benchServer({ siteDir, questionsFile = PUBLIC_QUESTIONS } = {}) {
  const questions = await readQuestions(questionsFile);
  const env = withoutModel(process.env);
  const gc = garbageCollector();
  const dir = await mkdtemp(join(tmpdir(), 'docent-bench-'));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  gc();
  const before = process.memoryUsage();
  const server = await startBenchServer(siteDir, join(dir, 'docent.db'), env).catch(async (error) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  const base = `${server.origin}/v1/projects/${PROJECT}`;
  const searchPath = (q) => `/v1/projects/${PROJECT}/search?q=${encodeURIComponent(q)}`;
  let afterStart;
  let afterLoad;
  let keyCheckMs = 0;
  let project;
  let search;
  const json = [];
  const sse = [];
  /** Non-2xx responses by kind (`load`: the autocannon run, counted there), and 2xx responses that are not right. */
  const non2xx = { load: 0, json: 0, sse: 0, other: 0 };
  const wrong = [];
  const check = (kind, what, response, isRight) => {
    if (response.status < 200 || response.status > 299) non2xx[kind] += 1;
    else if (!isRight()) wrong.push(`${what}: ${response.status} ${response.text.slice(0, 200)}`);
  };
  const parse = (text) => {
    try {
      return JSON.parse(text);
    } catch {
      return {};
    }
  };
  try {
    gc();
    afterStart = process.memoryUsage();

    const settings = await timedRequest(agent, base);
    check('other', 'getProject', settings, () => true);
    project = parse(settings.text);
    if (project.answer_mode !== 'extractive') throw new Error(`bench-server: the server answers in ${project.answer_mode} mode, not extractive`);

    // Warm-up, and a check that every query of the set is a valid search.
    for (const q of questions) {
      const response = await timedRequest(agent, `${server.origin}${searchPath(q)}`);
      check('other', `searchProject "${q}"`, response, () => Array.isArray(parse(response.text).results));
    }
    search = await generateLoad({ origin: server.origin, paths: questions.map(searchPath), connections: CONNECTIONS, duration: DURATION_S }, env);

    const ask = (question, streamed) =>
      timedRequest(agent, `${base}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: streamed ? 'text/event-stream' : 'application/json' },
        body: JSON.stringify({ question }),
      });
    for (const question of questions.slice(0, WARM_UP)) {
      for (const streamed of [false, true]) check('other', `sendMessage warm-up "${question}"`, await ask(question, streamed), () => true);
    }
    for (const question of questions) {
      const response = await ask(question, false);
      const body = response.type.startsWith('application/json') ? parse(response.text) : {};
      check('json', `sendMessage (JSON) "${question}"`, response, () => typeof body.answer === 'string' && Array.isArray(body.citations));
      json.push({ ms: response.ms, answered: body.answered === true });
    }
    for (const question of questions) {
      const response = await ask(question, true);
      const events = eventNames(response.text);
      check('sse', `sendMessage (SSE) "${question}"`, response, () => response.type.startsWith('text/event-stream') && events[0] === 'sources' && events.at(-1) === 'done');
      sse.push({ firstEventMs: response.firstEventMs ?? response.ms, ms: response.ms });
    }
    gc();
    afterLoad = process.memoryUsage();
    keyCheckMs = await keyCheckCost(server.store);
    await benchMcp({ origin: server.origin, project: PROJECT, questions });
  } finally {
    agent.destroy();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }

  const jsonTimes = latencies(json.map((item) => item.ms));
  const firstEvent = latencies(sse.map((item) => item.firstEventMs));
  const wholeStream = latencies(sse.map((item) => item.ms));
  const sequential = `one at a time, ${questions.length} questions`;
  const row = (operation, load, times, requestsPerSecond, non2xx) =>
    `| ${operation} | ${load} | ${times.count} | ${requestsPerSecond === undefined ? '–' : Math.round(requestsPerSecond)} | ${ms(times.p50)} | ${ms(times.p95)} | ${ms(times.p99)} | ${non2xx} |`;
  non2xx.load = search.non2xx;
  const totalNon2xx = Object.values(non2xx).reduce((sum, count) => sum + count, 0);

  console.log(`server (loopback): docent serve's app in this process at ${HOST}:${server.port}, a temporary SQLite database, extractive answers (DOCENT_LLM_* unset), per-visitor rate limits lifted for the bench:`);
  console.log(
    `start-up: ${ms(server.startMs)} to listening (indexing the site ${ms(server.indexMs)}; loading the server's modules before that ${ms(server.modulesMs)}), ` +
      `${server.pages} pages / ${server.sections} sections indexed`,
  );
  console.log(
    `memory after start (after a GC): RSS ${mib(afterStart.rss)}, heap used ${mib(afterStart.heapUsed)} ` +
      `(${signedMib(afterStart.rss - before.rss)} RSS, ${signedMib(afterStart.heapUsed - before.heapUsed)} heap used over the bench process before the server's modules loaded)`,
  );
  console.log(`memory after the requests below (after a GC): RSS ${mib(afterLoad.rss)}, heap used ${mib(afterLoad.heapUsed)}`);
  console.log('');
  console.log('| operation | load | requests | req/s | p50 | p95 | p99 | non-2xx |');
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(row('searchProject', `${CONNECTIONS} connections for ${search.seconds.toFixed(1)} s (autocannon, own process), ${questions.length} queries in rotation`, search, search.requestsPerSecond, non2xx.load));
  console.log(row('sendMessage, JSON answer', sequential, jsonTimes, undefined, non2xx.json));
  console.log(row('sendMessage, SSE: first event (sources)', sequential, firstEvent, undefined, non2xx.sse));
  console.log(row('sendMessage, SSE: whole stream', sequential, wholeStream, undefined, non2xx.sse));
  console.log(
    `non-2xx responses: ${totalNon2xx} (must be 0; warm-up and checks included); ` +
      `connection errors ${search.errors}, timeouts ${search.timeouts}; ` +
      `${json.filter((item) => item.answered).length} of ${questions.length} questions answered (the others: the docs do not cover it)`,
  );
  console.log(`API key check: ${(keyCheckMs * 1000).toFixed(1)} µs per request (${KEY_CHECKS} checks with ${KEYS_IN_STORE} keys in the store; target under 100 µs)`);
  if (server.messages.length > 0) console.log(`server log:\n${server.messages.map((message) => `  ${message}`).join('\n')}`);

  console.log('');
  const limits = await benchLimits({ siteDir, project: PROJECT, env, gc, generateLoad, connections: CONNECTIONS });
  console.log('');
  const sync = await measureSyncUnderLoad({ gc, questions });

  const failures = [];
  if (totalNon2xx > 0) failures.push(`${totalNon2xx} non-2xx responses (under load, by status: ${JSON.stringify(search.statusCodes)})`);
  if (search.errors > 0) failures.push(`${search.errors} connection errors under load`);
  if (wrong.length > 0) failures.push(`${wrong.length} unexpected responses, the first: ${wrong[0]}`);
  if (keyCheckMs >= 0.1) failures.push(`checking an API key takes ${(keyCheckMs * 1000).toFixed(1)} µs, over the 100 µs target`);
  failures.push(...limits.failures.map((failure) => `limits under load: ${failure}`));
  failures.push(...sync.failures.map((failure) => `sync under load: ${failure}`));
  if (failures.length > 0) throw new Error(`bench-server: ${failures.join('; ')}`);
  return { server, afterStart, afterLoad, search, json: jsonTimes, firstEvent, wholeStream, project, limits, sync };
}
