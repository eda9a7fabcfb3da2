import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hasPageFeedback, openSettled, sitemapPaths } from './sitemap-pages';

const PATHS = sitemapPaths();

/** What a page shows with JavaScript off that a reader would miss, as readable lines; none when all is there. */
async function problemsWithoutScript(page: Page, path: string): Promise<string[]> {
  const response = await page.goto(path);
  const problems: string[] = [];
  if (response?.status() !== 200) problems.push(`answers ${response?.status()}`);
  const shown = await page.evaluate(() => {
    const visible = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const links = (selector: string) =>
      Array.from(document.querySelectorAll<HTMLAnchorElement>(`${selector} a[href]`)).filter((link) => visible(link) && link.getAttribute('href')?.startsWith('/')).length;
    const main = document.querySelector('main');
    return {
      heading: Array.from(document.querySelectorAll('h1')).filter(visible).map((h1) => h1.textContent?.trim() ?? ''),
      text: main && visible(main) ? (main as HTMLElement).innerText.replace(/\s+/g, ' ').trim().length : 0,
      navbarLinks: links('nav.navbar'),
      sidebarLinks: links('.theme-doc-sidebar-container'),
      hiddenTabPanels: Array.from(document.querySelectorAll('[role="tabpanel"]')).filter((panel) => !visible(panel)).length,
    };
  });
  if (shown.heading.length !== 1 || !shown.heading[0]) problems.push(`shows ${shown.heading.length} h1 (${shown.heading.join(', ')})`);
  if (shown.text < 200) problems.push(`shows only ${shown.text} characters of content`);
  if (shown.navbarLinks < 1) problems.push('has no navbar link');
  if (hasPageFeedback(path) && shown.sidebarLinks < 5) problems.push(`has ${shown.sidebarLinks} sidebar links`);
  if (shown.hiddenTabPanels > 0) problems.push(`hides ${shown.hiddenTabPanels} tab panels no one can open`);
  return problems.map((problem) => `${path} ${problem}`);
}

test('with JavaScript off every sitemap page shows its title, content and links', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const problems: string[] = [];
  for (const path of PATHS) problems.push(...(await problemsWithoutScript(page, path)));
  await context.close();
  expect(problems).toEqual([]);
});

test('with JavaScript off the sidebar and pagination links lead to their pages', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/customization/styles');
  await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
  await page.locator('.pagination-nav__link--prev').click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Support');
  await context.close();
});

/*
 * Every sitemap page loaded as a reader loads it on a phone: nothing scrolls sideways, and the console stays clean
 * (no error, no warning, no uncaught exception, no failed request). Four batches, so two workers share them.
 */
const BATCHES = 4;
for (let batch = 0; batch < BATCHES; batch += 1) {
  const paths = PATHS.filter((_, index) => index % BATCHES === batch);
  test(`at 375 px no page scrolls sideways or logs to the console (pages ${batch + 1} of every ${BATCHES})`, async ({ page }) => {
    test.setTimeout(30_000 + paths.length * 8_000);
    await page.setViewportSize({ width: 375, height: 740 });
    let current = '';
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${current} logs ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${current} throws: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${current} gets ${response.status()} for ${response.url()}`);
    });
    for (const path of paths) {
      current = path;
      await openSettled(page, path);
      const width = await page.evaluate(() => ({ scroll: document.scrollingElement?.scrollWidth ?? 0, viewport: window.innerWidth }));
      if (width.scroll > width.viewport) {
        const widest = await page.evaluate(() => {
          const limit = window.innerWidth;
          const over = Array.from(document.querySelectorAll<HTMLElement>('main *')).filter((element) => element.getBoundingClientRect().right > limit + 1);
          // The innermost elements that stick out name the culprit best.
          return over.filter((element) => !over.some((other) => other !== element && element.contains(other))).slice(0, 3).map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
        });
        problems.push(`${path} is ${width.scroll} px wide at ${width.viewport} px (${widest.join(', ')})`);
      }
    }
    expect(problems).toEqual([]);
  });
}
