import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answer, search, withTextFragment, encodeTextDirective } from '../src/index.js';
import type { Answer } from '../src/index.js';
import { fixtureIndex } from './helpers.js';

/** Checks what every answer must satisfy. */
function assertWellFormed(result: Answer): void {
  if (!result.answered) return;
  assert.ok(result.sentences.length > 0);
  const numbers = result.citations.map((citation) => citation.number);
  assert.deepEqual(numbers, numbers.map((_, i) => i + 1), 'citations numbered 1..n');
  for (const sentence of result.sentences) {
    assert.ok(numbers.includes(sentence.citation), `sentence cites a listed citation: ${sentence.text}`);
  }
  // Every sentence of the Markdown ends with its citation number.
  const markers = result.markdown.match(/\[\d+\]/g) ?? [];
  assert.equal(markers.length, result.sentences.length, result.markdown);
  const pieces = result.markdown.split(/\s*\[\d+\]\s*/).filter(Boolean);
  assert.equal(pieces.length, result.sentences.length);
  for (const citation of result.citations) {
    assert.ok(citation.url.startsWith(citation.sectionUrl), 'the citation URL extends the section URL');
    assert.equal(citation.url.split('#').length, 2, `one "#" only: ${citation.url}`);
    assert.match(citation.url, citation.sectionUrl.includes('#') ? /#[^:#]+:~:text=[^#]+$/ : /#:~:text=[^#]+$/);
    assert.doesNotMatch(citation.url.split(':~:text=')[1] ?? '', /[\s&-]|,.*,/, 'text directive is percent-encoded');
  }
}

describe('answer', async () => {
  const index = await fixtureIndex();

  it('answers from the best section, every sentence with its citation', () => {
    const result = answer(index, 'How many times are failed webhook deliveries retried?');
    assertWellFormed(result);
    assert.equal(result.answered, true);
    assert.deepEqual(result.sentences, [
      { text: 'Failed deliveries are retried five times with exponential backoff.', citation: 1 },
    ]);
    assert.equal(result.markdown, 'Failed deliveries are retried five times with exponential backoff. [1]');
    assert.deepEqual(result.citations, [
      {
        number: 1,
        url: '/customization/webhooks#retries:~:text=Failed%20deliveries%20are%20retried%20five%20times%20with%20exponential%20backoff',
        sectionUrl: '/customization/webhooks#retries',
        title: 'Webhooks',
        breadcrumb: ['Webhooks', 'Retries'],
      },
    ]);
    assert.deepEqual(result.closest, []);
  });

  it('lists related pages after an answer: pages the search ranks high that the answer does not cite', () => {
    const question = 'How do I switch the widget to dark mode?';
    const result = answer(index, question);
    assert.equal(result.answered, true);
    const cited = new Set(result.citations.map((citation) => citation.sectionUrl.split('#')[0]));
    const searched = search(index, question, { limit: 10 }).map((page) => page.pageUrl).filter((url) => !cited.has(url));
    assert.ok(result.related.length > 0 && result.related.length <= 3);
    assert.deepEqual(
      result.related.map((page) => page.url),
      searched.slice(0, result.related.length),
    );
  });

  it('cites a passage of several sentences with a start,end text fragment', () => {
    const result = answer(index, 'What happens over the rate limit?');
    assertWellFormed(result);
    assert.equal(result.sentences.length, 2);
    assert.ok(result.sentences.every((sentence) => sentence.citation === 1));
    assert.equal(
      result.citations[0]?.url,
      '/reference/limits#rate-limits:~:text=A%20visitor%20may%20send%2020,429%20with%20a%20Retry%2DAfter%20header',
    );
    assert.equal(
      result.markdown,
      'A visitor may send 20 messages a minute. [1] Over the limit, the server answers 429 with a Retry-After header. [1]',
    );
  });

  it('uses #:~:text= for a section without an anchor', () => {
    const result = answer(index, 'How do I switch the widget to dark mode?');
    assertWellFormed(result);
    assert.equal(result.citations[0]?.sectionUrl, '/customization/dark-mode');
    assert.match(result.citations[0]?.url ?? '', /^\/customization\/dark-mode#:~:text=The%20Acme%20widget%20switches/);
  });

  it('builds text fragments with the spec syntax and encoding', () => {
    assert.equal(withTextFragment('/page', 'start words'), '/page#:~:text=start%20words');
    assert.equal(withTextFragment('/page#anchor', 'start', 'end'), '/page#anchor:~:text=start,end');
    assert.equal(encodeTextDirective('a-b, c&d'), 'a%2Db%2C%20c%26d');
    assert.equal(withTextFragment('/p#a', 'x-y', 'p&q, r'), '/p#a:~:text=x%2Dy,p%26q%2C%20r');
  });

  it('does not answer off-topic questions, and lists the closest pages instead', () => {
    for (const question of ['What is the capital of France?', 'How do I bake bread?', 'Who won the world cup in 2018?']) {
      const result = answer(index, question);
      assert.equal(result.answered, false, question);
      assert.deepEqual(result.sentences, []);
      assert.deepEqual(result.citations, []);
      assert.match(result.markdown, /^The documentation does not cover this question/);
      assert.ok(result.closest.length <= 5);
      assert.deepEqual(result.related, []);
      assert.ok(result.confidence < 0.6);
    }
    const bread = answer(index, 'How do I bake bread?');
    for (const page of bread.closest) assert.ok(bread.markdown.includes(`(${page.url})`));
  });

  it('ignores stop words: a question of stop words only is not answered, and they do not change an answer', () => {
    const empty = answer(index, 'What is it and how do I do it?');
    assert.equal(empty.answered, false);
    assert.deepEqual(empty.closest, []);
    assert.deepEqual(
      answer(index, 'How do I check the version that is installed?'),
      answer(index, 'check version installed'),
    );
    assert.equal(answer(index, 'check version installed').citations[0]?.sectionUrl, '/guide#check-the-version');
  });

  it('weighs heading matches: a question naming a heading is answered from that section', () => {
    const result = answer(index, 'Content Security Policy');
    assertWellFormed(result);
    assert.equal(result.citations[0]?.sectionUrl, '/security#content-security-policy');
  });

  it('escapes Markdown and HTML from the page in the answer text; the page\'s inline code stays a code span', () => {
    const result = answer(index, 'Is a question with an img onerror alert sanitized?');
    assertWellFormed(result);
    assert.ok(result.answered);
    // The fixture writes the tag as inline code: a code span shows it as text.
    assert.match(result.markdown, /A question such as `<img src=x onerror=alert\(1\)>` is shown as text/);
    assert.doesNotMatch(result.markdown.replace(/`[^`]*`/g, ''), /(^|[^\\])</, 'every < outside code spans is escaped');
  });

  it('respects maxSentences and is deterministic', () => {
    const one = answer(index, 'What happens over the rate limit?', { maxSentences: 1 });
    assert.equal(one.sentences.length, 1);
    assertWellFormed(one);
    assert.deepEqual(answer(index, 'dark mode theme'), answer(index, 'dark mode theme'));
  });
});
