import { ORIGINS, expect, test, waitForHydration } from './fixtures';

test('served under the wrong base path, the home page shows the base-URL banner', async ({ page }) => {
  await page.goto(`${ORIGINS.wrongBase}/wrong-base/`);
  const banner = page.locator('#__docusaurus-base-url-issue-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('did not load properly');
  await expect(banner).toContainText('/wrong-base/');
});

test('served at the right base path, there is no banner', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.locator('#__docusaurus-base-url-issue-banner')).toHaveCount(0);
});
