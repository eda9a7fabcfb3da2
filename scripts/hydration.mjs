// When a page of the built site is ready for a reader's clicks. No imports: the end-to-end suite loads this too.

/**
 * Waits until React has hydrated the page and rendered what only the browser renders, so clicks reach its handlers.
 * Docusaurus writes `data-has-hydrated=""` while the page hydrates and `"true"` once that browser-only render is
 * done (website/patches/browser-start makes it a transition, so the two can be a few hundred milliseconds apart).
 */
export async function waitForHydration(page) {
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}
