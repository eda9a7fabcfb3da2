import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { ORIGINS, expect, showPageFeedback, test, waitForHydration } from './fixtures';

/** What the `docent:feedback` events that reached `document` carried, oldest first. */
declare global {
  interface Window {
    docentFeedback?: unknown[];
  }
}

/** Opens a doc, waits until the feedback block has rendered, and starts recording `docent:feedback` events. */
async function openDoc(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  await waitForHydration(page);
  await page.evaluate(() => {
    window.docentFeedback = [];
    document.addEventListener('docent:feedback', (event) => window.docentFeedback?.push((event as CustomEvent).detail));
  });
  return showPageFeedback(page);
}

const events = (page: Page): Promise<unknown[]> => page.evaluate(() => window.docentFeedback ?? []);

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('docent-feedback').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

test.describe('page feedback under every doc (pageFeedback: true)', () => {
  test('sits under the content and above the previous/next links, once per page', async ({ page, consoleErrors }) => {
    const block = await openDoc(page, '/customization/styles');
    await expect(block).toHaveCount(1);
    await expect(page.locator('article docent-feedback')).toHaveCount(1);
    const content = await page.locator('article .theme-doc-markdown').boundingBox();
    const feedback = await block.boundingBox();
    const pagination = await page.locator('nav.pagination-nav').boundingBox();
    expect(feedback?.y ?? 0).toBeGreaterThan((content?.y ?? 0) + (content?.height ?? 0) - 1);
    expect((feedback?.y ?? 0) + (feedback?.height ?? 0)).toBeLessThanOrEqual((pagination?.y ?? 0) + 1);
    await expect(block.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'false');
    await expect(block.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'false');
    await expect(block.getByRole('textbox')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('"No" opens the comment box; Send shows the thank-you and dispatches the page, the rating and the comment', async ({ page }) => {
    const block = await openDoc(page, '/customization/styles');
    await block.getByRole('button', { name: 'No' }).click();
    await expect(block.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true');
    const comment = block.getByRole('textbox', { name: 'What was missing or unclear? (optional)' });
    await expect(comment).toBeVisible();
    await expect(comment).toHaveAttribute('maxlength', '2000');
    await comment.fill('An example for dark mode would help.');
    await block.getByRole('button', { name: 'Send' }).click();
    await expect(block.getByRole('status')).toHaveText('Thanks for your feedback.');
    await expect(comment).toBeHidden();
    expect(await events(page)).toEqual([
      { target: { type: 'page', url: `${ORIGINS.site}/customization/styles` }, rating: 'down', comment: 'An example for dark mode would help.' },
    ]);
  });

  test('"Yes" sends at once, without a comment box', async ({ page }) => {
    const block = await openDoc(page, '/support?from=test#page-feedback');
    await block.getByRole('button', { name: 'Yes' }).click();
    await expect(block.getByRole('status')).toHaveText('Thanks for your feedback.');
    await expect(block.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
    await expect(block.getByRole('textbox')).toHaveCount(0);
    expect(await events(page)).toEqual([{ target: { type: 'page', url: `${ORIGINS.site}/support` }, rating: 'up' }]);
  });

  test('works with the keyboard alone: toggles, Enter adds a line in the comment, focus stays in the block', async ({ page }) => {
    const block = await openDoc(page, '/customization/styles');
    const yes = block.getByRole('button', { name: 'Yes' });
    const no = block.getByRole('button', { name: 'No' });
    await yes.focus();
    await page.keyboard.press('Tab');
    await expect(no).toBeFocused();
    await expect(no).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Enter');
    await expect(no).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Tab');
    const comment = block.getByRole('textbox', { name: /What was missing/ });
    await expect(comment).toBeFocused();
    await page.keyboard.type('First line');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second line');
    await expect(comment).toHaveValue('First line\nSecond line');
    expect(await events(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await expect(block.getByRole('button', { name: 'Send' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(block.getByRole('status')).toHaveText('Thanks for your feedback.');
    await expect(no).toBeFocused();
    expect(await events(page)).toEqual([
      { target: { type: 'page', url: `${ORIGINS.site}/customization/styles` }, rating: 'down', comment: 'First line\nSecond line' },
    ]);
  });

  test('"No" pressed again closes the comment box before anything is sent', async ({ page }) => {
    const block = await openDoc(page, '/support');
    const no = block.getByRole('button', { name: 'No' });
    await no.press('Space');
    await expect(block.getByRole('textbox')).toBeVisible();
    await no.press('Space');
    await expect(no).toHaveAttribute('aria-pressed', 'false');
    await expect(block.getByRole('textbox')).toHaveCount(0);
    expect(await events(page)).toEqual([]);
  });

  test('loads its own script and stylesheet, and no dialog code', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await openDoc(page, '/support');
    await page.waitForLoadState('networkidle');
    expect(requested).toContain('/docent/docent-feedback.css');
    expect(requested.filter((path) => path.includes('docent-dialog') || path.includes('docent-index'))).toEqual([]);
  });

  test('loads its code only when it comes near the viewport, not while a long page starts', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/customization/styles');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const block = page.locator('docent-feedback');
    expect(await page.evaluate(() => customElements.get('docent-feedback') === undefined)).toBe(true);
    expect(requested.filter((path) => path.includes('docent-feedback'))).toEqual([]);
    await expect(block.getByRole('heading')).toHaveCount(0);
    await page.mouse.wheel(0, await page.evaluate(() => document.documentElement.scrollHeight));
    await expect(block.getByRole('heading', { name: 'Was this page helpful?' })).toBeVisible();
    expect(requested).toContain('/docent/docent-feedback.css');
  });

  test('pages outside the docs get no block and never load its stylesheet', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/markdown-page');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('docent-feedback')).toHaveCount(0);
    expect(requested.filter((path) => path.includes('docent-feedback'))).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no axe violation in ${theme} mode, before and after "No"`, async ({ page }) => {
      await page.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
      const block = await openDoc(page, '/customization/styles');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      expect(await violations(page)).toEqual([]);
      await block.getByRole('button', { name: 'No' }).click();
      await expect(block.getByRole('textbox')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }
});
