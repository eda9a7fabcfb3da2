import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Answer, PageHit } from '../src/data/types.js';
import { currentConversationId, initialState, isAnswering, listOptions, MAX_RECENT_SEARCHES, reducer, searchKey, searchScreen } from '../src/state/reducer.js';
import type { Action, AssistantMessage, AssistantState } from '../src/state/types.js';

const page = (url: string, headings: string[]): PageHit => ({
  pageUrl: url,
  pageTitle: `Title of ${url}`,
  score: 1,
  sections: headings.map((heading) => ({ url: `${url}#${heading}`, heading, breadcrumb: ['Page', heading], snippet: heading, score: 1 })),
});

const RESULTS = [page('/a', ['one', 'two']), page('/b', ['three'])];
const ANSWER: Answer = { answered: true, markdown: 'It works. [1]', citations: [], closest: [] };

function run(state: AssistantState, ...actions: Action[]): AssistantState {
  return actions.reduce(reducer, state);
}

function withResults(query = 'sitemap', overrides: Partial<AssistantState> = {}): AssistantState {
  return run(
    initialState({ view: 'search', ...overrides }),
    { type: 'queryChanged', query },
    { type: 'searchStarted' },
    { type: 'searchSucceeded', key: searchKey(query, null), results: RESULTS },
  );
}

describe('view', () => {
  test('opens on a tab with an optional query, switches tab, closes', () => {
    let state = run(initialState(), { type: 'opened', tab: 'ask', query: 'hello' });
    assert.equal(state.view, 'ask');
    assert.equal(state.query, 'hello');
    state = run(state, { type: 'tabChanged', tab: 'search' }, { type: 'closed' });
    assert.equal(state.view, 'closed');
    assert.equal(state.query, 'hello');
  });
});

describe('search', () => {
  test('the screen switch: start, results, no results, error', () => {
    assert.equal(searchScreen(initialState({ view: 'search' })), 'start');
    assert.equal(searchScreen(withResults()), 'results');
    const none = run(initialState({ view: 'search' }), { type: 'queryChanged', query: 'zzz' }, { type: 'searchSucceeded', key: searchKey('zzz', null), results: [] });
    assert.equal(searchScreen(none), 'no-results');
    const failed = run(none, { type: 'searchFailed', key: searchKey('zzz', null), error: 'HTTP 404' });
    assert.equal(searchScreen(failed), 'error');
    assert.equal(failed.error, 'HTTP 404');
  });

  test('while a search runs, the old results stay and no "no results" flashes', () => {
    const typing = run(withResults('site'), { type: 'queryChanged', query: 'sitemap' }, { type: 'searchStarted' });
    assert.equal(typing.status, 'loading');
    assert.equal(searchScreen(typing), 'results');
    const empty = run(initialState({ view: 'search' }), { type: 'queryChanged', query: 'x' }, { type: 'searchStarted' });
    assert.equal(searchScreen(empty), 'results');
  });

  test('loading becomes stalled only while loading', () => {
    const loading = run(initialState(), { type: 'queryChanged', query: 'q' }, { type: 'searchStarted' });
    assert.equal(run(loading, { type: 'searchStalled' }).status, 'stalled');
    assert.equal(run(withResults(), { type: 'searchStalled' }).status, 'idle');
  });

  test('results of an older query are ignored', () => {
    const state = run(initialState({ view: 'search' }), { type: 'queryChanged', query: 'new' });
    const after = run(state, { type: 'searchSucceeded', key: searchKey('old', null), results: RESULTS });
    assert.deepEqual(after.results, []);
  });

  test('rows: the "Ask AI about" row, then every section; the first result is active', () => {
    const state = withResults();
    const rows = listOptions(state);
    assert.deepEqual(
      rows.map((row) => (row.kind === 'section' ? row.section.heading : row.kind)),
      ['ask', 'one', 'two', 'three'],
    );
    assert.equal(state.activeIndex, 1);
  });

  test('in search-only mode there is no "Ask AI about" row', () => {
    const state = withResults('sitemap', { searchOnly: true });
    assert.equal(listOptions(state)[0]?.kind, 'section');
    assert.equal(state.activeIndex, 0);
  });

  test('arrow keys move the active row and wrap around', () => {
    let state = withResults();
    state = run(state, { type: 'activeMoved', delta: 1 }, { type: 'activeMoved', delta: 1 });
    assert.equal(state.activeIndex, 3);
    state = run(state, { type: 'activeMoved', delta: 1 });
    assert.equal(state.activeIndex, 0);
    state = run(state, { type: 'activeMoved', delta: -1 });
    assert.equal(state.activeIndex, 3);
  });

  test('typing resets the active row; a filter change keys the next results', () => {
    let state = run(withResults(), { type: 'queryChanged', query: 'sitemaps' });
    assert.equal(state.activeIndex, -1);
    state = run(state, { type: 'filterChanged', path: '/guides/' });
    assert.equal(state.filterPath, '/guides/');
    const ignored = run(state, { type: 'searchSucceeded', key: searchKey('sitemaps', null), results: RESULTS });
    assert.deepEqual(ignored.results, RESULTS, 'older results stay until the filtered ones arrive');
    assert.notEqual(ignored.resultsKey, searchKey('sitemaps', '/guides/'));
  });

  test('closing the dialog on a search with results keeps the query as a recent search', () => {
    assert.deepEqual(run(withResults('sitemap'), { type: 'closed' }).recentSearches, ['sitemap']);
    const none = run(initialState({ view: 'search' }), { type: 'queryChanged', query: 'zzz' }, { type: 'closed' });
    assert.deepEqual(none.recentSearches, []);
  });

  test('recent searches: newest first, no duplicates, at most five, removable', () => {
    let state = initialState();
    for (const query of ['a', 'b', 'a', 'c', 'd', 'e', 'f']) state = run(state, { type: 'recentAdded', query });
    assert.deepEqual(state.recentSearches, ['f', 'e', 'd', 'c', 'a']);
    assert.equal(state.recentSearches.length, MAX_RECENT_SEARCHES);
    state = run(state, { type: 'recentRemoved', query: 'd' }, { type: 'recentAdded', query: '   ' });
    assert.deepEqual(state.recentSearches, ['f', 'e', 'c', 'a']);
  });
});

