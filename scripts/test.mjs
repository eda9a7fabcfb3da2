// npm test: install what is missing (a browser included), build the site, run every suite,
// and end with one line "N passed, N failed" summing all of them.
import { existsSync, readdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildSite } from './build.mjs';
import { postgresUnavailable } from './postgres.mjs';
import { ensureBrowser, ensureDependencies, ensurePostgres, ROOT, run, seconds, WEBSITE } from './lib.mjs';

const totals = { passed: 0, failed: 0 };

/** Every package's unit tests: packages/<name>/test/*.test.ts. */
function unitTestFiles() {
  const packages = join(ROOT, 'packages');
  return readdirSync(packages).flatMap((name) => {
    const folder = join(packages, name, 'test');
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => join('packages', name, 'test', file));
  });
}
/**
 * The server's API tests that touch storage, run once more with every app on a real PostgreSQL
 * (DOCENT_TEST_STORE=postgres; test/helpers/postgresApps.ts). The store contract and the several-servers tests run
 * on PostgreSQL in the unit suite already; the other files read SQLite rows or files and stay on SQLite.
 */
const POSTGRES_API_TESTS = ['access', 'sources', 'schedule', 'mcp', 'custom-gpt-action', 'rateLimit', 'nul'].map((name) => join('packages', 'server', 'test', `${name}.test.ts`));

/** The `*.test.ts` files of one of the site's test folders: `docs` (no build needed) or `build`. */
function siteTestFiles(folder) {
  return readdirSync(join(WEBSITE, 'tests', folder))
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join('website', 'tests', folder, file));
}
/** Builds the site with a broken configuration each: slower, and reported on their own. */
const BUILD_FAILURES = 'website/tests/build/build-failures.test.ts';

const timings = [];

function record(suite, passed, failed, ms) {
  totals.passed += passed;
  totals.failed += failed;
  timings.push(`${suite}: ${passed} passed, ${failed} failed in ${seconds(ms)}`);
}

/** Runs node's test runner over files (TypeScript through tsx unless `tsx` is false); counts come from its TAP summary. */
function nodeTests(suite, files, env = {}, { tsx = true } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('node', [...(tsx ? ['--import', 'tsx'] : []), '--test', '--test-reporter=tap', '--test-concurrency=1', ...files], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('exit', (code) => {
      const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
      const failed = count('fail') + count('cancelled');
      record(suite, count('pass'), failed || (code === 0 ? 0 : 1), Date.now() - started);
      resolve();
    });
  });
}

async function playwright(chromiumPath) {
  const started = Date.now();
  const report = join(WEBSITE, 'test-results', 'e2e.json');
  await rm(report, { force: true });
  const code = await run('npx', ['playwright', 'test'], {
    cwd: WEBSITE,
    env: { ...process.env, CHROMIUM_PATH: chromiumPath ?? '' },
  });
  let stats = { expected: 0, unexpected: 0, flaky: 0 };
  try {
    stats = JSON.parse(await readFile(report, 'utf8')).stats;
  } catch {
    stats.unexpected = 1;
  }
  const failed = stats.unexpected + stats.flaky || (code === 0 ? 0 : 1);
  record('end-to-end (Chromium)', stats.expected, failed, Date.now() - started);
}

async function lintOpenApi() {
  const started = Date.now();
  const code = await run('npx', ['redocly', 'lint', '--format', 'stylish', '../packages/server/openapi.yaml'], { cwd: WEBSITE });
  record('OpenAPI lint', code === 0 ? 1 : 0, code === 0 ? 0 : 1, Date.now() - started);
}

const started = Date.now();
await ensureDependencies();
const chromiumPath = await ensureBrowser();
await ensurePostgres();

await lintOpenApi();

const buildTime = await buildSite();
timings.push(`production build: ${seconds(buildTime)}`);
const e2eBuildTime = await buildSite({ outDir: 'build-e2e', env: { DOCENT_E2E_ROUTES: '1' }, packages: false });
timings.push(`test-routes build: ${seconds(e2eBuildTime)}`);

// After the builds, so the engine's tests over the real built site run too.
await nodeTests('unit', unitTestFiles());
const noPostgres = postgresUnavailable();
if (noPostgres) timings.push(`API on PostgreSQL: skipped, ${noPostgres}`);
else await nodeTests('API on PostgreSQL', POSTGRES_API_TESTS, { DOCENT_TEST_STORE: 'postgres' });
await nodeTests('docs', siteTestFiles('docs'));

await nodeTests('build output', siteTestFiles('build').filter((file) => file !== BUILD_FAILURES));
await nodeTests('build failures', [BUILD_FAILURES]);
await playwright(chromiumPath);
await nodeTests('Lighthouse (Chromium)', ['website/tests/lighthouse/lighthouse.test.mjs'], { CHROMIUM_PATH: chromiumPath ?? '' }, { tsx: false });

console.log('');
for (const line of timings) console.log(`  ${line}`);
console.log(`  total: ${seconds(Date.now() - started)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
