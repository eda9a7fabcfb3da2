import { expect, test, waitForHydration } from './fixtures';

test('with localStorage blocked the site works and only warns in the console', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The user blocked storage for this site', 'SecurityError');
      },
    });
  });
  const warnings: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/customization/dark-mode');
  await waitForHydration(page);
  await page.click('button[aria-label^="Switch between dark and light mode"]');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('banner').filter({ hasText: 'beta' }).getByRole('button', { name: 'Close' }).click();
  await page.locator('a.menu__link[href="/support"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');

  expect(errors).toEqual([]);
  expect(warnings.some((text) => /storage/i.test(text))).toBe(true);
  await expect(page.getByText(/storage/i)).toHaveCount(0);
});
