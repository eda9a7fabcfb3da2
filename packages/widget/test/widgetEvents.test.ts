/**
 * Connected mode's analytics events, on a fake clock: which searches count (searchEventTracker.ts) and how events
 * are batched and sent (eventQueue.ts). Request bodies are checked against the contract, openapi.yaml.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertMatches } from '../../server/test/contract.js';
import { createEventQueue, FLUSH_DELAY_MS, MAX_EVENTS_PER_REQUEST, trackingAllowed, type RecordedEvent } from '../src/data/eventQueue.js';
import type { PageVisibilityCallbacks } from '../src/data/pageHide.js';
import { createSearchEventTracker, SEARCH_PAUSE_MS } from '../src/dialog/searchEventTracker.js';
import { fakeClock } from './fakeClock.js';

interface Search {
  readonly query: string;
  readonly resultCount: number | undefined;
}

function tracker() {
  const clock = fakeClock();
  const searches: Search[] = [];
  const searchTracker = createSearchEventTracker({ timers: clock, onSearch: (query, resultCount) => searches.push({ query, resultCount }) });
  /** Types `text` one character at a time, `gapMs` apart, with the results of each prefix coming back at once. */
  const type = (text: string, gapMs = 120, from = ''): void => {
    for (let end = from.length + 1; end <= text.length; end += 1) {
      const query = text.slice(0, end);
      searchTracker.queryChanged(query);
      searchTracker.resultsSettled(query, query.length);
      clock.advance(gapMs);
    }
  };
  return { clock, searches, tracker: searchTracker, type };
}

describe('which searches are recorded', () => {
  test('one event for the whole query, a second after the last keystroke, never one per keystroke', () => {
    const { clock, searches, type } = tracker();
    type('hugo partial');
    assert.deepEqual(searches, [], 'nothing while the reader types');
    clock.advance(SEARCH_PAUSE_MS - 120 - 1);
    assert.deepEqual(searches, [], 'nor before a full second of pause');
    clock.advance(1);
    assert.deepEqual(searches, [{ query: 'hugo partial', resultCount: 12 }]);
    clock.advance(60_000);
    assert.equal(searches.length, 1);
  });

  test('each pause is a search; the same query twice in a row, or an empty one, is not', () => {
    const { clock, searches, tracker: t, type } = tracker();
    type('sitemap');
    clock.advance(SEARCH_PAUSE_MS);
    t.queryChanged('sitemaps');
    t.queryChanged('sitemap'); // typed and deleted within the second
    clock.advance(SEARCH_PAUSE_MS);
    t.queryChanged('  ');
    clock.advance(SEARCH_PAUSE_MS);
    t.queryChanged(' Sitemap ');
    clock.advance(SEARCH_PAUSE_MS);
    type('sitemap index', 120, 'sitemap');
    clock.advance(SEARCH_PAUSE_MS);
    t.end();
    assert.deepEqual(
      searches.map((search) => search.query),
      ['sitemap', 'sitemap index'],
    );
  });

  test('opening a result or closing the dialog records the query at once, and only once', () => {
    const { clock, searches, tracker: t, type } = tracker();
    type('webhook retries', 50);
    t.end();
    assert.deepEqual(searches, [{ query: 'webhook retries', resultCount: 15 }]);
    clock.advance(SEARCH_PAUSE_MS * 5);
    t.end();
    assert.equal(searches.length, 1, 'the pause that would have come adds nothing');
  });

  test('ending with an empty input records nothing', () => {
    const { searches, tracker: t, type } = tracker();
    type('abc');
    t.queryChanged('');
    t.end();
    assert.deepEqual(searches, []);
  });

  test('a pause before the results are in waits for their count; a search that never answers goes without one', () => {
    const { clock, searches, tracker: t } = tracker();
    t.queryChanged('slow');
    clock.advance(SEARCH_PAUSE_MS + 500);
    assert.deepEqual(searches, []);
    t.resultsSettled('slow', 0);
    assert.deepEqual(searches, [{ query: 'slow', resultCount: 0 }]);

    t.queryChanged('failing');
    clock.advance(SEARCH_PAUSE_MS);
    t.queryChanged('failing again'); // the reader typed on: the query they paused on still counts
    assert.deepEqual(searches[1], { query: 'failing', resultCount: undefined });
    t.resultsSettled('failing', 3);
    t.end();
    assert.deepEqual(searches[2], { query: 'failing again', resultCount: undefined });
  });

  test('results of an older query do not count for the current one', () => {
    const { clock, searches, tracker: t } = tracker();
    t.queryChanged('hug');
    t.queryChanged('hugo');
    t.resultsSettled('hug', 9);
    clock.advance(SEARCH_PAUSE_MS);
    t.resultsSettled('hugo', 4);
    assert.deepEqual(searches, [{ query: 'hugo', resultCount: 4 }]);
  });

  test('dispose() records nothing more', () => {
    const { clock, searches, tracker: t } = tracker();
    t.queryChanged('gone');
    t.resultsSettled('gone', 1);
    t.dispose();
    clock.advance(SEARCH_PAUSE_MS * 2);
    t.end();
    assert.deepEqual(searches, []);
  });
});

