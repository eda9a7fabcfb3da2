import { expect, test, waitForHydration } from './fixtures';

/**
 * The bundle's scripts are requested once the parsed page has been painted (website/patches/browser-start/ssrTemplate.ts),
 * not while the document is still being parsed, as plain `defer` scripts would be; the page still hydrates. (That a
 * script which cannot load still shows Docusaurus' base-URL banner is base-url.spec.ts.)
 */
test('the bundle is requested after the page is parsed and painted, then the page hydrates', async ({ page }) => {
  await page.goto('/installation/docusaurus');
  await waitForHydration(page);
  const timings = await page.evaluate(() => {
    // When the renderer painted the frame (`paintTime`), not when the screen showed it (`startTime`).
    const paint = performance.getEntriesByName('first-contentful-paint')[0] as (PerformanceEntry & { paintTime?: number }) | undefined;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const bundle = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/js\/(runtime~main|main)\.[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime);
    return { painted: paint ? (paint.paintTime ?? paint.startTime) : null, parsed: navigation?.domContentLoadedEventStart ?? null, bundle };
  });
  expect(timings.painted, 'the first contentful paint').not.toBeNull();
  expect(timings.parsed, 'DOMContentLoaded').not.toBeNull();
  expect(timings.bundle, 'the runtime and main scripts').toHaveLength(2);
  for (const requestedAt of timings.bundle) {
    expect(requestedAt).toBeGreaterThan(timings.parsed as number);
    expect(requestedAt).toBeGreaterThan(timings.painted as number);
  }
});
