/**
 * Durability of the real `docent serve` process on 127.0.0.1: every write it acknowledged survives SIGKILL, and
 * SIGTERM stops new connections, lets the answer in flight finish, then closes the database cleanly and exits 0.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../src/store/sqlite/index.js';
import { cliEnv, startCli, stopAll, withTimeout } from './helpers/serveProcess.js';

const PROJECT = 'acme-docs';
const FEEDBACK = `/v1/projects/${PROJECT}/feedback`;
const MESSAGES = `/v1/projects/${PROJECT}/messages`;

function page(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title} | Acme docs</title></head><body><main><article>${body}</article></main></body></html>`;
}

function writeSite(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page('Home', '<h1>Acme docs</h1><p>Welcome to the Acme webhook documentation.</p>'));
  writeFileSync(
    path.join(dir, 'webhooks.html'),
    page('Webhooks', '<h1>Webhooks</h1><p>Acme sends a webhook for every order.</p><h2 id="retries">Retries</h2><p>Failed webhook deliveries are retried five times with exponential backoff.</p>'),
  );
  writeFileSync(path.join(dir, '404.html'), page('Page not found', '<h1>Page not found</h1>'));
}

/** Whether a new TCP connection to the port is accepted right now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function untilRefused(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!(await accepts(port))) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

async function* sseEvents(response: Response): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      yield { event: /^event: (.+)$/m.exec(block)?.[1] ?? '', data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown> };
    }
  }
}

/** A Chat Completions endpoint that streams `pieces` slowly, one every `intervalMs`. */
function startSlowModel(pieces: readonly string[], intervalMs: number): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (at: number): void => {
        if (response.destroyed) return;
        if (at === pieces.length) return void response.end('data: [DONE]\n\n');
        response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: pieces[at] } }] })}\n\n`);
        setTimeout(() => send(at + 1), intervalMs);
      };
      send(0);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` })),
  );
}

