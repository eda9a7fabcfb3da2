import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ReaderFacingError } from '../src/data/errors.js';
import {
  markQuery,
  queryTerms,
  readAnswer,
  readSearchResults,
  readSources,
  sectionUrlOf,
  toAnswer,
  toAnswerStart,
  toPageHits,
  type ApiSearchResult,
} from '../src/data/remoteMapping.js';
import { parseSnippet } from '../src/markdown/snippet.js';

const ORIGIN = 'https://docs.acme.test';

function result(path: string, heading: string | null, snippet: string, score: number, title = `Title of ${path.split('#')[0]}`): ApiSearchResult {
  return { url: `${ORIGIN}${path}`, title, heading, breadcrumb: [title, ...(heading ? [heading] : [])], snippet, score };
}

describe('search results', () => {
  const RESULTS = [
    result('/webhooks#retries', 'Retries', 'Failed deliveries are retried five times.', 1),
    result('/orders#events', 'Order events', 'A webhook for every order.', 0.9),
    result('/webhooks', null, 'Acme sends a webhook for every new order.', 0.8),
    result('/webhooks#signing', 'Signing', 'Each webhook is signed.', 0.7),
    result('/webhooks#limits', 'Limits', 'Webhooks time out after 10 seconds.', 0.6),
    result('/faq#webhooks', 'Webhooks', 'Yes, webhooks are retried.', 0.5),
  ];

  test('groups sections by page, pages in the order of their best section, sections in rank order', () => {
    const pages = toPageHits(RESULTS, 'webhook', { limit: 8 });
    assert.deepEqual(
      pages.map((page) => [page.pageUrl, page.pageTitle, page.sections.map((section) => section.url.replace(ORIGIN, ''))]),
      [
        [`${ORIGIN}/webhooks`, 'Title of /webhooks', ['/webhooks#retries', '/webhooks', '/webhooks#signing']],
        [`${ORIGIN}/orders`, 'Title of /orders', ['/orders#events']],
        [`${ORIGIN}/faq`, 'Title of /faq', ['/faq#webhooks']],
      ],
    );
    assert.equal(pages[0]?.score, 1);
    assert.equal(pages[0]?.sections[1]?.heading, '', 'the part before the first heading has no heading');
    assert.equal(pages[0]?.sections[1]?.headingHtml, undefined);
    assert.deepEqual(pages[0]?.sections[0]?.breadcrumb, ['Title of /webhooks', 'Retries']);
  });

  test('shows at most three sections per page and `limit` in all, like the static results', () => {
    const pages = toPageHits(RESULTS, 'webhook', { limit: 3 });
    assert.deepEqual(
      pages.flatMap((page) => page.sections.map((section) => section.url.replace(ORIGIN, ''))),
      ['/webhooks#retries', '/webhooks', '/orders#events'],
    );
    assert.equal(toPageHits(RESULTS, 'webhook', { limit: 8, perPage: 1 }).length, 3);
  });

  test('marks the query’s words in snippets and headings: prefixes, plurals and other forms', () => {
    const [page] = toPageHits(RESULTS, 'webhook retry', { limit: 8 });
    assert.equal(page?.sections[0]?.snippet, 'Failed deliveries are <mark>retried</mark> five times.');
    assert.equal(page?.sections[0]?.headingHtml, '<mark>Retries</mark>');
    assert.equal(markQuery('Add a sitemap source.', queryTerms('sitem')), 'Add a <mark>sitemap</mark> source.');
    assert.equal(markQuery('Configuring the configuration', queryTerms('configure')), '<mark>Configuring</mark> the <mark>configuration</mark>');
    assert.equal(markQuery('Café au lait', queryTerms('cafe')), '<mark>Café</mark> au lait');
  });

  test('never marks stop words, and a query of stop words marks nothing', () => {
    assert.equal(markQuery('How do I theme the widget?', queryTerms('how to theme the widget')), 'How do I <mark>theme</mark> the <mark>widget</mark>?');
    assert.equal(markQuery('The theme', queryTerms('the')), 'The theme');
  });

  test('server text is escaped: markup in a snippet or heading is shown as text, never as HTML', () => {
    const hostile = result('/x#y', '<img src=x onerror=alert(1)>', 'Use <script>alert("x")</script> & <mark>fake</mark> webhook', 1);
    const [page] = toPageHits([hostile], 'webhook', { limit: 8 });
    const section = page?.sections[0];
    assert.equal(section?.snippet, 'Use &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;mark&gt;fake&lt;/mark&gt; <mark>webhook</mark>');
    assert.equal(section?.headingHtml, '&lt;img src=x onerror=alert(1)&gt;');
    // What the UI renders (as React text): the server's words exactly, and only the query word marked.
    const parts = parseSnippet(section?.snippet ?? '');
    assert.equal(parts.map((part) => part.text).join(''), 'Use <script>alert("x")</script> & <mark>fake</mark> webhook');
    assert.deepEqual(parts.filter((part) => part.marked).map((part) => part.text), ['webhook']);
  });

  test('a response without the contract’s shape is refused with a readable error', () => {
    assert.throws(() => readSearchResults({ results: [{ url: 1 }] }), ReaderFacingError);
    assert.throws(() => readSearchResults([]), /cannot read/);
    assert.equal(readSearchResults({ query: 'x', results: RESULTS }).length, RESULTS.length);
  });
});

