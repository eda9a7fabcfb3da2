import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

const toggle = 'button[aria-label^="Switch between dark and light mode"]';

/** The colours of src/prismThemes.ts, as the browser reports them. */
const FUNCTION_COLOUR = { light: 'rgb(102, 57, 186)', dark: 'rgb(210, 168, 255)' };
const BACKGROUND = { light: 'rgb(246, 248, 250)', dark: 'rgb(27, 31, 42)' };

test.describe('code blocks', () => {
  test('are highlighted in both colour modes, and switch with the mode', async ({ page, consoleErrors }) => {
    await page.goto('/installation/docusaurus');
    await waitForHydration(page);
    const npm = page.locator('.theme-code-block .token.function', { hasText: 'npm' }).first();
    const block = page.locator('.theme-code-block pre').first();
    await expect(npm).toHaveCSS('color', FUNCTION_COLOUR.light);
    await expect(block).toHaveCSS('background-color', BACKGROUND.light);
    await page.click(toggle);
    await expect(npm).toHaveCSS('color', FUNCTION_COLOUR.dark);
    await expect(block).toHaveCSS('background-color', BACKGROUND.dark);
    // A doc comment's tag keeps the comment's italics and takes the keyword colour, as Prism's renderer does.
    await expect(page.locator('.token.comment.keyword', { hasText: '@type' }).first()).toHaveCSS('font-style', 'italic');
    expect(consoleErrors).toEqual([]);
  });

  test('keep their title, line highlighting and copy button, and copy the code without highlight comments', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/installation/vue');
    await waitForHydration(page);
    const block = page.locator('.theme-code-block', { hasText: 'vite.config' }).first();
    await expect(block.locator('[class*="codeBlockTitle"]')).toHaveText('vite.config.ts');
    await expect(block.locator('.theme-code-block-highlighted-line')).toHaveText("isCustomElement: (tag) => tag.startsWith('docent-'),");
    await block.hover();
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("isCustomElement: (tag) => tag.startsWith('docent-'),");
    expect(copied).not.toContain('highlight-next-line');
  });

  test('offer word wrap where a line is wider than the block, also in a tab shown later, and wrap and unwrap', async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/installation/docusaurus');
    await waitForHydration(page);
    const titled = (title: string) => page.locator('.theme-code-block').filter({ has: page.locator('[class*="codeBlockTitle"]', { hasText: new RegExp(`^${title}$`) }) });
    const typescript = titled('docusaurus\\.config\\.ts').first();
    const short = titled('docs/internal-notes\\.md');
    const javascript = titled('docusaurus\\.config\\.js');
    const wrapButton = { name: 'Toggle word wrap' };
    const scrolls = (): Promise<boolean> => typescript.locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth);
    await expect(typescript.getByRole('button', wrapButton)).toHaveCount(1);
    await expect(short.getByRole('button', wrapButton)).toHaveCount(0);
    expect(await scrolls()).toBe(true);
    await typescript.getByRole('button', wrapButton).click();
    await expect(typescript.locator('code')).toHaveCSS('white-space', 'pre-wrap');
    await expect.poll(scrolls).toBe(false);
    // Wrapped, the block keeps its button, to unwrap.
    await typescript.getByRole('button', wrapButton).click();
    await expect.poll(scrolls).toBe(true);
    // A block in a hidden tab has no width to measure; it gets its button once its tab shows.
    await expect(javascript.getByRole('button', wrapButton)).toHaveCount(0);
    await page.getByRole('tab', { name: 'JavaScript' }).click();
    await expect(javascript.getByRole('button', wrapButton)).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });

  test('come highlighted in the page: opening a doc page runs no syntax highlighter', async ({ page }) => {
    const scripts = loadedScripts(page);
    await page.goto('/installation/docusaurus');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await scriptsWithPrism(scripts), 'scripts holding Prism grammars').toBe(0);
  });

  test('made in the browser (API samples) are coloured when the reader shows them, not with the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts = loadedScripts(page);
    await page.goto('/api/send-message');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await scriptsWithPrism(scripts), 'scripts holding Prism grammars before a sample shows').toBe(0);
    await page.getByRole('tab', { name: 'Example (auto)' }).first().click();
    const sample = page.locator('pre.prism-code.language-json').locator('visible=true').first();
    await expect(sample.locator('.token.property').first()).toBeVisible();
    expect(await scriptsWithPrism(scripts)).toBeGreaterThan(0);
  });
});

/** The text of every script the page loads from now on. */
function loadedScripts(page: Page): Promise<string>[] {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    // A response still arriving when the test ends reads as empty.
    if (response.url().endsWith('.js')) scripts.push(response.text().catch(() => ''));
  });
  return scripts;
}

/** How many of those scripts hold Prism's grammars: names only they use, bash's shebang and JavaScript's template strings. */
async function scriptsWithPrism(scripts: Promise<string>[]): Promise<number> {
  return (await Promise.all(scripts)).filter((script) => script.includes('shebang') || script.includes('template-string')).length;
}

test.describe('API request explorer', () => {
  test('on a phone, loads when the reader scrolls near it, not with the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/api/send-message');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const send = page.getByRole('button', { name: 'Send API Request' });
    await expect(page.locator('[data-api-explorer="waiting"]')).toBeAttached();
    await expect(send).toHaveCount(0);
    await page.locator('[data-api-explorer]').scrollIntoViewIfNeeded();
    await expect(send).toBeVisible({ timeout: 15_000 });
  });
});
