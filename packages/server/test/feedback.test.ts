import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertMatches } from './contract.js';
import { appOver, type TestApp } from './helpers.js';

const FEEDBACK = '/v1/projects/acme-docs/feedback';
const EVENTS = '/v1/projects/acme-docs/events';

describe('sendFeedback and recordEvents', () => {
  let site: string;
  let db: TestApp['db'];
  let app: FastifyInstance;
  let close: () => Promise<void>;

  before(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeFileSync(
      path.join(site, 'index.html'),
      '<!doctype html><html><head><title>Webhooks | Acme docs</title></head><body><main><h1>Webhooks</h1><p>Failed webhook deliveries are retried five times.</p></main></body></html>',
    );
    ({ app, db, close } = await appOver(site));
  });

  after(async () => {
    await close();
    rmSync(site, { recursive: true, force: true });
  });

  it('stores a thumbs-down on a page with its comment, verbatim', async () => {
    const comment = '<script>alert(1)</script> The steps skip where the options go.';
    const response = await app.inject({
      method: 'POST',
      url: FEEDBACK,
      payload: { target: { type: 'page', url: 'https://docs.acme.test/webhooks' }, rating: 'down', comment },
    });
    assert.equal(response.statusCode, 202);
    assertMatches('FeedbackReceipt', response.json());
    const row = db.prepare('SELECT target_type, url, rating, comment FROM feedback WHERE id = ?').get(response.json().id);
    assert.deepEqual({ ...(row as object) }, { target_type: 'page', url: 'https://docs.acme.test/webhooks', rating: 'down', comment });
  });

  it('stores a thumbs-up on an answer, and refuses an answer that does not exist with 422', async () => {
    const answer = (await app.inject({ method: 'POST', url: '/v1/projects/acme-docs/messages', payload: { question: 'How often are webhook deliveries retried?' } })).json();
    const ok = await app.inject({ method: 'POST', url: FEEDBACK, payload: { target: { type: 'answer', message_id: answer.message_id }, rating: 'up' } });
    assert.equal(ok.statusCode, 202);
    const unknown = await app.inject({ method: 'POST', url: FEEDBACK, payload: { target: { type: 'answer', message_id: 'msg_unknown' }, rating: 'up' } });
    assert.equal(unknown.statusCode, 422);
    assertMatches('Problem', unknown.json());
    assert.equal(unknown.json().errors[0].pointer, '/target/message_id');
  });

  it('refuses a rating that is not up or down, and a target of an unknown type', async () => {
    for (const payload of [
      { target: { type: 'page', url: 'https://docs.acme.test/' }, rating: 'meh' },
      { target: { type: 'site', url: 'https://docs.acme.test/' }, rating: 'up' },
      { target: { type: 'page', url: 'https://docs.acme.test/' }, rating: 'up', comment: 'x'.repeat(2001) },
    ]) {
      const response = await app.inject({ method: 'POST', url: FEEDBACK, payload });
      assert.equal(response.statusCode, 422, JSON.stringify(payload));
      assertMatches('Problem', response.json());
    }
  });

  it('records a batch of events and says how many it stored', async () => {
    const response = await app.inject({
      method: 'POST',
      url: EVENTS,
      payload: {
        events: [
          { type: 'page_view', url: 'https://docs.acme.test/webhooks', timestamp: '2026-11-21T10:20:00Z' },
          { type: 'search', url: 'https://docs.acme.test/webhooks', timestamp: '2026-11-21T10:20:05Z', properties: { query: 'retries', result_count: 2 } },
        ],
      },
    });
    assert.equal(response.statusCode, 202);
    assertMatches('EventsReceipt', response.json());
    assert.equal(response.json().accepted, 2);
    const stored = db.prepare("SELECT COUNT(*) AS n FROM events WHERE project = 'acme-docs'").get() as { n: number };
    assert.equal(stored.n, 2);
    assert.equal(response.headers['set-cookie'], undefined);
  });

  it('stores nothing when the browser sends Do Not Track or Global Privacy Control', async () => {
    const before = (db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
    for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }]) {
      const response = await app.inject({
        method: 'POST',
        url: EVENTS,
        headers,
        payload: { events: [{ type: 'page_view', url: 'https://docs.acme.test/', timestamp: '2026-11-21T10:20:00Z' }] },
      });
      assert.equal(response.statusCode, 202);
      assert.equal(response.json().accepted, 0);
    }
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n, before);
  });

  it('refuses an empty batch, a batch over 50 and an unknown event type', async () => {
    const event = { type: 'page_view', url: 'https://docs.acme.test/', timestamp: '2026-11-21T10:20:00Z' };
    for (const events of [[], Array.from({ length: 51 }, () => event), [{ ...event, type: 'click' }]]) {
      const response = await app.inject({ method: 'POST', url: EVENTS, payload: { events } });
      assert.equal(response.statusCode, 422);
      assertMatches('Problem', response.json());
    }
  });
});
