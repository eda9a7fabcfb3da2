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
  const prefetch: Docusaurus['prefetch'] = (routePath) =>
    new Promise((resolve) => {
      if (queue.length === 0) whenIdle(runNext);
      queue.push(() => resolve(prefetchNow(routePath) || []));
    });
  return Object.freeze({ ...docusaurus, prefetch });
}

const clientModule: ClientModule = {
  // The first call comes while the first page hydrates, before any link's visibility has been reported.
  onRouteDidUpdate() {
    if (installed) return;
    installed = true;
    window.docusaurus = queuePrefetches(window.docusaurus);
  },
};

export default clientModule;
