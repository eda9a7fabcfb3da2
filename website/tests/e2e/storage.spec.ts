import type { Page } from '@playwright/test';
import { askAndWaitForAnswer, assistantDialog, expect, searchButton, test, waitForAssistant, waitForHydration } from './fixtures';

/** Makes every read of `window.localStorage` throw, as privacy modes and sandboxed iframes do. */
async function blockStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The user blocked storage for this site', 'SecurityError');
      },
    });
  });
}

/** Console warnings, and errors with uncaught exceptions, from the moment it is called. */
function recordConsole(page: Page): { warnings: string[]; errors: string[] } {
  const seen = { warnings: [] as string[], errors: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'warning') seen.warnings.push(message.text());
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  return seen;
}

/**
 * The two warnings a blocked storage may cause, each once: the theme's (Docusaurus keeps the colour mode for the
 * visit only) and the widget's, documented under "When the browser blocks storage" in customization/data-privacy.
 */
const STORAGE_WARNINGS = [
  /^Docusaurus browser storage is not available\.[\s\S]*SecurityError: The user blocked storage for this site$/,
  /^Docent: localStorage is not available \(The user blocked storage for this site\); recent searches and the conversation are kept in memory only\.$/,
];

function expectOnlyStorageWarnings(warnings: string[]): void {
  expect(warnings.filter((text) => !STORAGE_WARNINGS.some((pattern) => pattern.test(text)))).toEqual([]);
  for (const pattern of STORAGE_WARNINGS) expect(warnings.filter((text) => pattern.test(text))).toHaveLength(1);
}

test('with localStorage blocked the site works and only warns in the console', async ({ page }) => {
  await blockStorage(page);
  const seen = recordConsole(page);

  await page.goto('/customization/dark-mode');
  await waitForHydration(page);
  await page.click('button[aria-label^="Switch between dark and light mode"]');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('banner').filter({ hasText: 'beta' }).getByRole('button', { name: 'Close' }).click();
  await page.locator('a.menu__link[href="/support"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');

  expect(seen.errors).toEqual([]);
  expect(seen.warnings.some((text) => /storage/i.test(text))).toBe(true);
  await expect(page.getByText(/storage/i)).toHaveCount(0);
});

test('with localStorage blocked the assistant searches and answers, and keeps its history in memory for the visit', async ({ page }) => {
  await blockStorage(page);
  const seen = recordConsole(page);
  await page.goto('/support');
  await waitForAssistant(page);
  const button = searchButton(page);
  const dialog = assistantDialog(page);

  await button.click();
  await dialog.getByRole('combobox').fill('dark mode');
  await expect(dialog.getByRole('option').nth(1)).toBeVisible();
  // Leaving a search that found something keeps it among the recent searches.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A client-side navigation keeps the page, and with it the history the widget holds in memory.
  await page.locator('a.menu__link[href="/release-notes"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Release notes');
  await button.click();
  await expect(dialog.getByRole('region', { name: 'Results and recent searches' })).toContainText('dark mode');
  await askAndWaitForAnswer(dialog, 'How do I add Docent to a Hugo site?');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.locator('a.menu__link[href="/support"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
  await button.click();
  await dialog.getByRole('tab', { name: 'Ask AI' }).click();
  await expect(dialog.getByRole('group', { name: 'Conversation' })).toContainText('How do I add Docent to a Hugo site?');

  expect(seen.errors).toEqual([]);
  expectOnlyStorageWarnings(seen.warnings);
});
