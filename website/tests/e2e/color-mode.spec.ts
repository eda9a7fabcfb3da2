import { expect, test, waitForHydration } from './fixtures';

const toggle = 'button[aria-label^="Switch between dark and light mode"]';

test.describe('colour mode', () => {
  test('starts light, toggles light ↔ dark only, and stores the choice under "theme"', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');

    await page.click(toggle);
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.click(toggle);
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    await page.click(toggle);
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('ignores the system preference when nothing is stored', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await context.close();
  });

  test('keeps the choice across reloads', async ({ page }) => {
    await page.goto('/support');
    await waitForHydration(page);
    await page.click(toggle);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator(toggle)).toHaveAttribute('aria-label', /currently dark mode/);
  });

  test('follows a change made in another tab', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/');
    await second.goto('/support');
    await Promise.all([waitForHydration(first), waitForHydration(second)]);
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
    await first.click(toggle);
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});
