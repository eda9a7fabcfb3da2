import type { ClientModule } from '@docusaurus/types';

/**
 * Docusaurus prefetches the code of every internal link as it scrolls into view. On a doc page that is a few dozen
 * links at once, all handled in the frame after the page starts: one task that blocks the main thread for close to
 * 100 ms on a mid-range phone, right when the reader may first tap. Queued here, the same prefetches run one at a
 * time when the browser is idle. Hover and focus still load a page's code at once (`preload`, untouched).
 */
type Docusaurus = Window['docusaurus'];
type Scheduler = (run: () => void) => void;

const whenIdle: Scheduler =
  typeof requestIdleCallback === 'function' ? (run) => requestIdleCallback(run) : (run) => setTimeout(run, 0);

let installed = false;

/** Docusaurus' `window.docusaurus` with its `prefetch` queued. The object itself is frozen: it is replaced. */
function queuePrefetches(docusaurus: Docusaurus): Docusaurus {
  const prefetchNow = docusaurus.prefetch;
  const queue: Array<() => void> = [];
  const runNext = (): void => {
    queue.shift()?.();
    if (queue.length > 0) whenIdle(runNext);
  };
  const prefetch: Docusaurus['prefetch'] = function queuedPrefetch(routePath) {
    return new Promise((resolve) => {
      if (queue.length === 0) whenIdle(runNext);
      queue.push(() => resolve(prefetchNow(routePath) || []));
    });
  };
  return Object.freeze({ ...docusaurus, prefetch });
}

/**
 * Replaces `window.docusaurus` with the queued one, or says on the console why it cannot: a Docusaurus release
 * that renames or drops `prefetch` would otherwise turn this patch into a silent no-op (the end-to-end suite fails
 * on console errors; tests/build/patches.test.ts checks that Link still prefetches through `window.docusaurus`).
 */
function install(): void {
  const docusaurus = (window as { docusaurus?: Partial<Docusaurus> }).docusaurus;
  if (typeof docusaurus?.prefetch !== 'function') {
    console.error('prefetch-when-idle: window.docusaurus.prefetch is missing, so link prefetches are not queued; update or remove website/patches/prefetch-when-idle');
    return;
  }
  window.docusaurus = queuePrefetches(docusaurus as Docusaurus);
}

const clientModule: ClientModule = {
  // The first call comes while the first page hydrates, before any link's visibility has been reported.
  onRouteDidUpdate() {
    if (installed) return;
    installed = true;
    install();
  },
};

export default clientModule;
