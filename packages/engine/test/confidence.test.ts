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
  ...page('/keys', 'Signing keys', '<h2 id="rotate">Rotate a signing key</h2><p>Replace the signing key once a year. Rotating it logs every visitor out.</p>'),
  ...page('/tokens', 'Access tokens', '<h2 id="expiry">Token expiry</h2><p>Access tokens expire after an hour. An expired token gets a 401 answer.</p>'),
  ...page('/webhooks', 'Webhooks', '<h2 id="retries">Webhook retries</h2><p>Failed webhook deliveries are retried five times with a growing delay.</p><p>A webhook is signed with the current key.</p>'),
]);

/** A text that two manual pages include word for word, as Git's man pages include their diff options, after a line of their own. */
const SHARED = '<h2 id="format">Combined format</h2><p>Each changed line of a merge is shown with one column per parent, so a reader sees which parent last changed the line.</p>';

const shared = buildIndex([
  ...page(
    '/diff',
    'diff',
    `<p>Show changes between commits.</p>${SHARED}<h2 id="paths">Merge lines by parent</h2><p>Limit the diff of a merge to the lines changed under the given paths, to see which parent changed them.</p>` +
      '<h2 id="stat">Lines changed by each parent</h2><p>Count the lines each parent of a merge changed.</p>',
  ),
  ...page('/log', 'log', `<p>Show commit logs.</p>${SHARED}<h2 id="order">Order</h2><p>Commits are listed newest first.</p>`),
  ...page('/keys', 'Signing keys', '<h2 id="rotate">Rotate a signing key</h2><p>Rotate the signing key once a year.</p>'),
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
    // The search ranks /keys first, ahead of /webhooks, and the section ranking agrees: without the check of the
    // words left out, the confidence would be about 0.6, enough for this threshold.
    const result = answer(index, 'How do I rotate the webhook key?', { threshold: 0.3 });
    assert.equal(result.answered, false, result.markdown);
    assert.equal(result.confidence, 0);
    assert.deepEqual(result.closest.map((closest) => closest.url).sort(), ['/keys', '/webhooks']);
  });

  it('has no lead when the first two pages answer with the same included text', () => {
    // /diff ranks first only by its other sections (without this check, the confidence is about 0.7): the passage
    // quoted does not single it out.
    const result = answer(shared, 'which parent last changed this line of the merge');
    assert.equal(result.answered, false, result.markdown);
    assert.ok(result.confidence <= 0.3, `confidence ${result.confidence}`);
    assert.deepEqual(result.closest.map((closest) => closest.url).slice(0, 2).sort(), ['/diff', '/log']);
  });

  it('quotes a text that several pages include once', () => {
    const result = answer(shared, 'which parent last changed this line of the merge', { threshold: 0 });
    assert.equal(result.answered, true);
    assert.equal(result.markdown.match(/one column per parent/g)?.length, 1, result.markdown);
  });
});
