// The "package installs" phase of npm test: the packages' tarballs checked with publint and attw, installed in a fresh
// Docusaurus site and in a plain HTML site, built and checked in Chromium (tests/integration/package-installs.test.mjs).
// Run alone: `node scripts/package-installs.mjs`; it builds the packages first and ends with "N passed, N failed"
// like npm test.
import { pathToFileURL } from 'node:url';
import { buildPackages } from './build.mjs';
import { ensureBrowser, ensureDependencies } from './lib.mjs';
import { createTally, runNodeTests } from './node-tests.mjs';

export const PACKAGE_INSTALL_TESTS = ['tests/integration/package-installs.test.mjs'];

/** Runs the phase over the packages as last built and calls `record(suite, passed, failed, ms, failures)`. */
export async function testPackageInstalls(record, chromiumPath) {
  const result = await runNodeTests(PACKAGE_INSTALL_TESTS, { tsx: false, env: { CHROMIUM_PATH: chromiumPath ?? '' } });
  record('package installs', result.passed, result.failed, result.ms, result.failures);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ensureDependencies();
  const chromiumPath = await ensureBrowser();
  await buildPackages();
  const tally = createTally();
  await testPackageInstalls(tally.record, chromiumPath);
  tally.summary();
  process.exit(tally.totals.failed === 0 ? 0 : 1);
}
