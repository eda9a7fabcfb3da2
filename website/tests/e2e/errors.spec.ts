import { ORIGINS, contentChunkOf, expect, test, waitForHydration } from './fixtures';

const SUPPORT_CHUNK = contentChunkOf('support');
const isSupportChunk = (url: string) => new URL(url).pathname === SUPPORT_CHUNK;

test.describe('error states', () => {
  test('a page that crashes shows "Page Error", "This page crashed." and "Try again"', async ({ page }) => {
    await page.goto(`${ORIGINS.e2eRoutes}/e2e/crash`);
    await expect(page).toHaveTitle('Page Error');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page crashed.');
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await expect(tryAgain).toBeVisible();
    await tryAgain.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page crashed.');
    // The rest of the site still works from the crashed page.
    await expect(page.locator('footer.footer')).toHaveText('Copyright © 2025 Docent.');
  });

  test('the crash page exists only in the test build', async ({ page }) => {
    const response = await page.goto('/e2e/crash');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  });

  test('a page chunk that fails to load shows the error with a Retry button that recovers', async ({ page }) => {
    let blocked = true;
    await page.route('**/assets/js/*.js', (route) =>
      blocked && isSupportChunk(route.request().url()) ? route.abort() : route.continue(),
    );
    // The .html form renders through the lazily loaded route component.
    await page.goto('/support.html');
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible({ timeout: 10_000 });
    await expect(retry.locator('xpath=../..')).toContainText(/Loading chunk|ChunkLoadError|failed/i);

    blocked = false;
    await retry.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
  });

  test('a route that fails to load during navigation reloads the page', async ({ page }) => {
    await page.route('**/assets/js/*.js', (route) =>
      isSupportChunk(route.request().url()) ? route.abort() : route.continue(),
    );
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    const reloaded = page.waitForEvent('load');
    await page.locator('a.menu__link[href="/support"]').click();
    await reloaded;
    await expect(page).toHaveURL(/\/support$/);
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
  });

  test('a slow page chunk shows the loading indicator, then the page', async ({ page }) => {
    await page.route('**/assets/js/*.js', async (route) => {
      if (isSupportChunk(route.request().url())) await new Promise((done) => setTimeout(done, 1_500));
      await route.continue();
    });
    await page.goto('/support.html', { waitUntil: 'commit' });
    await expect(page.locator('svg#loader')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support', { timeout: 10_000 });
    await expect(page.locator('svg#loader')).toHaveCount(0);
  });

  test('a slow route change shows the progress bar after 200 ms', async ({ page }) => {
    await page.route('**/assets/js/*.js', async (route) => {
      if (isSupportChunk(route.request().url())) await new Promise((done) => setTimeout(done, 1_500));
      await route.continue();
    });
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('a.menu__link[href="/support"]').click();
    const bar = page.locator('#nprogress .bar');
    await expect(bar).toBeAttached({ timeout: 1_400 });
    // It starts at the 0.08 minimum and animates each step over 200 ms.
    await expect.poll(() => bar.evaluate((element) => (element as HTMLElement).style.transform)).toContain('-92%');
    expect(await bar.evaluate((element) => (element as HTMLElement).style.transition)).toContain('200ms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support', { timeout: 10_000 });
    await expect(bar).toHaveCount(0);
  });

  test('a fast route change shows no progress bar', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    // Warm the chunks first, as hovering a link does, so only the 200 ms delay is measured.
    await page.locator('a.menu__link[href="/support"]').hover();
    await page.waitForLoadState('networkidle');
    const appeared = page.waitForSelector('#nprogress', { state: 'attached', timeout: 1_000 }).then(
      () => true,
      () => false,
    );
    await page.locator('a.menu__link[href="/support"]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
    expect(await appeared).toBe(false);
  });
});
