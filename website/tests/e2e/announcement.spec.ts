import { expect, test, waitForHydration } from './fixtures';

test.describe('announcement bar', () => {
  test('links to the REST API introduction', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('banner').filter({ hasText: 'beta' });
    await expect(bar.getByRole('link', { name: 'Docent REST API' })).toHaveAttribute('href', '/api/docent-ai-rest-api-beta');
  });

  test('dismisses, stays dismissed after reload and reappears for a different id', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const bar = page.getByRole('banner').filter({ hasText: 'beta' });
    await expect(bar).toBeVisible();

    await bar.getByRole('button', { name: 'Close' }).click();
    await expect(bar).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe('rest-api-beta');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');

    await page.reload();
    await waitForHydration(page);
    await expect(bar).toBeHidden();

    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement'));
    await page.reload();
    await waitForHydration(page);
    await expect(bar).toBeVisible();
  });
});
