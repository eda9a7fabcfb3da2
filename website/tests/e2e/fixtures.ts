import { test as base, expect, type Page } from '@playwright/test';
import { PORTS } from '../../playwright.config';

export { expect };

export const ORIGINS = {
  site: `http://127.0.0.1:${PORTS.site}`,
  wrongBase: `http://127.0.0.1:${PORTS.wrongBase}`,
  e2eRoutes: `http://127.0.0.1:${PORTS.e2eRoutes}`,
} as const;

interface Fixtures {
  /** Console errors and uncaught exceptions seen by the page; tests that expect none assert on it. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

/** Waits until React has hydrated the page, so clicks reach its handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-has-hydrated'));
}

/** Navigates inside the single-page app by clicking the page's own link to `path`, as a reader would. */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.locator(`a[href="${path}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/.]/g, '\\$&')}$`));
}

/** The URLs of the JavaScript chunks a built page asks for in its HTML, besides those every page shares. */
export async function pageOwnChunks(page: Page, path: string): Promise<string[]> {
  const chunksOf = async (target: string) => {
    const html = await (await page.request.get(target)).text();
    return new Set([...html.matchAll(/(?:href|src)="(\/assets\/js\/[^"]+\.js)"/g)].map((match) => match[1] ?? ''));
  };
  const [own, home] = await Promise.all([chunksOf(path), chunksOf('/markdown-page')]);
  return [...own].filter((chunk) => !home.has(chunk));
}
