/**
 * Lighthouse on the key pages, mobile and desktop, the median of 5 runs (after one warm-up run), over the production build served by
 * `docent serve` (as `npm start` serves it). Performance must score 98 on mobile and 100 on desktop; accessibility,
 * best practices and SEO 100 everywhere. A failure names the audits that cost points; `npm run bench` prints the
 * same table.
 * Plain JavaScript run without tsx: Lighthouse sends some of its functions to the page as source text, and tsx's
 * transform would add helpers (`__name`) the page does not have.
 */
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, describe, test } from 'node:test';
import { KEY_PAGES } from '../../../scripts/lib.mjs';
import { CATEGORIES, minimumScore, PRESETS, printLighthouseTable, runLighthouse, serveSite } from '../../../scripts/lighthouse.mjs';

const SITE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build');
const PORT = 4193 + Number(process.env.DOCENT_PORT_OFFSET ?? 0);
/** @type {Array<{ path: string, preset: string, scores: Record<string, number>, lost: Record<string, string[]> }>} */
let rows = [];

describe('Lighthouse', () => {
  before(async () => {
    const site = await serveSite({ siteDir: SITE, port: PORT });
    try {
      // The Chromium scripts/test.mjs found (CHROMIUM_PATH; empty for Playwright's own).
      rows = await runLighthouse({ origin: site.origin, chromePath: process.env.CHROMIUM_PATH });
    } finally {
      await site.stop();
    }
    printLighthouseTable(rows);
  });

  for (const path of KEY_PAGES) {
    for (const preset of PRESETS) {
      for (const category of CATEGORIES) {
        test(`${path} (${preset}) scores ${minimumScore(preset, category)} or more in ${category}`, () => {
          const row = rows.find((candidate) => candidate.path === path && candidate.preset === preset);
          assert.ok(row, `no Lighthouse result for ${path} (${preset})`);
          const score = row.scores[category] ?? 0;
          const bar = minimumScore(preset, category);
          assert.ok(score >= bar, `${path} (${preset}) ${category}: ${score} < ${bar}. Audits that cost points: ${row.lost[category]?.join('; ')}`);
        });
      }
    }
  }
});
