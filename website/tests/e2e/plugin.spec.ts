import { ORIGINS, assistantDialog, expect, test, waitForHydration } from './fixtures';

test.describe('"Copy page" on doc pages', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('puts the page on the clipboard as Markdown and says so', async ({ page, consoleErrors }) => {
    await page.goto('/customization/styles');
    await waitForHydration(page);
    const button = page.getByRole('button', { name: 'Copy page' });
    await button.click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'clipboard' })).toHaveText('The page is on your clipboard as Markdown.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^# Styles\n/);
    expect(copied).toContain('--docent-color-primary');
    await expect(page.getByRole('button', { name: 'Copy page' })).toBeVisible({ timeout: 4_000 });
    expect(consoleErrors).toEqual([]);
  });

  test('the home page copies its own Markdown file', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const markdown = page.waitForResponse((response) => new URL(response.url()).pathname === '/index.md');
    await page.getByRole('button', { name: 'Copy page' }).click();
    expect((await markdown).status()).toBe(200);
    // The clipboard is written after the file has arrived: wait for the button to say so before reading it.
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Quickstart\n/);
  });

  test('when the Markdown copy is missing, it explains and links to it instead', async ({ page }) => {
    await page.route('**/support.md', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto('/support');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect(page.getByRole('button', { name: 'Copy failed' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Could not copy' })).toContainText('/support.md answered 404');
    await expect(page.getByRole('link', { name: 'Open the Markdown copy' })).toHaveAttribute('href', '/support.md');
  });

  test('pages outside the docs, like the writing reference, have no button', async ({ page }) => {
    await page.goto('/markdown-page');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy page' })).toHaveCount(0);
  });
});

test.describe('the floating chat button (chatButton: true, in the test build)', () => {
  test('opens the dialog on the Ask AI tab and Escape returns focus to it', async ({ page, consoleErrors }) => {
    await page.goto(`${ORIGINS.e2eRoutes}/support`);
    await waitForHydration(page);
    await page.waitForFunction(() => customElements.get('docent-chat-button') !== undefined);
    const button = page.locator('docent-chat-button').getByRole('button', { name: 'Ask AI' });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    const viewport = page.viewportSize();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan((viewport?.width ?? 0) - 64);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan((viewport?.height ?? 0) - 64);

    await button.click();
    const dialog = assistantDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Ask AI' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('textbox', { name: 'Your question' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test('the published build has no floating button', async ({ page }) => {
    await page.goto('/support');
    await waitForHydration(page);
    await expect(page.locator('docent-chat-button')).toHaveCount(0);
  });
});