describe('docent serve durability', () => {
  let dir: string;
  let site: string;

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-durability-'));
    site = path.join(dir, 'site');
    writeSite(site);
  });

  after(async () => {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged feedback when the process is killed with SIGKILL mid-stream', async () => {
    const dbFile = path.join(dir, 'crash.db');
    // One visitor sends hundreds of feedbacks here: lift the per-visitor feedback limit, the subject of hardening.test.ts.
    const config = path.join(dir, 'unlimited-feedback.json');
    writeFileSync(config, JSON.stringify({ projects: [{ id: PROJECT, name: 'Acme docs', limits: { visitor_feedback_limit: { requests: 1_000_000, window: '1m' } } }] }));
    const cli = await startCli(dir, ['--site', site, '--project', PROJECT, '--db', dbFile, '--config', config], cliEnv());
    const KILL_AFTER = 200;
    const acknowledged: string[] = [];
    const unexpected: number[] = [];
    let inFlight = 0;
    let inFlightAtKill = -1;

    const worker = async (id: number): Promise<void> => {
      for (let n = 0; ; n++) {
        const comment = `worker ${id}, feedback ${n}`;
        inFlight += 1;
        try {
          const response = await fetch(`${cli.url}${FEEDBACK}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ target: { type: 'page', url: `${cli.url}/webhooks` }, rating: n % 2 ? 'up' : 'down', comment }),
          });
          if (response.status < 200 || response.status > 299) unexpected.push(response.status);
          else acknowledged.push(comment);
          await response.arrayBuffer();
        } catch {
          return; // the server is gone
        } finally {
          inFlight -= 1;
        }
        if (acknowledged.length >= KILL_AFTER && inFlightAtKill < 0) {
          inFlightAtKill = inFlight;
          cli.child.kill('SIGKILL');
        }
      }
    };
    await withTimeout(Promise.all([0, 1, 2, 3].map(worker)), 15_000, 'sending feedback');
    assert.deepEqual(await cli.exited, { code: null, signal: 'SIGKILL' });
    assert.deepEqual(unexpected, []);
    assert.ok(acknowledged.length >= KILL_AFTER);
    assert.ok(inFlightAtKill > 0, 'requests were still in flight when the server was killed');

    const store = openSqliteStore(dbFile);
    const db = store.connection;
    try {
      // The settings that make an acknowledged write survive power loss too, not only a crash.
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
      assert.equal(db.pragma('synchronous', { simple: true }), 2); // FULL
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      const stored = new Set(db.prepare('SELECT comment FROM feedback WHERE project = ?').pluck().all(PROJECT) as string[]);
      const lost = acknowledged.filter((comment) => !stored.has(comment));
      assert.deepEqual(lost, [], `${lost.length} of ${acknowledged.length} acknowledged feedbacks are missing`);
    } finally {
      await store.close();
    }
  });

  it('on SIGTERM stops accepting, finishes the streamed answer, closes the database cleanly and exits 0', async () => {
    // Three sentences the sections support ([1] is the Retries section, [2] the Webhooks one); each reaches the reader once complete.
    const pieces = [
      'Acme retries ',
      'failed webhook ',
      'deliveries ',
      'five times [1]. ',
      'The retries ',
      'use exponential ',
      'backoff [1]. ',
      'Acme sends ',
      'a webhook ',
      'for every ',
      'order [2].',
    ];
    const model = await startSlowModel(pieces, 100);
    const dbFile = path.join(dir, 'drain.db');
    try {
      const cli = await startCli(
        dir,
        ['--site', site, '--project', PROJECT, '--db', dbFile],
        cliEnv({ DOCENT_LLM_BASE_URL: model.url, DOCENT_LLM_API_KEY: 'test-key', DOCENT_LLM_MODEL: 'docs-model' }),
      );
      const response = await fetch(`${cli.url}${MESSAGES}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ question: 'How are failed webhook deliveries retried?' }),
        signal: AbortSignal.timeout(10_000),
      });
      assert.equal(response.status, 200);

      const events: SseEvent[] = [];
      let refused: Promise<{ refused: boolean; eventsBefore: number }> | undefined;
      for await (const event of sseEvents(response)) {
        events.push(event);
        if (event.event === 'delta' && !refused) {
          cli.child.kill('SIGTERM');
          refused = untilRefused(cli.port, 1000).then((result) => ({ refused: result, eventsBefore: events.length }));
        }
      }
      assert.ok(refused, 'the stream sent a delta');
      const { exited } = cli;
      const exit = await withTimeout(exited, 5000, 'exiting after SIGTERM');

      const refusal = await refused;
      assert.ok(refusal.refused, 'new connections are refused after SIGTERM');
      assert.ok(refusal.eventsBefore < events.length, 'connections were refused while the answer was still streaming');

      const names = events.map((item) => item.event);
      assert.equal(names[0], 'sources');
      assert.equal(names.at(-1), 'done');
      assert.deepEqual(names.slice(1, -1), ['delta', 'delta', 'delta']);
      const done = events.at(-1)!.data as { answer: string; message_id: string; conversation_id: string; answered: boolean };
      assert.equal(done.answer, pieces.join(''));
      assert.equal(events.filter((item) => item.event === 'delta').map((item) => item.data.text).join(''), done.answer);
      assert.equal(done.answered, true);

      assert.deepEqual(exit, { code: 0, signal: null }, cli.output());
      assert.match(cli.output(), /SIGTERM: finishing requests in flight and closing the database/);

      // A clean close of the last connection checkpoints the WAL into the database and deletes it.
      const wal = `${dbFile}-wal`;
      assert.ok(!existsSync(wal) || statSync(wal).size === 0, 'no write is left in the WAL');
      const db = new Database(dbFile, { fileMustExist: true });
      try {
        assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
        const row = db
          .prepare('SELECT messages.answer, messages.answered FROM messages JOIN conversations ON conversations.id = messages.conversation_id WHERE messages.id = ? AND conversations.id = ? AND conversations.project = ?')
          .get(done.message_id, done.conversation_id, PROJECT) as { answer: string; answered: number } | undefined;
        assert.deepEqual({ ...row }, { answer: done.answer, answered: 1 });
      } finally {
        db.close();
      }
    } finally {
      await stopAll();
      model.server.closeAllConnections();
      await new Promise((resolve) => model.server.close(resolve));
    }
  });
});
