import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { RateLimiter, visitorKey } from '../src/serve/rateLimit.js';
import { assertMatches } from './contract.js';
import { appOver } from './helpers.js';

describe('RateLimiter', () => {
  it('allows the limit per window, then refuses until the window ends', () => {
    let now = 0;
    const limiter = new RateLimiter({ requests: 2, windowMs: 60_000 }, () => now);
    assert.deepEqual(limiter.take('a'), { allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    assert.equal(limiter.take('a').remaining, 0);
    now = 15_000;
    assert.deepEqual(limiter.take('a'), { allowed: false, limit: 2, remaining: 0, resetSeconds: 45 });
    assert.equal(limiter.take('b').allowed, true, 'another visitor has their own window');
    now = 60_000;
    assert.equal(limiter.take('a').allowed, true);
  });

  it('keys visitors by a hash, never by the address itself', () => {
    assert.equal(visitorKey('203.0.113.7'), visitorKey('203.0.113.7'));
    assert.notEqual(visitorKey('203.0.113.7'), visitorKey('203.0.113.8'));
    assert.doesNotMatch(visitorKey('203.0.113.7'), /203/);
  });
});

describe('rate limits on the API', () => {
  it('answer 429 with Retry-After and RateLimit headers once a visitor asks too often, per operation', async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Home | Acme</title><main><h1>Home</h1><p>Webhook retries happen five times.</p></main>');
    const { app, close } = await appOver(site, {
      limits: {
        messages: { requests: 2, windowMs: 60_000 },
        searches: { requests: 3, windowMs: 60_000 },
      },
    });
    try {
      const ask = () => app.inject({ method: 'POST', url: '/v1/projects/acme-docs/messages', payload: { question: 'webhook retries' } });
      const first = await ask();
      assert.equal(first.headers['ratelimit-limit'], '2');
      assert.equal(first.headers['ratelimit-remaining'], '1');
      await ask();
      const refused = await ask();
      assert.equal(refused.statusCode, 429);
      assertMatches('Problem', refused.json());
      assert.match(refused.json().detail, /Try again in \d+ seconds/);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal(refused.headers['ratelimit-remaining'], '0');

      const search = () => app.inject({ url: '/v1/projects/acme-docs/search?q=webhook' });
      for (let count = 0; count < 3; count++) assert.equal((await search()).statusCode, 200);
      assert.equal((await search()).statusCode, 429);
      assert.equal((await app.inject({ url: '/v1/projects/acme-docs' })).statusCode, 200, 'reading the project is not limited');
    } finally {
      await close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('behind a trusted proxy (--trust-proxy) counts each forwarded visitor apart; without it, the proxy is one visitor', async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'docent-site-'));
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Home | Acme</title><main><h1>Home</h1><p>Webhook retries happen five times.</p></main>');
    const limits = { messages: { requests: 5, windowMs: 60_000 }, searches: { requests: 1, windowMs: 60_000 } };
    const behindProxy = await appOver(site, { limits, trustProxy: { addresses: ['loopback'] } });
    const direct = await appOver(site, { limits });
    const search = ({ app }: typeof direct, visitor: string) =>
      app.inject({ url: '/v1/projects/acme-docs/search?q=webhook', headers: { 'x-forwarded-for': visitor, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'docs.acme.test' } });
    try {
      const first = await search(behindProxy, '198.51.100.1');
      assert.equal(first.statusCode, 200);
      assert.match(first.json().results[0].url, /^http:\/\/localhost\//, 'URLs never come from X-Forwarded-Proto or -Host (the site has no url of its own here)');
      assert.equal((await search(behindProxy, '198.51.100.2')).statusCode, 200);
      assert.equal((await search(behindProxy, '198.51.100.1')).statusCode, 429);
      assert.equal((await search(direct, '198.51.100.1')).statusCode, 200);
      assert.equal((await search(direct, '198.51.100.2')).statusCode, 429, 'without --trust-proxy the header is ignored');
    } finally {
      await behindProxy.close();
      await direct.close();
      rmSync(site, { recursive: true, force: true });
    }
  });
});