describe('answers', () => {
  const CITATION = { number: 1, title: 'Webhooks', url: `${ORIGIN}/webhooks#retries:~:text=retried%20five%20times`, snippet: 'Failed deliveries are retried five times.' };
  const API_ANSWER = { conversation_id: 'conv_abc', message_id: 'msg_def', answer: 'Failed deliveries are retried five times. [1]', answered: true, citations: [CITATION] };

  test('an answer keeps its Markdown; citations get the section URL and the page title as breadcrumb', () => {
    const answer = toAnswer(readAnswer(API_ANSWER));
    assert.equal(answer.answered, true);
    assert.equal(answer.markdown, API_ANSWER.answer);
    assert.deepEqual(answer.citations, [
      { number: 1, url: CITATION.url, sectionUrl: `${ORIGIN}/webhooks#retries`, title: 'Webhooks', breadcrumb: ['Webhooks'] },
    ]);
    assert.deepEqual(answer.closest, []);
  });

  test('a question the docs do not cover shows the cited sections as the closest pages, one per page', () => {
    const answer = toAnswer({
      ...API_ANSWER,
      answered: false,
      answer: 'The documentation does not cover this.',
      citations: [
        { number: 1, title: 'Webhooks', url: `${ORIGIN}/webhooks`, snippet: 'Webhooks' },
        { number: 2, title: 'Webhooks', url: `${ORIGIN}/webhooks#retries`, snippet: 'Retries' },
        { number: 3, title: 'Orders', url: `${ORIGIN}/orders`, snippet: 'Orders' },
      ],
    });
    assert.equal(answer.answered, false);
    assert.deepEqual(answer.citations, []);
    assert.deepEqual(answer.closest, [
      { url: `${ORIGIN}/webhooks`, title: 'Webhooks' },
      { url: `${ORIGIN}/orders`, title: 'Orders' },
    ]);
  });

  test('the sources event gives the ids and citations ahead of the text', () => {
    const start = toAnswerStart(readSources({ conversation_id: 'conv_abc', message_id: 'msg_def', citations: [CITATION] }));
    assert.equal(start.conversationId, 'conv_abc');
    assert.equal(start.messageId, 'msg_def');
    assert.equal(start.citations[0]?.sectionUrl, `${ORIGIN}/webhooks#retries`);
  });

  test('the text fragment is cut from the section URL, with or without a heading anchor', () => {
    assert.equal(sectionUrlOf('/a#b:~:text=x'), '/a#b');
    assert.equal(sectionUrlOf('/a#:~:text=x'), '/a');
    assert.equal(sectionUrlOf('/a#b'), '/a#b');
  });

  test('an answer without the contract’s shape is refused', () => {
    assert.throws(() => readAnswer({ ...API_ANSWER, answered: 'yes' }), ReaderFacingError);
    assert.throws(() => readAnswer({ ...API_ANSWER, citations: [{ number: '1' }] }), ReaderFacingError);
    assert.throws(() => readSources(null), ReaderFacingError);
  });
});
