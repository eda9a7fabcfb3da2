import { type Page } from '@playwright/test';
import { clientNavigate, expect, test, waitForHydration } from './fixtures';

const overlay = '.medium-zoom-overlay';
/** The first picture shown: pictures come in a light and a dark twin, and the dark one is hidden in light mode. */
const firstImage = (page: Page) => page.locator('.markdown img.medium-zoom-image:visible').first();

/**
 * Clicks the first image and waits until its opening transition is over: medium-zoom ignores input until then, and
 * tells it with a `medium-zoom:opened` event on the image (which does not bubble: it is caught on the way down).
 */
async function zoomFirstImage(page: Page): Promise<void> {
  await page.evaluate(() => document.addEventListener('medium-zoom:opened', () => document.body.setAttribute('data-zoom-opened', ''), { capture: true, once: true }));
  await firstImage(page).click();
  await expect(page.locator(overlay)).toBeVisible();
  await expect(page.locator('.medium-zoom-image--opened')).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-zoom-opened', '');
}

/** Scrolls the page by `pixels` and waits for the frame after the scroll event, when the zoom has reacted to it. */
async function scrollBy(page: Page, pixels: number): Promise<void> {
  await page.evaluate(
    (distance) =>
      new Promise<void>((resolve) => {
        addEventListener('scroll', () => requestAnimationFrame(() => resolve()), { once: true });
        window.scrollBy(0, distance);
      }),
    pixels,
  );
}

test.describe('image zoom', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/security/overview');
    await waitForHydration(page);
    // The plugin attaches zoom a moment after the route renders.
    await expect(firstImage(page)).toBeAttached();
  });

  test('a click opens the overlay and Escape closes it', async ({ page }) => {
    await zoomFirstImage(page);
    await page.keyboard.press('Escape');
    await expect(page.locator(overlay)).toHaveCount(0);
  });

  test('a click on the zoomed image closes it', async ({ page }) => {
    await zoomFirstImage(page);
    await page.locator('.medium-zoom-image--opened').click();
    await expect(page.locator(overlay)).toHaveCount(0);
  });

  test('scrolling more than 40 px closes it, a smaller scroll does not', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await zoomFirstImage(page);
    await scrollBy(page, 20);
    await expect(page.locator(overlay)).toBeVisible();
    await scrollBy(page, 60);
    await expect(page.locator(overlay)).toHaveCount(0);
  });

  test('an image shown after client-side navigation zooms too', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Security', exact: true }).or(page.locator('a.menu__link', { hasText: 'Security' })).first().click();
    await clientNavigate(page, '/security/overview');
    await expect(firstImage(page)).toBeAttached();
    await firstImage(page).click();
    await expect(page.locator(overlay)).toBeVisible();
  });
});
