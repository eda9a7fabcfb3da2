import { clientNavigate, expect, test, waitForHydration } from './fixtures';

const overlay = '.medium-zoom-overlay';

test.describe('image zoom', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/security/overview');
    await waitForHydration(page);
    // The plugin attaches zoom a moment after the route renders.
    await expect(page.locator('.markdown img.medium-zoom-image').first()).toBeAttached();
  });

  test('a click opens the overlay and Escape closes it', async ({ page }) => {
    await page.locator('.markdown img').first().click();
    await expect(page.locator(overlay)).toBeVisible();
    await expect(page.locator('.medium-zoom-image--opened')).toBeVisible();
    await page.waitForTimeout(400); // the 300 ms opening transition ignores input
    await page.keyboard.press('Escape');
    await expect(page.locator(overlay)).toHaveCount(0);
  });

  test('a click on the zoomed image closes it', async ({ page }) => {
    await page.locator('.markdown img').first().click();
    await expect(page.locator('.medium-zoom-image--opened')).toBeVisible();
    await page.waitForTimeout(400);
    await page.locator('.medium-zoom-image--opened').click();
    await expect(page.locator(overlay)).toHaveCount(0);
  });

  test('scrolling more than 40 px closes it, a smaller scroll does not', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.locator('.markdown img').first().click();
    await expect(page.locator('.medium-zoom-image--opened')).toBeVisible();
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollBy(0, 20));
    await page.waitForTimeout(400);
    await expect(page.locator(overlay)).toBeVisible();
    await page.evaluate(() => window.scrollBy(0, 60));
    await expect(page.locator(overlay)).toHaveCount(0);
  });

  test('an image shown after client-side navigation zooms too', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Security', exact: true }).or(page.locator('a.menu__link', { hasText: 'Security' })).first().click();
    await clientNavigate(page, '/security/overview');
    await page.waitForTimeout(1_100);
    await page.locator('.markdown img').first().click();
    await expect(page.locator(overlay)).toBeVisible();
  });
});
