import type { Locator, Page } from '@playwright/test';
import { assistantDialog, expect, searchButton, test, waitForAssistant } from './fixtures';

/*
 * With docusaurus-plugin-docent the widget takes the site's primary colour and fonts (the plugin's siteLook.css), in
 * both colour modes, while a `--docent-*` value the site sets, and an explicit `theme` attribute, still win.
 */

type Mode = 'light' | 'dark';

/** Opens the home page in `mode` (stored before the page loads, as the colour-mode switch stores it). */
async function openInMode(page: Page, mode: Mode): Promise<void> {
  await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
  await page.goto('/');
  await waitForAssistant(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

/** What the page's own CSS makes of `value` for `property`, read from a probe in the light DOM. */
function resolved(page: Page, property: 'color' | 'font-family', value: string): Promise<string> {
  return page.evaluate(
    ([name, css]) => {
      const probe = document.createElement('span');
      probe.style.setProperty(name, css);
      document.body.append(probe);
      const result = getComputedStyle(probe).getPropertyValue(name);
      probe.remove();
      return result;
    },
    [property, value] as const,
  );
}

/** Opens the dialog on the Ask AI tab with a question typed, so the Send button shows in the accent colour. */
async function openWithQuestion(page: Page): Promise<Locator> {
  await searchButton(page).click();
  const dialog = assistantDialog(page);
  await dialog.getByRole('tab', { name: 'Ask AI' }).click();
  await dialog.getByRole('textbox', { name: 'Your question' }).fill('How do I enable dark mode?');
  const send = dialog.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeEnabled();
  return send;
}

function colorsOf(element: Locator): Promise<{ background: string; text: string }> {
  return element.evaluate((node) => ({ background: getComputedStyle(node).backgroundColor, text: getComputedStyle(node).color }));
}

for (const mode of ['light', 'dark'] as const) {
  test(`in ${mode} mode the dialog takes the site's primary colour, its text colour on primary buttons, and its fonts`, async ({ page }) => {
    await openInMode(page, mode);
    const send = await openWithQuestion(page);
    const primary = await resolved(page, 'color', 'var(--ifm-color-primary)');
    const onPrimary = await resolved(page, 'color', 'var(--ifm-font-color-base-inverse)');
    expect(await colorsOf(send)).toEqual({ background: primary, text: onPrimary });
    const dialog = assistantDialog(page);
    // The chosen tab's underline (its text colour changes while the pointer is over it).
    await expect(dialog.getByRole('tab', { name: 'Ask AI' })).toHaveCSS('border-bottom-color', primary);

    const fonts = await dialog.evaluate((node) => {
      const root = node.closest('.docent-root') ?? node;
      return { base: getComputedStyle(node).fontFamily, mono: getComputedStyle(root).getPropertyValue('--_docent-font-family-mono') };
    });
    expect(fonts.base).toBe(await resolved(page, 'font-family', 'var(--ifm-font-family-base)'));
    // No code shows before an answer: compare the widget's own monospace property with the site's.
    expect(fonts.mono.trim()).toBe(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ifm-font-family-monospace').trim()));
  });
}

test("a --docent-* value the site sets wins over the site's primary colour, in light and in dark mode", async ({ page }) => {
  await openInMode(page, 'light');
  // A rule in a stylesheet, as a site's custom.css would have it (not an inline style, which would win anyway).
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(":root { --docent-color-primary: rgb(10, 90, 60); } [data-theme='dark'] { --docent-color-primary: rgb(120, 220, 180); }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  const send = await openWithQuestion(page);
  await expect(send).toHaveCSS('background-color', 'rgb(10, 90, 60)');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expect(send).toHaveCSS('background-color', 'rgb(120, 220, 180)');
});

test("an element whose theme attribute fixes the other scheme keeps the widget's own colours, not the page's primary", async ({ page }) => {
  await openInMode(page, 'light');
  await page.locator('nav.navbar docent-search-button').evaluate((element) => element.setAttribute('theme', 'dark'));
  const send = await openWithQuestion(page);
  // The widget's dark defaults (docent.css): the site's light primary would be too dark on the dark dialog.
  expect(await colorsOf(send)).toEqual({ background: 'rgb(143, 176, 255)', text: 'rgb(11, 16, 32)' });
});
