/**
 * The server as a hostile client meets it: every defect of the hardening issue, each tried against a real server on
 * 127.0.0.1 with real requests, and each test written to fail on the server before the fix.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../src/cli.js';
import { parseDocentConfig } from '../src/config/docentConfig.js';
import { appOver, type AppOptions, type TestApp } from './helpers.js';

function writeSite(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Webhooks | Acme</title><link rel="canonical" href="https://docs.acme.test/"></head><body><main><h1>Webhooks</h1><p>Failed webhook deliveries are retried five times.</p></main></body></html>',
  );
}

interface Running {
  test: TestApp;
  url: string;
  logged: string[];
  close(): Promise<void>;
}

async function running(dir: string, options: AppOptions = {}): Promise<Running> {
  const logged: string[] = [];
  const test = await appOver(dir, { logger: (line) => logged.push(line), dbFile: path.join(dir, '.docent', 'docent.db'), ...options });
  const url = await test.server.listen(0, '127.0.0.1');
  return { test, url, logged, close: () => test.close() };
}

/** Sends raw bytes and resolves with everything the server answers, and how long until it closed the connection. */
function rawExchange(url: string, write: (socket: Socket) => void): Promise<{ text: string; ms: number }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), '127.0.0.1', () => write(socket));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    setTimeout(() => reject(new Error('the server kept the connection open for 10 s')), 10_000).unref();
  });
}

const event = (n: number) => ({ type: 'page_view', url: `https://docs.acme.test/page-${n}`, timestamp: '2026-11-01T10:00:00Z', properties: { note: 'x'.repeat(400) } });