describe('conversation', () => {
  test('a question adds the user message and a pending answer, then the answer', () => {
    let state = run(initialState({ view: 'search', consentAccepted: true }), { type: 'questionAsked', id: 'm1', question: 'How?' });
    assert.equal(state.view, 'ask');
    assert.equal(state.conversation.length, 2);
    assert.ok(isAnswering(state));
    state = run(state, { type: 'answerReceived', id: 'm1', answer: ANSWER });
    assert.ok(!isAnswering(state));
    const answer = state.conversation[1];
    assert.equal(answer?.role === 'assistant' && answer.status, 'done');
  });

  test('a failed answer is marked as failed; ratings are stored on the answer', () => {
    let state = run(initialState(), { type: 'questionAsked', id: 'm1', question: 'How?' }, { type: 'answerFailed', id: 'm1', error: 'offline' });
    const failed = state.conversation[1];
    assert.equal(failed?.role === 'assistant' && failed.status, 'error');
    state = run(state, { type: 'answerReceived', id: 'm1', answer: ANSWER }, { type: 'answerRated', id: 'm1', rating: 'down' });
    const rated = state.conversation[1];
    assert.equal(rated?.role === 'assistant' && rated.rating, 'down');
  });

  test('a question held by the consent gate is released by asking it', () => {
    let state = run(initialState({ view: 'search' }), { type: 'questionHeld', question: 'Is it free?' });
    assert.equal(state.view, 'ask');
    assert.equal(state.pendingQuestion, 'Is it free?');
    state = run(state, { type: 'consentAccepted' }, { type: 'questionAsked', id: 'q', question: 'Is it free?' });
    assert.equal(state.pendingQuestion, null);
    assert.ok(state.consentAccepted);
  });

  test('clearing empties the conversation; search only drops a held question', () => {
    let state = run(initialState(), { type: 'questionAsked', id: 'm1', question: 'How?' }, { type: 'conversationCleared' });
    assert.deepEqual(state.conversation, []);
    state = run(state, { type: 'questionHeld', question: 'Why?' }, { type: 'searchOnlyChanged', searchOnly: true });
    assert.equal(state.pendingQuestion, null);
    assert.ok(state.searchOnly);
  });

  test('hydration restores what was remembered, and marks the state hydrated', () => {
    assert.equal(initialState().hydrated, false);
    const state = run(initialState(), {
      type: 'hydrated',
      recentSearches: ['x'],
      conversation: [{ id: 'u', role: 'user', text: 'Hi' }],
      consentAccepted: true,
      searchOnly: true,
    });
    assert.deepEqual(state.recentSearches, ['x']);
    assert.equal(state.conversation.length, 1);
    assert.ok(state.consentAccepted && state.searchOnly && state.hydrated);
  });
});

