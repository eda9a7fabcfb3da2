import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { PORTS } from '../../playwright.config';
import { waitForHydration as waitForPageHydration } from '../../../scripts/hydration.mjs';

export { expect };

export const ORIGINS = {
  site: `http://127.0.0.1:${PORTS.site}`,
  wrongBase: `http://127.0.0.1:${PORTS.wrongBase}`,
  e2eRoutes: `http://127.0.0.1:${PORTS.e2eRoutes}`,
  /** `docent serve` over the production build: the default configuration behind Docent's own server. */
  production: `http://127.0.0.1:${PORTS.production}`,
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

/** Waits until React has hydrated the page and rendered what only the browser renders (scripts/hydration.mjs). */
export const waitForHydration: (page: Page) => Promise<void> = waitForPageHydration;

/** Waits until the page is interactive and the navbar's search button is a Docent element, ready to open. */
export async function waitForAssistant(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForFunction(() => customElements.get('docent-search-button') !== undefined);
}

/** The navbar's Docent search button (the button inside the element's shadow root). */
export function searchButton(page: Page): Locator {
  return page.locator('nav.navbar docent-search-button').getByRole('button', { name: /^Search/ });
}

/** The assistant dialog, named by the site's header title. */
export function assistantDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Docent chatbot' });
}

/** Asks `question` on the open dialog's Ask AI tab and waits for the answer's first citation. */
export async function askAndWaitForAnswer(dialog: Locator, question: string): Promise<void> {
  await dialog.getByRole('tab', { name: 'Ask AI' }).click();
  const box = dialog.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  // Send is disabled while the assistant is busy; Enter would be ignored until then.
  await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await box.press('Enter');
  // The answer is in when its first citation is (the first question loads the answer code and the index); not the
  // live status, which a late search announcement can overwrite.
  const conversation = dialog.getByRole('group', { name: 'Conversation' });
  await expect(conversation.getByRole('link', { name: /^Source \d+:/ }).first()).toBeVisible({ timeout: 15_000 });
}

/** Navigates inside the single-page app by clicking the page's own link to `path`, as a reader would. */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.locator(`a[href="${path}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/.]/g, '\\$&')}$`));
}

const BUILT_SCRIPTS = join(__dirname, '..', '..', 'build', 'assets', 'js');

/** The URL path of the built chunk that holds the content of the doc with this id (e.g. "support"). */
export function contentChunkOf(docId: string): string {
  const marker = `JSON.parse('{"id":"${docId}",`;
  const file = readdirSync(BUILT_SCRIPTS).find((name) => readFileSync(join(BUILT_SCRIPTS, name), 'utf8').includes(marker));
  if (!file) throw new Error(`No built chunk holds the content of doc "${docId}": build the site first.`);
  return `/assets/js/${file}`;
}

/**
 * The page's "Was this page helpful?" block, drawn. Its code loads when it comes within a screen of the viewport,
 * so this scrolls to it, as a reader would, and waits for its heading.
 */
export async function showPageFeedback(page: Page): Promise<Locator> {
  const block = page.locator('docent-feedback');
  await block.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(block.getByRole('heading', { name: 'Was this page helpful?' })).toBeVisible();
  return block;
}

/**
 * Checks an answer's paragraphs: each ends with a citation link, and every citation link follows the end of a
 * sentence. Together: no sentence of the answer goes without its citation number.
 */
export async function expectEverySentenceCited(conversation: Locator): Promise<void> {
  const paragraphs = conversation.locator('p', { has: conversation.page().getByRole('link', { name: /^Source \d+:/ }) });
  expect(await paragraphs.count()).toBeGreaterThan(0);
  const problems = await paragraphs.evaluateAll((elements) =>
    elements.flatMap((paragraph) => {
      const nodes = Array.from(paragraph.childNodes).filter((node) => (node.textContent ?? '').trim() !== '');
      const isCitation = (node: ChildNode): boolean => {
        const link = node instanceof HTMLAnchorElement ? node : node instanceof HTMLElement ? node.querySelector('a') : null;
        return link !== null && /^Source \d+:/.test(link.getAttribute('aria-label') ?? '');
      };
      const found: string[] = [];
      if (!nodes.length || !isCitation(nodes[nodes.length - 1]!)) found.push(`uncited text at the end of "${paragraph.textContent}"`);
      nodes.forEach((node, at) => {
        if (!isCitation(node) || at === 0) return;
        const before = nodes[at - 1]!;
        if (!isCitation(before) && !/[.!?:)"'`\]]\s*$/.test(before.textContent ?? '')) found.push(`a citation in the middle of a sentence: "${before.textContent}"`);
      });
      return found;
    }),
  );
  expect(problems).toEqual([]);
}
