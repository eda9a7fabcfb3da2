import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { assistantDialog, expect, searchButton, test, waitForAssistant } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Violations axe finds on the page (the open dialog's shadow root included), as readable lines. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

async function openAssistant(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
  await page.goto('/');
  await waitForAssistant(page);
  await searchButton(page).click();
  await expect(assistantDialog(page)).toBeVisible();
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`the open assistant in ${theme} mode`, () => {
    test('the Search tab, empty and with results, has no axe violation', async ({ page }) => {
      await openAssistant(page, theme);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      expect(await violations(page)).toEqual([]);
      const dialog = assistantDialog(page);
      await dialog.getByRole('combobox').fill('dark mode');
      await expect(dialog.getByRole('option').nth(1)).toBeVisible();
      await page.keyboard.press('ArrowDown');
      expect(await violations(page)).toEqual([]);
      await dialog.getByRole('combobox').fill('zzqxv wvqzzk');
      await expect(dialog).toContainText(/No results/i);
      expect(await violations(page)).toEqual([]);
    });

    test('the Ask AI tab, before and after an answer, has no axe violation', async ({ page }) => {
      await openAssistant(page, theme);
      const dialog = assistantDialog(page);
      await dialog.getByRole('tab', { name: 'Ask AI' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Your question' })).toBeFocused();
      expect(await violations(page)).toEqual([]);
      await dialog.getByRole('textbox', { name: 'Your question' }).fill('How do I enable dark mode?');
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('status')).toHaveText(/Answer ready/);
      expect(await violations(page)).toEqual([]);
    });
  });
}
