/**
 * `<docent-feedback>` without a browser: the state of the block (reducer), what it dispatches and sends (checked
 * against `FeedbackRequest` in openapi.yaml), and the request to the server with its failures.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertMatches } from '../../server/test/contract.js';
import {
  COMMENT_MAX_LENGTH,
  feedbackDetail,
  feedbackReducer,
  initialFeedbackState,
  isLocked,
  limitComment,
  pageUrlOf,
  showsCommentBox,
  startsSending,
  type FeedbackAction,
  type FeedbackState,
} from '../src/feedback/model.js';
import { FeedbackError, feedbackEndpoint, sendFeedback, type FetchLike } from '../src/feedback/send.js';
import { FEEDBACK_STRINGS } from '../src/feedbackStrings.js';
import { STRINGS } from '../src/strings.js';

function run(state: FeedbackState, ...actions: FeedbackAction[]): FeedbackState {
  return actions.reduce(feedbackReducer, state);
}

const block = initialFeedbackState(false);
const single = initialFeedbackState(true);
const URL = 'https://docs.example.com/installation/docusaurus';

describe('the feedback block', () => {
  test('starts with nothing chosen and no comment box', () => {
    assert.deepEqual(block, { single: false, phase: 'choosing', rating: undefined, comment: '', error: undefined });
    assert.equal(showsCommentBox(block), false);
    assert.equal(isLocked(block), false);
  });

  test('"Yes" sends at once, without a comment box', () => {
    const next = run(block, { type: 'rate', rating: 'up' });
    assert.equal(next.phase, 'sending');
    assert.equal(next.rating, 'up');
    assert.ok(startsSending(block, next));
    assert.equal(showsCommentBox(next), false);
    assert.equal(run(next, { type: 'sent' }).phase, 'sent');
  });

  test('"No" opens the comment box; Send sends the thumbs-down with the comment', () => {
    const commenting = run(block, { type: 'rate', rating: 'down' });
    assert.equal(commenting.phase, 'commenting');
    assert.ok(!startsSending(block, commenting), 'nothing is sent before Send');
    assert.ok(showsCommentBox(commenting));
    const typed = run(commenting, { type: 'comment', text: 'The steps skip where the plugin options go.\nAnd the config.' });
    const sending = run(typed, { type: 'submit' });
    assert.ok(startsSending(typed, sending));
    assert.ok(showsCommentBox(sending), 'the form stays while sending');
    assert.ok(isLocked(sending));
    const sent = run(sending, { type: 'sent' });
    assert.equal(sent.phase, 'sent');
    assert.equal(showsCommentBox(sent), false, 'the thank-you replaces the form');
  });

  test('"No" is a toggle before Send, and "Yes" after "No" sends a thumbs-up', () => {
    const closed = run(block, { type: 'rate', rating: 'down' }, { type: 'comment', text: 'draft' }, { type: 'rate', rating: 'down' });
    assert.equal(closed.phase, 'choosing');
    assert.equal(closed.rating, undefined);
    assert.equal(closed.comment, 'draft', 'the text is kept if the box opens again');
    const up = run(block, { type: 'rate', rating: 'down' }, { type: 'rate', rating: 'up' });
    assert.deepEqual([up.phase, up.rating], ['sending', 'up']);
  });

  test('while sending and once sent, the controls do nothing', () => {
    const sending = run(block, { type: 'rate', rating: 'up' });
    assert.equal(run(sending, { type: 'rate', rating: 'down' }), sending);
    assert.equal(run(sending, { type: 'submit' }), sending);
    const sent = run(sending, { type: 'sent' });
    assert.equal(run(sent, { type: 'rate', rating: 'down' }), sent);
    assert.equal(run(sent, { type: 'comment', text: 'x' }), sent);
    assert.equal(run(sent, { type: 'failed', error: 'late' }), sent, 'a late failure cannot undo a recorded rating');
  });

  test('a failure keeps the rating and the comment, and "Try again" sends again', () => {
    const failed = run(
      block,
      { type: 'rate', rating: 'down' },
      { type: 'comment', text: 'Missing example' },
      { type: 'submit' },
      { type: 'failed', error: 'Your feedback was not sent: the Docent server cannot be reached.' },
    );
    assert.deepEqual(
      { phase: failed.phase, rating: failed.rating, comment: failed.comment },
      { phase: 'failed', rating: 'down', comment: 'Missing example' },
    );
    assert.ok(showsCommentBox(failed), 'the comment can still be edited');
    assert.equal(isLocked(failed), false);
    const retry = run(failed, { type: 'submit' });
    assert.ok(startsSending(failed, retry));
    assert.equal(retry.error, undefined);
    const upAgain = run(block, { type: 'rate', rating: 'up' }, { type: 'failed', error: 'x' }, { type: 'submit' });
    assert.deepEqual([upAgain.phase, upAgain.rating], ['sending', 'up']);
  });

  test('Send without a rating, or twice, does nothing', () => {
    assert.equal(run(block, { type: 'submit' }), block);
    assert.equal(run(block, { type: 'sent' }), block);
  });

  test('the comment is cut at the server limit, counting characters as the server does', () => {
    const long = run(block, { type: 'rate', rating: 'down' }, { type: 'comment', text: '😀'.repeat(COMMENT_MAX_LENGTH + 5) });
    assert.equal(Array.from(long.comment).length, COMMENT_MAX_LENGTH);
    assert.equal(limitComment('short'), 'short');
  });
});

describe('the single thumb (rating="up" or "down")', () => {
  test('sends at once, even a thumbs-down, and never opens a comment box', () => {
    const down = run(single, { type: 'rate', rating: 'down' });
    assert.deepEqual([down.phase, down.rating], ['sending', 'down']);
    assert.equal(showsCommentBox(down), false);
    const failed = run(down, { type: 'failed', error: 'x' });
    assert.ok(startsSending(failed, run(failed, { type: 'rate', rating: 'down' })), 'pressing it again retries');
  });
});

describe('what a rating dispatches and sends', () => {
  test('a page target with the URL and the rating; the comment only with a thumbs-down, trimmed', () => {
    const up = feedbackDetail(run(block, { type: 'rate', rating: 'up' }), URL);
    assert.deepEqual(up, { target: { type: 'page', url: URL }, rating: 'up' });
    const down = feedbackDetail(run(block, { type: 'rate', rating: 'down' }, { type: 'comment', text: '  Needs an example.\n' }), URL);
    assert.deepEqual(down, { target: { type: 'page', url: URL }, rating: 'down', comment: 'Needs an example.' });
    const blank = feedbackDetail(run(block, { type: 'rate', rating: 'down' }, { type: 'comment', text: ' \n ' }), URL);
    assert.deepEqual(blank, { target: { type: 'page', url: URL }, rating: 'down' }, 'no empty comment (the server wants 1 to 2000)');
    const upAfterDraft = feedbackDetail(run(block, { type: 'rate', rating: 'down' }, { type: 'comment', text: 'draft' }, { type: 'rate', rating: 'up' }), URL);
    assert.equal(upAfterDraft.comment, undefined);
    for (const detail of [up, down, blank]) assertMatches('FeedbackRequest', detail);
    const longest = feedbackDetail(run(block, { type: 'rate', rating: 'down' }, { type: 'comment', text: 'é'.repeat(5000) }), URL);
    assertMatches('FeedbackRequest', longest);
  });

  test('the page URL leaves out the query and the fragment', () => {
    assert.equal(pageUrlOf('https://docs.example.com/customization/styles?utm_source=x#dark-mode'), 'https://docs.example.com/customization/styles');
    assert.equal(pageUrlOf('http://127.0.0.1:3000/'), 'http://127.0.0.1:3000/');
  });

  test('the strings are part of the one string table', () => {
    for (const [key, value] of Object.entries(FEEDBACK_STRINGS)) assert.equal(STRINGS[key as keyof typeof STRINGS], value, key);
    assert.equal(STRINGS.feedbackQuestion, 'Was this page helpful?');
  });
});

interface Call {
  readonly url: string;
  readonly init: RequestInit;
}

function fakeFetch(respond: (call: Call) => Promise<{ ok: boolean; status: number }>): { fetcher: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetcher: (url, init) => {
      const call = { url, init };
      calls.push(call);
      return respond(call);
    },
  };
}

const accepted = async (): Promise<{ ok: boolean; status: number }> => ({ ok: true, status: 202 });
const detail = { target: { type: 'page', url: URL }, rating: 'down', comment: 'Needs an example.' } as const;

describe('sendFeedback (connected mode)', () => {
  test('POSTs the detail as JSON to the project feedback endpoint, without credentials', async () => {
    const { fetcher, calls } = fakeFetch(accepted);
    await sendFeedback('https://docent.example.com/', 'docent-docs', detail, fetcher);
    assert.equal(calls.length, 1);
    const [call] = calls;
    assert.equal(call?.url, 'https://docent.example.com/v1/projects/docent-docs/feedback');
    assert.equal(call?.init.method, 'POST');
    assert.equal(call?.init.credentials, 'omit');
    assert.equal((call?.init.headers as Record<string, string>)['content-type'], 'application/json');
    const body: unknown = JSON.parse(String(call?.init.body));
    assert.deepEqual(body, detail);
    assertMatches('FeedbackRequest', body);
  });

  test('the endpoint escapes the project id, drops trailing slashes of the server URL, and may be same-origin', () => {
    assert.equal(feedbackEndpoint('https://x.test/docent//', 'a b'), 'https://x.test/docent/v1/projects/a%20b/feedback');
    assert.equal(feedbackEndpoint('/', 'docent-docs'), '/v1/projects/docent-docs/feedback', 'api-url="/": the server serves the page');
  });

  test('says why it failed, in words a reader understands', async () => {
    const failure = async (fetcher: FetchLike, project = 'docent-docs', timeout?: number): Promise<string> => {
      try {
        await sendFeedback('https://x.test', project, detail, fetcher, timeout);
      } catch (error) {
        assert.ok(error instanceof FeedbackError);
        return error.message;
      }
      assert.fail('expected a failure');
    };
    assert.equal(await failure(async () => ({ ok: false, status: 429 })), FEEDBACK_STRINGS.feedbackTooManyRequests);
    assert.equal(await failure(async () => ({ ok: false, status: 503 })), 'the Docent server answered HTTP 503');
    assert.equal(
      await failure(async () => {
        throw new TypeError('Failed to fetch');
      }),
      FEEDBACK_STRINGS.feedbackUnreachable,
    );
    const hanging: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    assert.equal(await failure(hanging, 'docent-docs', 5), FEEDBACK_STRINGS.feedbackTimedOut);
    const { fetcher, calls } = fakeFetch(accepted);
    assert.equal(await failure(fetcher, ''), FEEDBACK_STRINGS.feedbackNoProject);
    assert.equal(calls.length, 0, 'no request without a project');
    assert.equal(FEEDBACK_STRINGS.feedbackNotSent('x'), 'Your feedback was not sent: x.');
  });
});
