// Builds everything the site needs, then the site itself into website/build.
// Usage: node scripts/build.mjs [--out-dir DIR]   (DOCENT_E2E_ROUTES=1 adds the test-only routes)
// `packages: false` reuses the packages a previous call built.
import { ensureDependencies, mustRun, seconds, WEBSITE } from './lib.mjs';

/** The packages the site is built with, in dependency order. */
export const PACKAGES = ['@docent/contract', '@docent/engine', '@docent/widget', 'docusaurus-plugin-docent', '@docent/server'];

/** Builds the packages (their `build` scripts), in dependency order; returns the time taken. */
export async function buildPackages() {
  const started = Date.now();
  for (const workspace of PACKAGES) {
    await mustRun('npm', ['run', 'build', '--workspace', workspace, '--silent']);
  }
  return Date.now() - started;
}

export async function buildSite({ outDir = 'build', env = {}, packages = true } = {}) {
  const started = Date.now();
  if (packages) await buildPackages();
  await mustRun('npx', ['docusaurus', 'clean-api-docs', 'all'], { cwd: WEBSITE, stdio: 'ignore' });
  await mustRun('npx', ['docusaurus', 'gen-api-docs', 'all'], { cwd: WEBSITE });
  await mustRun('npx', ['docusaurus', 'build', '--out-dir', outDir], {
    cwd: WEBSITE,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', ...env },
  });
  const elapsed = Date.now() - started;
  console.log(`› built website/${outDir} in ${seconds(elapsed)}`);
  return elapsed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outIndex = process.argv.indexOf('--out-dir');
  await ensureDependencies();
  await buildSite({ outDir: outIndex > 0 ? process.argv[outIndex + 1] : 'build' });
}
