/**
 * The moments a page may be gone before a timer fires: it was hidden (another tab, a minimised window, a phone's
 * app switcher) or is being unloaded (`pagehide`, which on unload comes before the document reads as hidden).
 * Queued events go then, with `keepalive`, or never.
 *
 * One listener per event for the whole page, so the order is the widget's own, not the order listeners happened to
 * be added in: what records an event on the way out (a search the reader was still typing) runs before what sends
 * the queue, and the last request carries everything.
 */

/** `record` callbacks run before `send` callbacks. */
export type HidePhase = 'record' | 'send';

export interface PageVisibilityCallbacks {
  /** The page was hidden or is being unloaded. */
  readonly hidden: () => void;
  /** The page shows again (the tab is back, or the back-forward cache restored it). */
  readonly shown?: () => void;
  /** `send` by default. */
  readonly phase?: HidePhase;
}

const PHASES: readonly HidePhase[] = ['record', 'send'];
const watchers: Record<HidePhase, Set<PageVisibilityCallbacks>> = { record: new Set(), send: new Set() };
let listening = false;

function notify(change: 'hidden' | 'shown'): void {
  for (const phase of PHASES) for (const watcher of [...watchers[phase]]) watcher[change]?.();
}

function listen(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('pagehide', () => notify('hidden'));
  window.addEventListener('pageshow', () => notify('shown'));
  document.addEventListener('visibilitychange', () => notify(document.visibilityState === 'hidden' ? 'hidden' : 'shown'));
}

/** Calls back when the page is hidden and shown again; returns what stops it. Does nothing outside a browser. */
export function watchPageVisibility(callbacks: PageVisibilityCallbacks): () => void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => undefined;
  listen();
  const phase = callbacks.phase ?? 'send';
  watchers[phase].add(callbacks);
  return () => {
    watchers[phase].delete(callbacks);
  };
}
