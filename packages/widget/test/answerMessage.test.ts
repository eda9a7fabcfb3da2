import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AnswerMessage } from '../src/dialog/ask/AnswerMessage.js';
import type { AssistantMessage } from '../src/state/types.js';
import { STRINGS } from '../src/strings.js';

const CITATION = { number: 1, url: 'https://x.test/webhooks#retries:~:text=five', sectionUrl: 'https://x.test/webhooks#retries', title: 'Webhooks', breadcrumb: ['Webhooks'] };

function render(message: AssistantMessage): string {
  const noop = (): void => undefined;
  return renderToStaticMarkup(
    createElement(AnswerMessage, { message, hideSources: false, hideFeedback: false, pageOrigin: 'https://x.test', onCopy: noop, onRate: noop, onRetry: noop }),
  );
}

describe('an answer on screen', () => {
  test('while it streams: the Markdown so far, citation numbers already linked, busy, no thumbs yet', () => {
    const html = render({
      id: 'm1',
      role: 'assistant',
      question: 'How often?',
      status: 'streaming',
      partial: 'Failed deliveries are **retried** five times. [1] After the fifth <b>fail',
      partialCitations: [CITATION],
    });
    assert.match(html, /^<div class="docent-answer-streaming" aria-busy="true"><div class="docent-markdown"><p>/);
    assert.match(html, /<strong>retried<\/strong>/);
    assert.match(html, /<a class="docent-citation" href="https:\/\/x.test\/webhooks#retries:~:text=five" aria-label="Source 1: Webhooks"/);
    assert.match(html, /After the fifth &lt;b&gt;fail/, 'server text is escaped while it streams too');
    assert.doesNotMatch(html, new RegExp(STRINGS.rateUp));
  });

  test('a failure shows the reader-facing detail under the generic message, with Try again', () => {
    const html = render({ id: 'm1', role: 'assistant', question: 'How often?', status: 'error', error: 'HTTP 429', errorDetail: 'Try again in 30 seconds.' });
    assert.match(html, new RegExp(`<p>${STRINGS.answerFailed}</p><p class="docent-muted">Try again in 30 seconds.</p>`));
    assert.equal(render({ id: 'm1', role: 'assistant', question: 'How often?', status: 'error', error: 'offline' }).includes('docent-muted'), false);
  });
});
