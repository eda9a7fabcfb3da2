// Lighthouse over the built site, served the way `npm start` serves it (`docent serve`: compression, headers,
// the API), in Debian's Chromium. Shared by `npm run bench` (prints the table) and the test suite (fails below
// the bar, naming the audits that cost points). Each page and preset runs RUNS times; the median run counts.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_ARGS } from './browser.mjs';
import { KEY_PAGES, ROOT, WEBSITE } from './lib.mjs';

/** The Chromium Playwright installed: where ensureBrowser (lib.mjs) found no system one. */
function playwrightChromium() {
  return createRequire(join(WEBSITE, 'package.json'))('@playwright/test').chromium.executablePath();
}
export const PRESETS = ['mobile', 'desktop'];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// Five, not three: on two cores a single run's total blocking time varies from about 80 to 350 ms for the same
// page and server, and the median of three still crossed the mobile bar either way from one run to the next.
export const RUNS = 5;

/** The bar, in points out of 100: performance 98 on mobile and 100 on desktop, 100 for everything else. */
export function minimumScore(preset, category) {
  return category === 'performance' && preset === 'mobile' ? 98 : 100;
}

/** Starts `docent serve` over a built site on 127.0.0.1 and resolves once it answers. */
export async function serveSite({ siteDir, port }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'docent-lighthouse-'));
  const child = spawn(
    process.execPath,
    [join(ROOT, 'packages/server/bin/docent.js'), 'serve', '--site', siteDir, '--project', 'docent-docs', '--port', String(port), '--host', '127.0.0.1', '--db', join(dataDir, 'docent.db')],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`docent serve exited with code ${child.exitCode} before it answered on ${origin}`);
    try {
      if ((await fetch(`${origin}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`docent serve did not answer on ${origin} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a run cost, audit by audit: every scored audit below 1 in a category, with its weight. */
function lostPoints(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit.score !== null && audit.score < 1)
    .map(({ ref, audit }) => `${audit.id} (${audit.displayValue || `score ${audit.score}`}, weight ${ref.weight})`);
}

/**
 * Runs Lighthouse RUNS times on each page with each preset and returns one row per page and preset: the median
 * run's scores (0–100) and, per category below 100, the audits that cost points. `chromePath` is what
 * ensureBrowser returned (undefined or empty: Playwright's Chromium).
 */
/** CPU time spent idle since boot and in total, from /proc/stat (Linux); null elsewhere. */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) };
  } catch {
    return null;
  }
}

/**
 * Waits, up to 60 s, until the machine has been at least 90 % idle for a second: the suites before this one (a
 * browser test run, builds) leave work behind for a while, and simulated throttling multiplies every millisecond of
 * it into blocking time.
 */
async function quietMachine() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuTimes();
    if (!before || !after) return;
    const total = after.total - before.total;
    if (total > 0 && (after.idle - before.idle) / total >= 0.9) return;
  }
}

export async function runLighthouse({ origin, pages = KEY_PAGES, presets = PRESETS, runs = RUNS, chromePath, log = () => {} }) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath || playwrightChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, '--disable-sync', '--disable-quic'],
  });
  const rows = [];
  try {
    for (const path of pages) {
      for (const preset of presets) {
        const results = [];
        await quietMachine();
        // One run first that does not count: it fills the server's cache of compressed files and the browser's
        // code cache, which a real visitor meets warm (the first of several runs took up to twice the blocking time).
        for (let run = -1; run < runs; run += 1) {
          const config = preset === 'desktop' ? desktopConfig : undefined;
          const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
          const result = await lighthouse(`${origin}${path}`, flags, config);
          if (run < 0) continue;
          if (!result || result.lhr.runtimeError) {
            throw new Error(`Lighthouse could not audit ${path} (${preset}): ${result?.lhr.runtimeError?.message ?? 'no result'}`);
          }
          results.push(result.lhr);
        }
        const median = computeMedianRun(results);
        const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round(median.categories[category].score * 100)]));
        const lost = Object.fromEntries(CATEGORIES.map((category) => [category, lostPoints(median, category)]));
        const metrics = {
          fcp: median.audits['first-contentful-paint'].numericValue,
          lcp: median.audits['largest-contentful-paint'].numericValue,
          tbt: median.audits['total-blocking-time'].numericValue,
          cls: median.audits['cumulative-layout-shift'].numericValue,
        };
        const row = { path, preset, scores, lost, metrics };
        log(row);
        rows.push(row);
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

/** Prints the rows as a Markdown table, with the metrics of the median run. */
export function printLighthouseTable(rows) {
  console.log('| page | preset | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const { path, preset, scores, metrics } of rows) {
    const cells = CATEGORIES.map((category) => {
      const bar = minimumScore(preset, category);
      return scores[category] >= bar ? `${scores[category]}` : `**${scores[category]}** (< ${bar})`;
    });
    const ms = (value) => `${Math.round(value)} ms`;
    console.log(`| ${path} | ${preset} | ${cells.join(' | ')} | ${ms(metrics.fcp)} | ${ms(metrics.lcp)} | ${ms(metrics.tbt)} | ${metrics.cls.toFixed(3)} |`);
  }
}
