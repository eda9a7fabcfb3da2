import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ReaderFacingError } from '../src/data/errors.js';
import {
  readAnswer,
  readSearchPages,
  readSources,
  sectionUrlOf,
  toAnswer,
  toAnswerStart,
  toPageHit,
} from '../src/data/remoteMapping.js';
import type { ApiSearchPage, ApiSearchPageSection as ApiSearchSection } from '@docent/contract/api';
import { parseSnippet } from '../src/markdown/snippet.js';

const ORIGIN = 'https://docs.acme.test';

function section(path: string, heading: string | null, snippetHtml: string, score: number): ApiSearchSection {
  const title = `Title of ${path.split('#')[0]}`;
  return {
    url: `${ORIGIN}${path}`,
    heading,
    heading_html: heading,
    breadcrumb: [title, ...(heading ? [heading] : [])],
    snippet_html: snippetHtml,
    score,
  };
}

function page(path: string, sections: ApiSearchSection[]): ApiSearchPage {
  return { url: `${ORIGIN}${path}`, title: `Title of ${path}`, score: sections[0]?.score ?? 0, sections };
}

/** A response body with one page holding one section, for the checks of a single field. */
function withSection(fields: Partial<Record<keyof ApiSearchSection, unknown>>): unknown {
  return { query: 'webhook', results: [], pages: [{ ...page('/x', []), sections: [{ ...section('/x#y', 'Y', 'y', 1), ...fields }] }] };
}

describe('search results', () => {
  const PAGES = [
    page('/webhooks', [
      section('/webhooks#retries', 'Retries', 'Failed <mark>webhook</mark> deliveries are retried.', 1),
      section('/webhooks', null, 'Acme sends a <mark>webhook</mark> for every new order.', 0.8),
    ]),
    page('/orders', [section('/orders#events', 'Order events', 'A <mark>webhook</mark> for every order.', 0.9)]),
  ];

  test('keeps the server’s pages, their order and their sections as they are', () => {
    const pages = readSearchPages({ query: 'webhook', results: [], pages: PAGES }).map(toPageHit);
    assert.deepEqual(
      pages.map((hit) => [hit.pageUrl, hit.pageTitle, hit.score, hit.sections.map((hitSection) => hitSection.url.replace(ORIGIN, ''))]),
      [
        [`${ORIGIN}/webhooks`, 'Title of /webhooks', 1, ['/webhooks#retries', '/webhooks']],
        [`${ORIGIN}/orders`, 'Title of /orders', 0.9, ['/orders#events']],
      ],
    );
    const [retries, intro] = pages[0]?.sections ?? [];
    assert.equal(retries?.snippet, 'Failed <mark>webhook</mark> deliveries are retried.');
    assert.equal(retries?.headingHtml, 'Retries');
    assert.deepEqual(retries?.breadcrumb, ['Title of /webhooks', 'Retries']);
    assert.equal(intro?.heading, '', 'the part before the first heading has no heading');
    assert.equal(intro?.headingHtml, undefined);
  });

  test('takes marked HTML that holds only escaped text and <mark>, and the UI shows its text as text', () => {
    const escaped = 'Use &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; it&#39;s <mark>webhook</mark>';
    const [hit] = readSearchPages(withSection({ heading: '<b>', heading_html: '&lt;b&gt;', snippet_html: escaped })).map(toPageHit);
    const parts = parseSnippet(hit?.sections[0]?.snippet ?? '');
    assert.equal(parts.map((part) => part.text).join(''), 'Use <script>alert("x")</script> & it\'s webhook');
    assert.deepEqual(parts.filter((part) => part.marked).map((part) => part.text), ['webhook']);
    assert.deepEqual(parseSnippet(hit?.sections[0]?.headingHtml ?? ''), [{ text: '<b>', marked: false }]);
  });

  test('refuses markup other than <mark>, and text that is not escaped, in a snippet or a heading', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<mark onclick="alert(1)">webhook</mark>',
      '<MARK>webhook</MARK>',
      '<mark>webhook',
      'webhook</mark>',
      '<mark><mark>webhook</mark></mark>',
      '<mark></mark>',
      'a & b',
      'a &nbsp; b',
      '1 > 0',
    ];
    for (const html of hostile) {
      assert.throws(() => readSearchPages(withSection({ snippet_html: html })), ReaderFacingError, `snippet_html ${html}`);
      assert.throws(() => readSearchPages(withSection({ heading_html: html })), ReaderFacingError, `heading_html ${html}`);
    }
  });

  test('a response without the contract’s shape is refused with a readable error', () => {
    assert.throws(() => readSearchPages({ results: [] }), ReaderFacingError, 'no pages');
    assert.throws(() => readSearchPages([]), /cannot read/);
    assert.throws(() => readSearchPages({ pages: [page('/x', [])] }), ReaderFacingError, 'a page without sections');
    assert.throws(() => readSearchPages({ pages: [{ ...PAGES[0], title: null }] }), ReaderFacingError);
    assert.throws(() => readSearchPages(withSection({ snippet_html: undefined })), ReaderFacingError);
    assert.throws(() => readSearchPages(withSection({ score: '1' })), ReaderFacingError);
    assert.throws(() => readSearchPages(withSection({ breadcrumb: 'Y' })), ReaderFacingError);
    assert.throws(() => readSearchPages(withSection({ heading: 'Y', heading_html: null })), ReaderFacingError, 'a heading without its HTML');
    assert.throws(() => readSearchPages(withSection({ heading: null, heading_html: 'Y' })), ReaderFacingError, 'HTML without a heading');
    assert.deepEqual(readSearchPages({ query: 'zyx', results: [], pages: [] }), []);
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
