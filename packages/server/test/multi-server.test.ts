/**
 * Several `docent serve` processes on one real PostgreSQL (DATABASE_URL), as behind a load balancer: what one server
 * or the CLI changes counts on all at the next request; a visitor's limit and the monthly quota hold across them;
 * one server runs a sync and the others swap the new index in at once; a conversation goes on anywhere; analytics
 * see every server's writes. Then the faults: SIGKILL of a server during writes and during a sync, and a restart
 * of PostgreSQL under load. Skipped, with the reason, where PostgreSQL cannot run; CI installs it.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { main } from '../src/cli.js';
import { postgresUnavailable, startPostgres, type TestPostgres } from './helpers/postgres.js';
import { cliEnv, startCli, stopAll, withTimeout, type Cli } from './helpers/serveProcess.js';

const unavailable = postgresUnavailable();

function page(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title} | Acme docs</title></head><body><main><article><h1>${title}</h1>${body}</article></main></body></html>`;
}

/** A made-up word for each page, so a search finds exactly that page. */
const codeWord = (n: number): string => `zq${'abcdefghijklmnopqrstuvwxyz'[n % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(n / 26) % 26]}vorn`;

/** A site to crawl: `count` pages in a sitemap, each answered after `delayMs`; every request is counted. */
function crawledSite(count: number, delayMs: number): { server: Server; origin: () => string; hits: Map<string, number> } {
  const hits = new Map<string, number>();
  let origin = '';
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    if (url.pathname === '/robots.txt') return void response.writeHead(404).end();
    if (url.pathname === '/sitemap.xml') {
      const locs = Array.from({ length: count }, (_, n) => `<url><loc>${origin}/guide/${n}</loc></url>`).join('');
      return void response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
    }
    const match = /^\/guide\/(\d+)$/.exec(url.pathname);
    if (!match) return void response.writeHead(404).end();
    setTimeout(() => response.writeHead(200, { 'content-type': 'text/html' }).end(page(`Guide ${match[1]}`, `<p>The ${codeWord(Number(match[1]))} calibration sets the quantum flux.</p>`)), delayMs);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  return { server, origin: () => origin, hits };
}

