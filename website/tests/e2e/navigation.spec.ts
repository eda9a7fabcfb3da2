import { clientNavigate, expect, test, waitForHydration } from './fixtures';

test.describe('navigation', () => {
  test('client-side navigation keeps a 6-character history key', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await clientNavigate(page, '/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
    const key = await page.evaluate(() => (history.state as { key?: string } | null)?.key);
    expect(key).toMatch(/^[a-z0-9]{6}$/);
  });

  test('.html paths reach the same page as the clean path', async ({ page }) => {
    for (const [htmlPath, cleanPath] of [
      ['/support.html', '/support'],
      ['/index.html', '/'],
      ['/customization/styles.html', '/customization/styles'],
    ] as const) {
      await page.goto(cleanPath);
      const expected = await page.getByRole('heading', { level: 1 }).textContent();
      const response = await page.goto(htmlPath);
      expect(response?.status(), htmlPath).toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected ?? '');
      await expect(page.locator('.theme-doc-sidebar-menu a.menu__link--active').last()).toBeVisible();
    }
  });

  test('the pages that links in view lead to are prefetched once the page is idle', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    // The home page's "Next" link, at the foot of the page: in view once the reader scrolls down.
    await page.locator('.pagination-nav__link--next').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('link[rel="prefetch"]').count()).toBeGreaterThan(0);
  });

  for (const [name, connection, expectPrefetch] of [
    ['a normal connection prefetches on hover', { effectiveType: '4g', saveData: false }, true],
    ['data-saver prefetches nothing on hover', { effectiveType: '4g', saveData: true }, false],
    ['a slow 2g connection prefetches nothing on hover', { effectiveType: 'slow-2g', saveData: false }, false],
  ] as const) {
    test(name, async ({ page }) => {
      await page.addInitScript((value) => {
        Object.defineProperty(navigator, 'connection', { configurable: true, get: () => value });
      }, connection);
      await page.goto('/');
      await waitForHydration(page);
      // The page's feedback block, a long page below, loads no module unless scrolled to: only the hover can
      // request a chunk here.
      await page.waitForLoadState('networkidle');
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/assets/js/')) requested.push(request.url());
      });
      const prefetchLinks = () => page.locator('link[rel="prefetch"]').count();
      await page.locator('a.menu__link[href="/release-notes"]').hover();
      if (expectPrefetch) {
        await expect.poll(async () => requested.length + (await prefetchLinks())).toBeGreaterThan(0);
      } else {
        // The hover's preload starts in its event handler: once the browser has been idle, it would have begun.
        await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
        expect({ requested, prefetchLinks: await prefetchLinks() }).toEqual({ requested: [], prefetchLinks: 0 });
      }
    });
  }
});
