import { ROUTES } from '../routes';
import { expect, test, waitForHydration } from './fixtures';

test.describe('every route of the specification', () => {
  for (const route of ROUTES) {
    test(`${route.path} answers 200 and shows "${route.title}"`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.title);
      await expect(page).toHaveTitle(`${route.title} | Docent docs`);
    });
  }

  test('an unknown path shows the not-found page with status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.locator('footer.footer')).toHaveText('Copyright © 2025 Docent.');
  });
});