describe('several servers on one PostgreSQL', { skip: unavailable ?? false }, () => {
  let postgres: TestPostgres;
  let databaseUrl: string;
  let dir: string;
  let site: string;
  let config: string;
  let servers: Cli[] = [];
  const env = (): NodeJS.ProcessEnv => cliEnv({ DATABASE_URL: databaseUrl, DOCENT_ALLOW_PRIVATE_NETWORKS: 'true' });

  /** The CLI on the same database, as an operator runs it on any machine with DATABASE_URL. */
  async function docent(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = databaseUrl;
    try {
      const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text) });
      return { code, out, err };
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  }

  const serve = (): Promise<Cli> => startCli(dir, ['--site', site, '--project', 'acme-docs', '--config', config], env());

  async function query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Waits until the source is ready, as the database says, whichever server synced it. */
  async function untilReady(sourceId: string, ms: number, what: string): Promise<void> {
    await withTimeout(
      (async () => {
        for (;;) {
          const [row] = await query<{ status: string }>('SELECT status FROM sources WHERE id = $1', [sourceId]);
          if (row?.status === 'ready') return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })(),
      ms,
      what,
    );
  }

  const ask = (server: Cli, project: string, question: string, extra: Record<string, unknown> = {}) =>
    fetch(`${server.url}/v1/projects/${project}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question, ...extra }) });

  before(async () => {
    postgres = await startPostgres();
    databaseUrl = await postgres.createDatabase('docent');
    dir = mkdtempSync(path.join(tmpdir(), 'docent-multi-'));
    site = path.join(dir, 'site');
    mkdirSync(site);
    writeFileSync(path.join(site, 'index.html'), page('Webhooks', '<p>Failed webhook deliveries are retried five times with exponential backoff.</p>'));
    config = path.join(dir, 'docent.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        projects: [
          { id: 'acme-docs', name: 'Acme docs', limits: { visitor_rate_limit: { messages: 6, window: '1m' }, visitor_feedback_limit: { requests: 1_000_000, window: '1m' } } },
          { id: 'quota-docs', name: 'Quota docs', limits: { monthly_messages: 5, visitor_rate_limit: { messages: 1000, window: '1m' } } },
          { id: 'private-docs', name: 'Private docs', settings: { public: false } },
        ],
      }),
    );
    // Two servers starting together: the migrations run once, under the advisory lock.
    servers = await Promise.all([serve(), serve()]);
  });

  after(async () => {
    await stopAll();
    await postgres?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keys, settings and members changed by the CLI count on every server at the next request', async () => {
    const search = (server: Cli, key?: string) => fetch(`${server.url}/v1/projects/private-docs/search?q=webhook`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    for (const server of servers) assert.equal((await search(server)).status, 401);
    const created = await docent('key', 'create', '--project', 'private-docs', '--scopes', 'search');
    assert.equal(created.code, 0, created.err);
    const key = created.out.trim();
    for (const server of servers) assert.equal((await search(server, key)).status, 200);
    assert.equal((await docent('key', 'revoke', key.slice(0, 13))).code, 0);
    for (const server of servers) assert.equal((await search(server, key)).status, 401, 'revoked everywhere at once');
    assert.equal((await docent('project', 'update', 'private-docs', '--public')).code, 0);
    for (const server of servers) assert.equal((await search(server)).status, 200, 'public everywhere at once');
    const member = await docent('member', 'add', 'writer@acme.test', '--project', 'acme-docs', '--role', 'editor');
    assert.equal(member.code, 0, member.err);
    for (const server of servers) assert.equal((await fetch(`${server.url}/v1/projects/acme-docs/sources`, { headers: { authorization: `Bearer ${member.out.trim()}` } })).status, 200);
  });

  it('a visitor gets its message limit once across the servers, and the monthly quota is never passed', async () => {
    // Windows are aligned on the clock: start the ten questions early in a minute, so that all of them fall in one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) statuses.push((await ask(servers[n % 2]!, 'acme-docs', `How are webhooks retried? (${n})`)).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 429, 429, 429, 429], 'six questions per minute, wherever they land');

    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, n) => {
        const response = await ask(servers[n % 2]!, 'quota-docs', `Question ${n} about webhooks?`, n % 3 === 0 ? { stream: true } : {});
        const text = await response.text();
        return { status: response.status, streamedDone: text.includes('event: done') };
      }),
    );
    const answered = answers.filter((answer) => answer.status === 200);
    assert.equal(answered.length, 5, JSON.stringify(answers));
    assert.ok(answered.every((answer) => !answer.streamedDone || answer.status === 200));
    assert.equal(answers.filter((answer) => answer.status === 429).length, 7);
    const [stored] = await query<{ count: number }>("SELECT count(*)::int AS count FROM messages JOIN conversations ON conversations.id = messages.conversation_id WHERE conversations.project = 'quota-docs'");
    assert.equal(stored?.count, 5, 'exactly the quota is stored');
  });

  it('a conversation started on one server goes on on another; analytics see every server\'s feedback and events', async () => {
    const first = (await (await ask(servers[0]!, 'private-docs', 'How are webhooks retried?')).json()) as { conversation_id: string };
    const second = await ask(servers[1]!, 'private-docs', 'And how many times?', { conversation_id: first.conversation_id });
    assert.equal(second.status, 200);
    assert.equal(((await second.json()) as { conversation_id: string }).conversation_id, first.conversation_id);

    const feedback = await fetch(`${servers[0]!.url}/v1/projects/private-docs/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ target: { type: 'page', url: `${servers[0]!.url}/` }, rating: 'down', comment: 'from server one' }) });
    assert.equal(feedback.status, 202);
    const events = await fetch(`${servers[1]!.url}/v1/projects/private-docs/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: [{ type: 'page_view', url: `${servers[1]!.url}/`, timestamp: new Date().toISOString() }] }) });
    assert.equal(events.status, 202);
    const report = await docent('analytics', '--project', 'private-docs', '--json');
    assert.equal(report.code, 0, report.err);
    const analytics = JSON.parse(report.out) as { questions: number; page_views: number; pages_rated: { down: number }[] };
    const down = analytics.pages_rated.reduce((sum, rated) => sum + rated.down, 0);
    assert.deepEqual({ questions: analytics.questions, views: analytics.page_views, down }, { questions: 2, views: 1, down: 1 });
  });

  it('one server runs a sync; every server swaps the new index in as it ends', async () => {
    const crawled = crawledSite(20, 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const added = await docent('source', 'add', '--project', 'acme-docs', '--type', 'sitemap', '--url', `${crawled.origin()}/sitemap.xml`);
      assert.equal(added.code, 0, added.err);
      const sourceId = added.out.trim();
      await untilReady(sourceId, 30_000, 'the sync');
      const readyAt = Date.now();
      for (const server of servers) {
        for (;;) {
          const results = ((await (await fetch(`${server.url}/v1/projects/acme-docs/search?q=${codeWord(7)}%20calibration`)).json()) as { results: { url: string }[] }).results;
          if (results[0]?.url === `${crawled.origin()}/guide/7`) break;
          assert.ok(Date.now() - readyAt < 1500, `${server.url} still searches the old index ${Date.now() - readyAt} ms after the sync`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }
      const fetchedTwice = [...crawled.hits].filter(([pathname, count]) => pathname.startsWith('/guide/') && count > 1);
      assert.deepEqual(fetchedTwice, [], 'each page fetched by one server only');
      assert.equal(servers.filter((server) => server.output().includes('started the sync')).length, 1, 'one server ran it');
    } finally {
      await new Promise((resolve) => crawled.server.close(resolve));
    }
  });

  it('a server killed during a sync gives it up: another server runs it once the lease runs out', async () => {
    const slow = crawledSite(40, 400);
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const added = await docent('source', 'add', '--project', 'quota-docs', '--type', 'sitemap', '--url', `${slow.origin()}/sitemap.xml`);
      const sourceId = added.out.trim();
      const runner = await withTimeout(
        (async () => {
          for (;;) {
            const found = servers.find((server) => server.output().includes('of quota-docs'));
            if (found) return found;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })(),
        10_000,
        'a server starting the sync',
      );
      runner.child.kill('SIGKILL');
      await runner.exited;
      const survivor = servers.find((server) => server !== runner);
      assert.ok(survivor);
      assert.equal((await fetch(`${survivor.url}/v1/projects/acme-docs/search?q=webhook`)).status, 200, 'the other server keeps serving');
      await untilReady(sourceId, 90_000, 'the survivor finishing the sync');
      const syncs = await query<{ status: string }>("SELECT status FROM syncs WHERE project = 'quota-docs' ORDER BY started_at");
      assert.deepEqual(syncs.map((sync) => sync.status), ['failed', 'succeeded']);
      assert.match(survivor.output(), /started the sync sync_\w+ of quota-docs/);
      // The killed server starts again and serves from the same database.
      servers = [survivor, await serve()];
      assert.equal((await fetch(`${servers[1]!.url}/v1/projects/quota-docs/search?q=zephyr%20calibration`)).status, 200);
    } finally {
      await new Promise((resolve) => slow.server.close(resolve));
    }
  });

  it('SIGKILL during writes: every acknowledged write is in the database, and the other server keeps serving', async () => {
    const [victim, survivor] = servers as [Cli, Cli];
    const acknowledged: string[] = [];
    const survivorStatuses: number[] = [];
    let killed = false;
    const worker = async (id: number): Promise<void> => {
      for (let n = 0; ; n++) {
        const comment = `worker ${id}, feedback ${n}`;
        try {
          const response = await fetch(`${victim.url}/v1/projects/acme-docs/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ target: { type: 'page', url: `${victim.url}/` }, rating: 'up', comment }) });
          if (response.status === 202) acknowledged.push(comment);
          await response.arrayBuffer();
        } catch {
          return;
        }
        if (acknowledged.length >= 150 && !killed) {
          killed = true;
          victim.child.kill('SIGKILL');
        }
      }
    };
    const watcher = async (): Promise<void> => {
      while (!killed || survivorStatuses.length < 20) {
        // getProject reads the database and counts against no visitor limit (searches are shared: 120 a minute).
        survivorStatuses.push((await fetch(`${survivor.url}/v1/projects/acme-docs`)).status);
      }
    };
    await withTimeout(Promise.all([...[0, 1, 2, 3].map(worker), watcher()]), 30_000, 'writing feedback');
    const stored = new Set((await query<{ comment: string }>("SELECT comment FROM feedback WHERE project = 'acme-docs'")).map((row) => row.comment));
    assert.deepEqual(acknowledged.filter((comment) => !stored.has(comment)), []);
    assert.ok(survivorStatuses.every((status) => status === 200), JSON.stringify(survivorStatuses));
    servers = [survivor, await serve()];
    assert.equal((await fetch(`${servers[1]!.url}/v1/projects/acme-docs/search?q=webhook`)).status, 200, 'the killed server rejoins');
  });

  it('PostgreSQL restarting under load: 503 problems while it is down, within seconds, then both servers recover by themselves', async () => {
    const outcomes: { status: number; type: string; ms: number }[] = [];
    let stopping = false;
    const load = async (server: Cli): Promise<void> => {
      while (!stopping) {
        const started = Date.now();
        const response = await fetch(`${server.url}/v1/projects/acme-docs/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ target: { type: 'page', url: `${server.url}/` }, rating: 'up' }) });
        outcomes.push({ status: response.status, type: response.headers.get('content-type') ?? '', ms: Date.now() - started });
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const running = Promise.all(servers.map(load));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const whileDown = outcomes.length;
    await postgres.start();
    const recovered = await withTimeout(
      (async () => {
        for (;;) {
          const statuses = await Promise.all(servers.map(async (server) => (await fetch(`${server.url}/v1/projects/acme-docs`)).status));
          if (statuses.every((status) => status === 200)) return Date.now();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })(),
      20_000,
      'recovering',
    );
    stopping = true;
    await running;
    const failures = outcomes.filter((outcome) => outcome.status !== 202);
    assert.ok(failures.length > 0 && whileDown > 0, 'requests were refused while PostgreSQL was down');
    assert.deepEqual([...new Set(failures.map((outcome) => outcome.status))], [503]);
    assert.ok(failures.every((outcome) => outcome.type.startsWith('application/problem+json')));
    assert.ok(Math.max(...outcomes.map((outcome) => outcome.ms)) < 16_000, 'no request waited past the stated timeouts');
    assert.ok(recovered > 0);
    assert.ok(servers.every((server) => server.child.exitCode === null), 'no server crashed');
  });
});