const ENDPOINT = 'https://api.acme.test/v1/projects/acme-docs/events';
const PAGE = 'https://docs.acme.test/guides/orders';

function queue() {
  const clock = fakeClock();
  const bodies: { events: RecordedEvent[] }[] = [];
  // Held in an object: TypeScript does not see a `let` assigned inside the callback below.
  const page: { callbacks?: PageVisibilityCallbacks } = {};
  const events = createEventQueue({
    endpoint: ENDPOINT,
    timers: clock,
    pageUrl: () => PAGE,
    send: (endpoint, body) => {
      assert.equal(endpoint, ENDPOINT);
      const parsed = JSON.parse(body) as { events: RecordedEvent[] };
      assertMatches('EventsRequest', parsed);
      bodies.push(parsed);
    },
    watchPage: (callbacks) => {
      page.callbacks = callbacks;
      return () => undefined;
    },
  });
  const visibility = (): PageVisibilityCallbacks => {
    assert.ok(page.callbacks, 'the queue listens for the page being hidden');
    return page.callbacks;
  };
  return { clock, bodies, events, visibility };
}

describe('how events are sent', () => {
  test('events wait a few seconds and go together in one request matching EventsRequest', () => {
    const { clock, bodies, events } = queue();
    events.record({ type: 'open', properties: { tab: 'search' } });
    clock.advance(2000);
    events.record({ type: 'search', properties: { query: 'hugo partial', result_count: 4 } });
    events.record({ type: 'question' });
    assert.equal(bodies.length, 0, 'nothing before the delay');
    clock.advance(FLUSH_DELAY_MS - 2000);
    assert.equal(bodies.length, 1);
    assert.deepEqual(bodies[0]?.events, [
      { type: 'open', properties: { tab: 'search' }, url: PAGE, timestamp: '2025-06-02T10:20:00.000Z' },
      { type: 'search', properties: { query: 'hugo partial', result_count: 4 }, url: PAGE, timestamp: '2025-06-02T10:20:02.000Z' },
      { type: 'question', url: PAGE, timestamp: '2025-06-02T10:20:02.000Z' },
    ]);
    clock.advance(FLUSH_DELAY_MS * 3);
    assert.equal(bodies.length, 1, 'no empty requests');
  });

  test('at most one request per delay: the next event waits for its own', () => {
    const { clock, bodies, events } = queue();
    events.record({ type: 'question' });
    clock.advance(FLUSH_DELAY_MS);
    events.record({ type: 'question' });
    clock.advance(FLUSH_DELAY_MS - 1);
    assert.equal(bodies.length, 1);
    clock.advance(1);
    assert.equal(bodies.length, 2);
  });

  test(`never more than ${MAX_EVENTS_PER_REQUEST} events in one request`, () => {
    const { clock, bodies, events } = queue();
    for (let count = 0; count < MAX_EVENTS_PER_REQUEST + 3; count += 1) events.record({ type: 'question' });
    clock.advance(FLUSH_DELAY_MS);
    assert.deepEqual(
      bodies.map((body) => body.events.length),
      [MAX_EVENTS_PER_REQUEST, 3],
    );
  });

  test('when the page is hidden or left, everything queued goes at once, and so does anything recorded then', () => {
    const { clock, bodies, events, visibility } = queue();
    events.record({ type: 'open', properties: { tab: 'ask' } });
    visibility().hidden();
    assert.equal(bodies.length, 1);
    events.record({ type: 'search', properties: { query: 'last words' } });
    assert.equal(bodies.length, 2, 'no timer would run on a page that is going away');
    visibility().shown?.();
    events.record({ type: 'question' });
    assert.equal(bodies.length, 2, 'back on the page, events wait again');
    clock.advance(FLUSH_DELAY_MS);
    assert.equal(bodies.length, 3);
    visibility().hidden();
    assert.equal(bodies.length, 3, 'nothing queued, nothing sent');
  });

  test('Do Not Track or Global Privacy Control: nothing at all', () => {
    assert.equal(trackingAllowed({ doNotTrack: null }), true);
    assert.equal(trackingAllowed({ doNotTrack: '0', globalPrivacyControl: false }), true);
    assert.equal(trackingAllowed({ doNotTrack: '1' }), false);
    assert.equal(trackingAllowed({ doNotTrack: null, globalPrivacyControl: true }), false);
  });
});
