import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { openSettled, sitemapPaths } from './sitemap-pages';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One browser context per worker: about 130 page checks would otherwise pay for a fresh context each. */
const test = base.extend<object, { sharedContext: BrowserContext }>({
  sharedContext: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, userAgent, deviceScaleFactor, baseURL } = workerInfo.project.use;
      const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, baseURL });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/*
 * Every page of the sitemap, whole (no exclusions, no rule turned off), in both colour modes. The page-feedback
 * block under each doc is part of the page; the open assistant dialog has its own checks in
 * assistant-a11y.spec.ts and the feedback block's comment box in page-feedback.spec.ts.
 */
for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe (WCAG 2.1 A and AA) in ${theme} mode`, () => {
    for (const path of sitemapPaths()) {
      test(path, async ({ sharedContext }) => {
        const page = await sharedContext.newPage();
        try {
          await page.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
          await openSettled(page, path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          // Only violations in detail (collecting the passing nodes of 5,000-node API pages is slow); options() first, as
          // it replaces the rule selection withTags() makes.
          const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS).analyze();
          const found = results.violations.flatMap((violation) =>
            violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`),
          );
          expect(found).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  });
}

/*
 * What the API pages show before their scripts run: the server-rendered text of parameters and bodies
 * (src/components/ApiSchemaText) in place of the theme's parts, which mount later.
 */
test.describe('axe (WCAG 2.1 A and AA) on API pages before their scripts run', () => {
  for (const path of ['/api/send-message', '/api/add-source', '/api/list-sources']) {
    test(path, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL });
      try {
        const page = await context.newPage();
        // The site's scripts never load, so the page stays as the server rendered it; axe runs as a script of its own.
        await page.route(/\.js($|\?)/, (route) => route.abort());
        await page.goto(path);
        await expect(page.locator('[data-mount="pending"]').first()).toBeVisible();
        const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS).analyze();
        expect(results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