describe('server hardening', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(path.join(tmpdir(), 'docent-hardening-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const folder = (name: string): string => {
    const dir = path.join(root, name);
    writeSite(dir);
    return dir;
  };

  it('1. a flood of events and feedback is answered 429, and the database grows by less than a stated bound', async () => {
    const dir = folder('flood');
    const config = parseDocentConfig({ projects: [{ id: 'acme-docs', name: 'Acme', limits: { daily_storage_mb: 1 } }] });
    const server = await running(dir, { config, trustProxy: { addresses: ['loopback'] } });
    try {
      const dbFile = path.join(dir, '.docent', 'docent.db');
      const sizeBefore = statSync(dbFile).size;
      const post = (pathname: string, body: unknown, visitor: string) =>
        fetch(`${server.url}/v1/projects/acme-docs/${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor }, body: JSON.stringify(body) });
      // One visitor: 600 events a minute, then 429.
      const statuses: number[] = [];
      for (let batch = 0; batch < 15; batch++) statuses.push((await post('events', { events: Array.from({ length: 50 }, (_, n) => event(n)) }, '203.0.113.7')).status);
      assert.deepEqual(statuses, [...Array(12).fill(202), 429, 429, 429]);
      const feedback = [];
      for (let n = 0; n < 35; n++) feedback.push((await post('feedback', { target: { type: 'page', url: 'https://docs.acme.test/' }, rating: 'down', comment: 'y'.repeat(900) }, '203.0.113.8')).status);
      assert.equal(feedback.filter((status) => status === 202).length, 30);
      assert.equal(feedback.filter((status) => status === 429).length, 5);
      // Many visitors: the project's 1 MiB a day stops them all.
      let refused = 0;
      for (let visitor = 0; visitor < 200 && refused < 5; visitor++) {
        const response = await post('events', { events: Array.from({ length: 50 }, (_, n) => event(n)) }, `198.51.100.${visitor}`);
        if (response.status === 429) {
          refused += 1;
          assert.match(((await response.json()) as { detail: string }).detail, /stored as much feedback and as many events as it may today/);
        } else assert.equal(response.status, 202);
      }
      assert.equal(refused, 5, 'the daily storage allowance ends the flood');
      const stored = server.test.db.prepare('SELECT coalesce(sum(length(url) + length(properties)), 0) AS bytes FROM events').get() as { bytes: number };
      assert.ok(stored.bytes <= 1024 * 1024, `stored ${stored.bytes} bytes of events, over the 1 MiB allowance`);
      server.test.db.pragma('wal_checkpoint(TRUNCATE)');
      const growth = statSync(dbFile).size - sizeBefore;
      assert.ok(growth < 3 * 1024 * 1024, `the database grew by ${growth} bytes, over 3 MiB for a 1 MiB allowance`);
    } finally {
      await server.close();
    }
  });

  it('1. retention deletes events, searches and conversations older than retention_days, on a schedule', async () => {
    const dir = folder('retention');
    const config = parseDocentConfig({ projects: [{ id: 'acme-docs', name: 'Acme', settings: { retention_days: 30 } }] });
    const server = await running(dir, { config, purgeEveryMs: 100 });
    try {
      const db = server.test.db;
      const old = '2020-01-01T00:00:00.000Z';
      db.prepare("INSERT INTO events (project, type, url, occurred_at, created_at) VALUES ('acme-docs', 'page_view', 'https://docs.acme.test/', ?, ?)").run(old, old);
      db.prepare("INSERT INTO events (project, type, url, occurred_at) VALUES ('acme-docs', 'page_view', 'https://docs.acme.test/new', ?)").run(old);
      db.prepare("INSERT INTO searches (project, query, result_count, created_at) VALUES ('acme-docs', 'old', 1, ?)").run(old);
      db.prepare("INSERT INTO conversations (id, project, created_at) VALUES ('conv_old', 'acme-docs', ?)").run(old);
      db.prepare("INSERT INTO messages (id, conversation_id, question, answer, answered, citations, created_at) VALUES ('msg_old', 'conv_old', 'q', 'a', 1, '[]', ?)").run(old);
      db.prepare("INSERT INTO feedback (id, project, target_type, message_id, rating) VALUES ('fb_old', 'acme-docs', 'answer', 'msg_old', 'up')").run();
      await new Promise((resolve) => setTimeout(resolve, 400));
      assert.deepEqual(db.prepare('SELECT url FROM events').pluck().all(), ['https://docs.acme.test/new']);
      assert.equal(db.prepare('SELECT count(*) FROM searches').pluck().get(), 0);
      assert.equal(db.prepare('SELECT count(*) FROM conversations').pluck().get(), 0);
      assert.equal(db.prepare('SELECT message_id FROM feedback').pluck().get(), null, 'the rating stays, unlinked from the deleted answer');
      assert.ok(server.logged.some((line) => /retention: deleted 1 events, 1 searches and 1 conversations of acme-docs older than 30 days/.test(line)));
    } finally {
      await server.close();
    }
  });

  it('2. a trickled body and a stalled body are cut within the timeout, while normal clients keep being served', async () => {
    const server = await running(folder('slow'), { transport: { requestTimeoutMs: 1500, headersTimeoutMs: 1000 } });
    try {
      const head = 'POST /v1/projects/acme-docs/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
      const trickled = rawExchange(server.url, (socket) => {
        socket.write(head);
        const timer = setInterval(() => (socket.writable ? socket.write('{') : clearInterval(timer)), 100);
        socket.on('close', () => clearInterval(timer));
      });
      const stalled = rawExchange(server.url, (socket) => socket.write(head));
      const noHeaders = rawExchange(server.url, (socket) => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
      // Meanwhile, a normal reader's searches are answered.
      for (let n = 0; n < 5; n++) assert.equal((await fetch(`${server.url}/v1/projects/acme-docs/search?q=webhook`)).status, 200);
      for (const [name, exchange] of [['trickled', trickled], ['stalled', stalled], ['headers never finished', noHeaders]] as const) {
        const { text, ms } = await exchange;
        assert.ok(ms < 4000, `${name}: cut after ${ms} ms`);
        assert.match(text, /^HTTP\/1\.1 408 /, `${name}: answered 408`);
        assert.match(text, /content-type: application\/problem\+json/i);
      }
    } finally {
      await server.close();
    }
  });

  it('2. one address cannot hold more connections than the cap', async () => {
    const server = await running(folder('cap'), { transport: { connectionsPerAddress: 5 } });
    const sockets: Socket[] = [];
    try {
      const { port } = new URL(server.url);
      for (let n = 0; n < 5; n++) sockets.push(await new Promise<Socket>((resolve) => { const socket = connect(Number(port), '127.0.0.1', () => resolve(socket)); }));
      const extra = await rawExchange(server.url, (socket) => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
      assert.equal(extra.text, '', 'the sixth connection is closed without an answer');
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal((await fetch(`${server.url}/v1/projects/acme-docs`)).status, 200, 'once they close, the address is served again');
    } finally {
      for (const socket of sockets) socket.destroy();
      await server.close();
    }
  });

  it('4. a monthly quota of 5 stores 5 answers out of 40 concurrent streamed questions; the 429 says RateLimit-Remaining: 0', async () => {
    const config = parseDocentConfig({ projects: [{ id: 'acme-docs', name: 'Acme', limits: { monthly_messages: 5, visitor_rate_limit: { messages: 100, window: '1m' } } }] });
    const server = await running(folder('quota'), { config });
    try {
      const ask = () =>
        fetch(`${server.url}/v1/projects/acme-docs/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ question: 'How often are failed webhooks retried?', stream: true }),
        }).then(async (response) => ({ status: response.status, remaining: response.headers.get('ratelimit-remaining'), body: await response.text() }));
      const responses = await Promise.all(Array.from({ length: 40 }, ask));
      assert.equal(responses.filter((response) => response.status === 200).length, 5);
      const refused = responses.filter((response) => response.status === 429);
      assert.equal(refused.length, 35);
      for (const response of refused) assert.equal(response.remaining, '0');
      assert.equal(server.test.db.prepare('SELECT count(*) FROM messages').pluck().get(), 5);
      assert.equal(server.test.db.prepare('SELECT count(*) FROM message_reservations').pluck().get(), 0, 'no reservation is left behind');
    } finally {
      await server.close();
    }
  });

  it('5. behind trusted proxies the visitor is the rightmost untrusted address, and URLs never come from request headers', async () => {
    const server = await running(folder('proxy'), { trustProxy: { addresses: ['loopback'] } });
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 22; n++) {
        const response = await fetch(`${server.url}/v1/projects/acme-docs/messages`, {
          method: 'POST',
          // The client rotates the leftmost address; the proxy appends the address it saw.
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.8.${n}, 203.0.113.50` },
          body: JSON.stringify({ question: 'webhook retries?' }),
        });
        statuses.push(response.status);
      }
      assert.deepEqual(statuses.slice(19), [200, 429, 429], 'the 21st question of one visitor is refused, whatever the leftmost address');
      const search = await fetch(`${server.url}/v1/projects/acme-docs/search?q=webhook`, { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'gopher', 'x-forwarded-for': '203.0.113.51' } });
      const { results } = (await search.json()) as { results: { url: string }[] };
      assert.equal(results[0]?.url, 'https://docs.acme.test/', "from the site's own url, not the forwarded host");
      const http10 = await rawExchange(server.url, (socket) => socket.end('GET /v1/projects/acme-docs/search?q=webhook HTTP/1.0\r\n\r\n'));
      assert.match(http10.text, /"url":"https:\/\/docs\.acme\.test\/"/);
      assert.doesNotMatch(http10.text, /http:\/\/\//);
    } finally {
      await server.close();
    }
  });

  it('5. --public-url sets the base of result URLs; --trust-proxy takes a count or addresses and names a bad value', async () => {
    const server = await running(folder('public-url'), { publicUrl: 'https://help.acme.test/docs/' });
    try {
      const { results } = (await (await fetch(`${server.url}/v1/projects/acme-docs/search?q=webhook`, { headers: { host: 'evil.example' } })).json()) as { results: { url: string }[] };
      assert.equal(results[0]?.url, 'https://help.acme.test/docs/');
    } finally {
      await server.close();
    }
    let err = '';
    const code = await main(['serve', '--site', folder('bad-proxy'), '--project', 'acme-docs', '--trust-proxy', '10.0.0.0/33'], { out: () => undefined, err: (text) => (err += text) });
    assert.equal(code, 2);
    assert.match(err, /--trust-proxy: "10\.0\.0\.0\/33" is not an IP address or CIDR range/);
  });

  it('6. a page nested 5,000 deep and a page over the size limit are skipped or read without crashing; the rest is indexed', async () => {
    const dir = folder('deep');
    writeFileSync(path.join(dir, 'deep.html'), `<!doctype html><title>Deep | Acme</title><main><h1>Deep</h1>${'<div>'.repeat(5000)}<p>Nested retry policy text.</p>${'</div>'.repeat(5000)}</main>`);
    writeFileSync(path.join(dir, 'huge.html'), `<!doctype html><title>Huge | Acme</title><main><h1>Huge</h1><p>${'word '.repeat(1_300_000)}</p></main>`);
    const server = await running(dir);
    try {
      assert.equal(server.test.server.site.snapshot.pages, 2, 'the home page and the deep page');
      assert.ok(server.logged.some((line) => line.includes('huge.html') && /over the limit of 5\.0 MiB for one page/.test(line)), server.logged.join('\n'));
      const { results } = (await (await fetch(`${server.url}/v1/projects/acme-docs/search?q=nested+retry+policy`)).json()) as { results: { url: string }[] };
      assert.equal(results[0]?.url, 'https://docs.acme.test/deep');
    } finally {
      await server.close();
    }
    let out = '';
    let err = '';
    const code = await main(['index', dir, '--out', path.join(root, 'deep-index.json')], { out: (text) => (out += text), err: (text) => (err += text) });
    assert.equal(code, 0, err);
    assert.match(err, /skipped .*huge\.html: it is \d+\.\d MiB, over the limit of 5\.0 MiB for one page/);
    assert.match(out, /Indexed 2 pages \(1 skipped\)/);
  });

  it('7. a database this user cannot write stops the server at start, naming the file', { skip: process.getuid?.() !== 0 && 'needs root to run the server as another user' }, () => {
    // As root every file is writable, so the server runs as nobody, on a database nobody may not write.
    const dir = folder('readonly');
    const dbFile = path.join(dir, 'docent.db');
    execFileSync(process.execPath, ['--import', 'tsx', '-e', `import('${path.join(import.meta.dirname ?? __dirname, '..', 'src', 'store', 'sqlite', 'index.ts')}').then((m) => m.openSqliteStore(${JSON.stringify(dbFile)}).close())`], { cwd: path.join(import.meta.dirname ?? __dirname, '..') });
    chmodSync(dir, 0o755);
    chmodSync(root, 0o755);
    chmodSync(dbFile, 0o644);
    const cli = path.join(import.meta.dirname ?? __dirname, '..', 'src', 'cli.ts');
    const script = `import('${cli}').then(async (m) => { process.exitCode = await m.main(process.argv.slice(1)); })`;
    const result = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '--import', 'tsx', '-e', script, 'serve', '--site', dir, '--project', 'acme-docs', '--db', dbFile, '--port', '0'], {
      cwd: path.join(import.meta.dirname ?? __dirname, '..'),
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, new RegExp(`the database ${dbFile.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not writable by this user`));
  });

  it('7. a failed write at run time is logged and does not fail the reader', async () => {
    const server = await running(folder('broken-writes'));
    try {
      server.test.db.exec('DROP TABLE message_reservations; DROP TABLE messages');
      const response = await fetch(`${server.url}/v1/projects/acme-docs/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'How often are webhooks retried?' }) });
      assert.equal(response.status, 200);
      const body = (await response.json()) as { answer: string; message_id: string };
      assert.match(body.message_id, /^msg_/);
      assert.ok(body.answer.length > 20, 'the reader gets the answer');
      assert.ok(server.logged.some((line) => /could not store an answer of project acme-docs \(the reader still got it\)/.test(line)));
      assert.equal((await fetch(`${server.url}/v1/projects/acme-docs/search?q=webhook`)).status, 200);
    } finally {
      await server.close();
    }
  });

  it('8, 9, 11. parameters are validated as sent: no coercion, no infinite numbers, JSON only, http(s) URLs only, routing on the decoded path', async () => {
    const server = await running(folder('edges'));
    try {
      const base = `${server.url}/v1/projects/acme-docs`;
      for (const limit of ['Infinity', '1e400', '-Infinity', 'NaN', '1e2']) assert.equal((await fetch(`${base}/search?q=webhook&limit=${limit}`)).status, 400, `limit=${limit}`);
      assert.equal((await fetch(`${base}/search?q=webhook&limit=3`)).status, 200);
      const post = (pathname: string, body: string, type = 'application/json', headers: Record<string, string> = {}) =>
        fetch(`${server.url}${pathname}`, { method: 'POST', headers: { 'content-type': type, ...headers }, body });
      const wrongType = await post('/v1/projects/acme-docs/messages', JSON.stringify({ question: 12345 }));
      assert.equal(wrongType.status, 422);
      assert.deepEqual(((await wrongType.json()) as { errors: { pointer: string }[] }).errors.map((error) => error.pointer), ['/question']);
      assert.equal((await post('/v1/projects/acme-docs/messages', JSON.stringify({ question: 'Retries?', stream: 'false' }))).status, 422);
      assert.equal((await post('/v1/projects/acme-docs/messages', 'How do retries work?', 'text/plain')).status, 415);
      for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://docs.acme.test/']) {
        assert.equal((await post('/v1/projects/acme-docs/feedback', JSON.stringify({ target: { type: 'page', url }, rating: 'up' }))).status, 422, url);
        assert.equal((await post('/v1/projects/acme-docs/events', JSON.stringify({ events: [{ type: 'page_view', url, timestamp: '2026-11-01T10:00:00Z' }] }))).status, 422, url);
      }
      const bypass = await post('/%761/projects/acme-docs/feedback', JSON.stringify({ target: { type: 'page', url: 'https://docs.acme.test/' }, rating: 'up' }), 'application/json', { origin: 'https://evil.example' });
      assert.notEqual(bypass.status, 202, 'an encoded API path gets no around the origin check');
      assert.equal(server.test.db.prepare('SELECT count(*) FROM feedback').pluck().get(), 0);
    } finally {
      await server.close();
    }
  });

  it('10. errors Node and Fastify raise themselves are problem+json with the security headers', async () => {
    const server = await running(folder('errors'));
    try {
      const badUrl = await fetch(`${server.url}/v1/projects/%zz`);
      assert.equal(badUrl.status, 400);
      assert.match(badUrl.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.equal(badUrl.headers.get('x-content-type-options'), 'nosniff');
      assert.match(((await badUrl.json()) as { detail: string }).detail, /percent-encoding/);
      const big = await rawExchange(server.url, (socket) => socket.write(`GET /v1/projects/acme-docs HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      assert.match(big.text, /^HTTP\/1\.1 431 /);
      assert.match(big.text, /content-type: application\/problem\+json/i);
      assert.match(big.text, /x-content-type-options: nosniff/i);
      assert.match(big.text, /"status":431/);
    } finally {
      await server.close();
    }
  });
});
