import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, showPageFeedback, waitForAssistant } from './fixtures';

const BUILT_SITEMAP = join(__dirname, '..', '..', 'build', 'sitemap.xml');

/**
 * The path of every page the production build's sitemap lists, read once when a spec loads, so each page gets its
 * own test. The sitemap names the site's production origin; the suite serves the same paths locally.
 */
export function sitemapPaths(): string[] {
  if (!existsSync(BUILT_SITEMAP)) throw new Error(`No ${BUILT_SITEMAP}: build the site first (npm run build).`);
  const xml = readFileSync(BUILT_SITEMAP, 'utf8');
  const paths = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map(([, loc = '']) => new URL(loc).pathname);
  if (paths.length === 0) throw new Error(`${BUILT_SITEMAP} lists no page.`);
  return paths.sort();
}

/** Doc pages end with the page-feedback block; the built HTML already holds its element. */
export function hasPageFeedback(path: string): boolean {
  const file = join(__dirname, '..', '..', 'build', path === '/' ? 'index.html' : `${path.slice(1)}.html`);
  return readFileSync(file, 'utf8').includes('<docent-feedback');
}

/**
 * Opens a page and waits until it is complete as a reader sees it: hydrated, the navbar's search button defined and,
 * on doc pages, the feedback block and, on API pages, the request explorer rendered.
 */
export async function openSettled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForAssistant(page);
  // API pages draw their request explorer in the browser, in place of loading skeletons, once its place comes near
  // the viewport (on a phone it follows the text): scroll there as a reader would, then back to the top.
  const waiting = page.locator('[data-api-explorer="waiting"]');
  if ((await waiting.count()) > 0) {
    await waiting.first().scrollIntoViewIfNeeded();
    await expect(waiting).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await expect(page.locator('.openapi-skeleton, [data-mount="pending"]')).toHaveCount(0, { timeout: 15_000 });
  // The feedback block at the foot of a doc loads its code as it nears the viewport: the same, then back up.
  if (hasPageFeedback(path)) {
    await showPageFeedback(page);
    await page.evaluate(() => window.scrollTo(0, 0));
  }
}
