/**
 * An answer's confidence: the search's lead, whether the section ranking agrees, and whether the quoted page stays
 * first when any one word of the question is left out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answer, buildIndex, extractSections } from '../src/index.js';
import { leaveOneOutQueries, stability } from '../src/confidence.js';

const page = (url: string, title: string, body: string) =>
  extractSections({ url, html: `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${body}</article></body></html>` });

const index = buildIndex([
  ...page('/keys', 'Signing keys', '<h2 id="rotate">Rotate a signing key</h2><p>Rotate the signing key once a year. Rotating it logs every visitor out.</p>'),
  ...page('/tokens', 'Access tokens', '<h2 id="expiry">Token expiry</h2><p>Access tokens expire after an hour. An expired token gets a 401 answer.</p>'),
  ...page('/webhooks', 'Webhooks', '<h2 id="retries">Webhook retries</h2><p>Failed webhook deliveries are retried five times with a growing delay. A webhook is signed with the current key.</p>'),
]);

describe('confidence', () => {
  it('leaves out each word of the question once', () => {
    assert.deepEqual(leaveOneOutQueries(['undo', 'last', 'commit']), ['last commit', 'undo commit', 'undo last']);
    assert.deepEqual(leaveOneOutQueries(['undo', 'commit']), [], 'leaving a word out of two leaves a one-word search');
  });

  it('measures how many of those questions keep the page first', () => {
    assert.equal(stability(index, ['rotate', 'signing', 'key'], '/keys', undefined), 1);
    // Only "rotate key" puts /keys first: "webhook key" and "rotate webhook" put /webhooks first.
    assert.equal(stability(index, ['rotate', 'webhook', 'key'], '/keys', undefined), 1 / 3);
    assert.equal(stability(index, ['webhook', 'key'], '/keys', undefined), 1, 'a two-word question is not checked');
  });

  it('answers a question whose words agree on a page', () => {
    const result = answer(index, 'How do I rotate the signing key?');
    assert.equal(result.answered, true);
    assert.equal(result.citations[0]?.sectionUrl, '/keys#rotate');
    assert.ok(result.confidence > 0.9);
  });

  it('declines, with confidence 0, when the page quoted first depends on a single word', () => {
    // The search ranks /keys first, just ahead of /webhooks, and the section ranking agrees: without the check of
    // the words left out, the confidence would be about 0.35, enough for this threshold.
    const result = answer(index, 'How do I rotate the webhook key?', { threshold: 0.3 });
    assert.equal(result.answered, false, result.markdown);
    assert.equal(result.confidence, 0);
    assert.deepEqual(result.closest.map((closest) => closest.url).sort(), ['/keys', '/webhooks']);
  });
});
