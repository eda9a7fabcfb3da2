/**
 * Connected mode: the widget's events for the project's analytics (`recordEvents`, openapi.yaml). They wait in
 * memory and go together, one request every few seconds at most, and at once, with `keepalive`, when the page is
 * hidden or left, so a reader who leaves loses none. No cookies, no identifiers, and nothing at all when the
 * browser asks not to be tracked (Do Not Track, Global Privacy Control). Sending never fails in front of the
 * reader: analytics that cannot be recorded are dropped.
 */
import { MAX_EVENTS_PER_REQUEST, type ApiEventsRequest } from '@docent/contract/api';
import type { Tab } from '@docent/contract/attributes/model';
import { watchPageVisibility, type PageVisibilityCallbacks } from './pageHide.js';
import { realTimers, type TimerHandle, type Timers } from './timers.js';

/** What the widget reports: the dialog opened (on which tab), a search the reader finished, a question sent. */
export type WidgetEvent =
  | { readonly type: 'open'; readonly properties: { readonly tab: Tab } }
  | { readonly type: 'search'; readonly properties: { readonly query: string; readonly result_count?: number } }
  | { readonly type: 'question' };

/** `Event` of the contract: the widget's event, where and when it happened. */
export type RecordedEvent = WidgetEvent & { readonly url: string; readonly timestamp: string };

export { MAX_EVENTS_PER_REQUEST };
/** How long the first queued event waits for others to join it. */
export const FLUSH_DELAY_MS = 5000;
/** `Event.url`'s `maxLength`. */
const MAX_URL_LENGTH = 2048;
/** The longest string `properties` may hold. */
export const MAX_PROPERTY_LENGTH = 500;

export interface EventQueue {
  record(event: WidgetEvent): void;
  /** Sends every queued event now. */
  flush(): void;
}

export interface EventQueueOptions {
  /** `POST` target: `{api-url}/v1/projects/{project}/events`. */
  readonly endpoint: string;
  /** Sends one batch's JSON; a `keepalive` fetch by default. Must not throw. */
  readonly send?: (endpoint: string, body: string) => void;
  readonly timers?: Timers;
  /** The page an event happened on; the current URL without its fragment by default. */
  readonly pageUrl?: () => string;
  /** Where page hide and show are heard; the browser's `pagehide` and `visibilitychange` by default. */
  readonly watchPage?: (callbacks: PageVisibilityCallbacks) => () => void;
  readonly flushDelayMs?: number;
}

function sendWithKeepalive(endpoint: string, body: string): void {
  // `keepalive`: the request outlives the page, which may be unloading right now.
  fetch(endpoint, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    mode: 'cors',
    headers: { 'content-type': 'application/json' },
  }).catch(() => undefined);
}

function currentPageUrl(): string {
  if (typeof location === 'undefined') return '';
  const url = location.href.split('#')[0] ?? '';
  return url.length <= MAX_URL_LENGTH ? url : `${location.origin}${location.pathname}`.slice(0, MAX_URL_LENGTH);
}

/** The browser's own privacy signals: with either one, the widget sends no event at all. */
export function trackingAllowed(browser: Partial<Pick<Navigator, 'doNotTrack'>> & { readonly globalPrivacyControl?: unknown }): boolean {
  return browser.doNotTrack !== '1' && browser.globalPrivacyControl !== true;
}

export function createEventQueue({
  endpoint,
  send = sendWithKeepalive,
  timers = realTimers,
  pageUrl = currentPageUrl,
  watchPage = watchPageVisibility,
  flushDelayMs = FLUSH_DELAY_MS,
}: EventQueueOptions): EventQueue {
  let queued: RecordedEvent[] = [];
  let timer: TimerHandle | undefined;
  // On a hidden or unloading page a timer may never run: events recorded then go at once.
  let pageHidden = false;

  const flush = (): void => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    while (queued.length > 0) {
      const batch = queued.slice(0, MAX_EVENTS_PER_REQUEST);
      queued = queued.slice(MAX_EVENTS_PER_REQUEST);
      send(endpoint, JSON.stringify({ events: batch } satisfies ApiEventsRequest));
    }
  };

  watchPage({
    hidden: () => {
      pageHidden = true;
      flush();
    },
    shown: () => {
      pageHidden = false;
    },
  });

  return {
    record(event) {
      const url = pageUrl();
      if (url === '') return; // not on a page: nothing the contract could take
      queued.push({ ...event, url, timestamp: new Date(timers.now()).toISOString() });
      if (pageHidden) flush();
      else timer ??= timers.setTimeout(flush, flushDelayMs);
    },
    flush,
  };
}

/** One queue per project endpoint for the whole page: every element's events share its batches. */
const queues = new Map<string, EventQueue | null>();

/** The page's queue for `endpoint`, or null when the browser asks not to be tracked (then nothing is ever sent). */
export function eventQueueFor(endpoint: string): EventQueue | null {
  let queue = queues.get(endpoint);
  if (queue === undefined) {
    const allowed = typeof navigator !== 'undefined' && trackingAllowed(navigator);
    queue = allowed ? createEventQueue({ endpoint }) : null;
    queues.set(endpoint, queue);
  }
  return queue;
}
