import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureFirstLoad } from '../../../scripts/page-weight.mjs';
import { expect, ORIGINS, test } from './fixtures';

/**
 * The page-weight budget: the gzip JavaScript and CSS a first visit to each key page runs (files it only prefetches
 * for the next page are not counted; `npm run bench` lists them). A change that adds more than SLACK to a page
 * fails here; a change that saves more than SLACK fails too, until the budget records the saving, so the budget
 * stays a measurement and not a ceiling nobody reaches.
 */
const BUDGET_FILE = join(__dirname, 'page-weight-budget.json');
const BUILD = join(__dirname, '..', '..', 'build');
const SLACK = 5 * 1024;

interface Budget {
  readonly pages: Record<string, number>;
}

interface MeasuredFile {
  readonly file: string;
  readonly gzip: number;
}

const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as Budget;
const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

test.describe('page weight', () => {
  for (const [path, allowed] of Object.entries(budget.pages)) {
    test(`${path} runs at most its budget of JavaScript and CSS (${kib(allowed)} gzip, ± ${kib(SLACK)})`, async ({ browser }) => {
      const { used, totals } = (await measureFirstLoad(browser, `${ORIGINS.site}${path}`, BUILD)) as {
        used: MeasuredFile[];
        totals: { js: number; css: number };
      };
      const total = totals.js + totals.css;
      const files = used.map(({ file, gzip }) => `${kib(gzip)} ${file}`).join('\n  ');
      const summary = `${path}: ${kib(total)} gzip (JS ${kib(totals.js)}, CSS ${kib(totals.css)}) against a budget of ${kib(allowed)}:\n  ${files}`;
      expect(total, `${summary}\nThe page grew by more than ${kib(SLACK)}: find what it now loads, or raise its budget in page-weight-budget.json with a reason in the commit.`).toBeLessThanOrEqual(allowed + SLACK);
      expect(total, `${summary}\nThe page is more than ${kib(SLACK)} lighter: record the saving by setting its budget in page-weight-budget.json to ${total}.`).toBeGreaterThanOrEqual(allowed - SLACK);
    });
  }
});
