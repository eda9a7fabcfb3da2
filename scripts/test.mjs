// npm test: install what is missing (a browser included), build the site, run every suite,
// and end with one line "N passed, N failed" summing all of them.
import { readdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { buildPackages, buildSite } from './build.mjs';
import { postgresUnavailable } from './postgres.mjs';
import { ensureBrowser, ensureDependencies, ensurePostgres, run, seconds, WEBSITE } from './lib.mjs';
import { createTally, packageTestFiles, runNodeTests } from './node-tests.mjs';
import { testNodeVersions } from './node-versions.mjs';
import { testPackageInstalls } from './package-installs.mjs';

const { record, note, summary, totals } = createTally();

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

/** Runs node's test runner over files (TypeScript through tsx unless `tsx` is false) and records its counts. */
async function nodeTests(suite, files, env = {}, { tsx = true } = {}) {
  const { passed, failed, failures, ms } = await runNodeTests(files, { env, tsx });
  record(suite, passed, failed, ms, failures);
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
  let failures = [];
  try {
    const json = JSON.parse(await readFile(report, 'utf8'));
    stats = json.stats;
    failures = playwrightFailures(json.suites);
  } catch {
    stats.unexpected = 1;
  }
  const failed = stats.unexpected + stats.flaky || (code === 0 ? 0 : 1);
  record('end-to-end (Chromium)', stats.expected, failed, Date.now() - started, failures);
}

/** The tests of a Playwright JSON report that failed or passed only on a retry, as "file › suite › test". */
function playwrightFailures(suites, path = []) {
  return suites.flatMap((suite) => {
    const inner = [...path, suite.title];
    const failing = (suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected' || test.status === 'flaky'))
      .map((spec) => [...inner, spec.title].join(' › '));
    return [...failing, ...playwrightFailures(suite.suites ?? [], inner)];
  });
}

async function lintOpenApi() {
  const started = Date.now();
  const code = await run('npx', ['redocly', 'lint', '--format', 'stylish', '../packages/server/openapi.yaml'], { cwd: WEBSITE });
  record('OpenAPI lint', code === 0 ? 1 : 0, code === 0 ? 0 : 1, Date.now() - started);
}

await ensureDependencies();
const chromiumPath = await ensureBrowser();
await ensurePostgres();

await lintOpenApi();
await nodeTests('test harness', ['scripts/node-tests.test.mjs'], {}, { tsx: false });

note(`packages build: ${seconds(await buildPackages())}`);
// The packages' own tests need their builds (a package imports another's), not the site's: they run first.
await nodeTests('unit', packageTestFiles());
// The engine's and the server's unit tests again on the other tested Node.js versions, and engines against the tree.
await testNodeVersions(record, note);
// The packages' tarballs in a fresh Docusaurus site and a plain HTML site, as a user installs them.
await testPackageInstalls(record, chromiumPath);

const noPostgres = postgresUnavailable();
if (noPostgres) note(`API on PostgreSQL: skipped, ${noPostgres}`);
else await nodeTests('API on PostgreSQL', POSTGRES_API_TESTS, { DOCENT_TEST_STORE: 'postgres' });
await nodeTests('docs', siteTestFiles('docs'));

note(`production build: ${seconds(await buildSite({ packages: false }))}`);
note(`test-routes build: ${seconds(await buildSite({ outDir: 'build-e2e', env: { DOCENT_E2E_ROUTES: '1' }, packages: false }))}`);

await nodeTests('build output', siteTestFiles('build').filter((file) => file !== BUILD_FAILURES));
await nodeTests('build failures', [BUILD_FAILURES]);
await playwright(chromiumPath);
await nodeTests('Lighthouse (Chromium)', ['website/tests/lighthouse/lighthouse.test.mjs'], { CHROMIUM_PATH: chromiumPath ?? '' }, { tsx: false });

summary();
process.exit(totals.failed === 0 ? 0 : 1);