describe('streaming answers (connected mode)', () => {
  const CITATIONS = [{ number: 1, url: 'https://x.test/a#b:~:text=x', sectionUrl: 'https://x.test/a#b', title: 'A', breadcrumb: ['A'] }];
  const assistant = (state: AssistantState, index = 1): AssistantMessage => {
    const message = state.conversation[index];
    assert.equal(message?.role, 'assistant');
    return message as AssistantMessage;
  };
  const asked = (): AssistantState => run(initialState({ view: 'ask' }), { type: 'questionAsked', id: 'm1', question: 'How?' });

  test('pending, then the ids and sources, then streaming text that grows, then the answer', () => {
    let state = run(asked(), { type: 'answerStarted', id: 'm1', conversationId: 'conv_1', messageId: 'msg_1', citations: CITATIONS });
    assert.equal(assistant(state).status, 'pending', 'no text yet: still thinking');
    assert.equal(assistant(state).messageId, 'msg_1');
    assert.equal(assistant(state).conversationId, 'conv_1');
    state = run(state, { type: 'answerDelta', id: 'm1', text: 'It ' });
    assert.equal(assistant(state).status, 'streaming');
    assert.equal(assistant(state).partial, 'It ');
    assert.deepEqual(assistant(state).partialCitations, CITATIONS);
    state = run(state, { type: 'answerDelta', id: 'm1', text: '' }, { type: 'answerDelta', id: 'm1', text: 'works. [1]' });
    assert.equal(assistant(state).partial, 'It works. [1]');
    assert.ok(isAnswering(state), 'the composer stays busy while the text arrives');
    state = run(state, { type: 'answerReceived', id: 'm1', answer: ANSWER });
    const done = assistant(state);
    assert.equal(done.status, 'done');
    assert.equal(done.answer, ANSWER);
    assert.equal(done.partial, undefined);
    assert.equal(done.partialCitations, undefined);
    assert.equal(done.messageId, 'msg_1', 'the message id stays for feedback');
    assert.ok(!isAnswering(state));
  });

  test('a failure mid-stream keeps the reader-facing detail and drops the partial text', () => {
    const state = run(
      asked(),
      { type: 'answerDelta', id: 'm1', text: 'Half' },
      { type: 'answerFailed', id: 'm1', error: 'HTTP 500', detail: 'The language model stopped responding.' },
    );
    const failed = assistant(state);
    assert.equal(failed.status, 'error');
    assert.equal(failed.error, 'HTTP 500');
    assert.equal(failed.errorDetail, 'The language model stopped responding.');
    assert.equal(failed.partial, undefined);
    assert.equal(assistant(run(asked(), { type: 'answerFailed', id: 'm1', error: 'offline' })).errorDetail, undefined);
  });

  test('late pieces change nothing: after the answer, after a failure, or after the conversation was cleared', () => {
    const done = run(asked(), { type: 'answerReceived', id: 'm1', answer: ANSWER });
    assert.equal(run(done, { type: 'answerDelta', id: 'm1', text: 'more' }).conversation[1], done.conversation[1]);
    assert.equal(assistant(run(done, { type: 'answerFailed', id: 'm1', error: 'late' })).status, 'done');
    const cleared = run(asked(), { type: 'conversationCleared' }, { type: 'answerDelta', id: 'm1', text: 'x' }, { type: 'answerReceived', id: 'm1', answer: ANSWER });
    assert.deepEqual(cleared.conversation, []);
  });

  test('the next question continues the latest conversation the server named; clearing starts a new one', () => {
    let state = run(
      asked(),
      { type: 'answerStarted', id: 'm1', conversationId: 'conv_1', messageId: 'msg_1', citations: [] },
      { type: 'answerReceived', id: 'm1', answer: ANSWER },
      { type: 'questionAsked', id: 'm2', question: 'And then?' },
    );
    assert.equal(currentConversationId(state), 'conv_1');
    state = run(state, { type: 'answerFailed', id: 'm2', error: 'offline' });
    assert.equal(currentConversationId(state), 'conv_1', 'a failed turn does not lose the conversation');
    assert.equal(currentConversationId(run(state, { type: 'conversationCleared' })), undefined);
    assert.equal(currentConversationId(run(initialState(), { type: 'questionAsked', id: 's', question: 'Static?' }, { type: 'answerReceived', id: 's', answer: ANSWER })), undefined);
  });
});
