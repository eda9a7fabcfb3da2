import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parseSince } from '../src/analytics/report.js';
import { main } from '../src/cli.js';
import { appOver } from './helpers.js';

function capture(): { io: { out(text: string): void; err(text: string): void }; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return { io: { out: (text) => void (out += text), err: (text) => void (err += text) }, out: () => out, err: () => err };
}

describe('docent analytics', () => {
  it('reports questions, answered and unanswered, searches, page views, thumbs and the unanswered questions', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-analytics-'));
    const site = path.join(dir, 'site');
    const dbFile = path.join(dir, 'docent.db');
    try {
      await import('node:fs').then(({ mkdirSync }) => mkdirSync(site));
      writeFileSync(
        path.join(site, 'index.html'),
        '<!doctype html><title>Webhooks | Acme</title><main><h1>Webhooks</h1><p>Failed webhook deliveries are retried five times with exponential backoff.</p></main>',
      );
      const { app, close } = await appOver(site, { dbFile });
      const ask = async (question: string) => (await app.inject({ method: 'POST', url: '/v1/projects/acme-docs/messages', payload: { question } })).json();
      const answered = await ask('Are failed webhook deliveries retried?');
      await ask('What is the capital of France?');
      await ask('What is the capital of France?');
      // Searches are counted from the widget's search events; searchProject itself records nothing.
      await app.inject({ url: '/v1/projects/acme-docs/search?q=webhook' });
      await app.inject({ url: '/v1/projects/acme-docs/search?q=Webhook' });
      await app.inject({
        method: 'POST',
        url: '/v1/projects/acme-docs/events',
        payload: {
          events: [
            { type: 'page_view', url: 'https://docs.acme.test/', timestamp: '2026-11-21T10:00:00Z' },
            { type: 'search', url: 'https://docs.acme.test/', timestamp: '2026-11-21T10:00:05Z', properties: { query: 'webhook', result_count: 1 } },
            { type: 'search', url: 'https://docs.acme.test/', timestamp: '2026-11-21T10:00:09Z', properties: { query: 'Webhook', result_count: 1 } },
          ],
        },
      });
      await app.inject({ method: 'POST', url: '/v1/projects/acme-docs/feedback', payload: { target: { type: 'page', url: 'https://docs.acme.test/' }, rating: 'down', comment: 'No example.' } });
      await app.inject({ method: 'POST', url: '/v1/projects/acme-docs/feedback', payload: { target: { type: 'answer', message_id: answered.message_id }, rating: 'down' } });
      await close();

      const text = capture();
      assert.equal(await main(['analytics', '--project', 'acme-docs', '--db', dbFile], text.io), 0);
      const report = text.out();
      assert.match(report, /questions\s+3 \(answered 1, 33 %; not covered 2\)/);
      assert.match(report, /searches\s+2/);
      assert.match(report, /page views\s+1/);
      assert.match(report, /answer thumbs 0 up, 1 down/);
      assert.match(report, /Unanswered questions[^\n]*:\n\s+2\s+What is the capital of France\?/);
      assert.match(report, /Top searches:\n\s+2\s+webhook/);
      assert.match(report, /0 up\s+1 down\s+https:\/\/docs\.acme\.test\//);
      assert.match(report, /No example\./);

      const json = capture();
      assert.equal(await main(['analytics', '--project', 'acme-docs', '--db', dbFile, '--json'], json.io), 0);
      const parsed = JSON.parse(json.out());
      assert.equal(parsed.not_covered, 2);
      assert.equal(parsed.searches, 2);
      assert.deepEqual(parsed.top_queries, [{ query: 'webhook', count: 2 }]);

      // The project must be in the database.
      const unknown = capture();
      assert.equal(await main(['analytics', '--project', 'other-docs', '--db', dbFile], unknown.io), 1);
      assert.match(unknown.err(), /there is no project other-docs/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explains a missing project, a bad period and a missing database', async () => {
    const missingProject = capture();
    assert.equal(await main(['analytics'], missingProject.io), 2);
    assert.match(missingProject.err(), /give the project id, such as --project/);
    const badPeriod = capture();
    assert.equal(await main(['analytics', '--project', 'acme-docs', '--since', 'last month'], badPeriod.io), 2);
    assert.match(badPeriod.err(), /--since must be/);
    const noDb = capture();
    assert.equal(await main(['analytics', '--project', 'acme-docs', '--db', path.join(tmpdir(), 'no-such.db')], noDb.io), 2);
    assert.match(noDb.err(), /there is no database/);
  });

  it('reads periods in hours, days and weeks', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    assert.equal(parseSince('12h', now)?.toISOString(), '2026-11-21T00:00:00.000Z');
    assert.equal(parseSince('30d', now)?.toISOString(), '2026-10-22T12:00:00.000Z');
    assert.equal(parseSince('2w', now)?.toISOString(), '2026-11-07T12:00:00.000Z');
    assert.equal(parseSince('soon', now), null);
  });
});
