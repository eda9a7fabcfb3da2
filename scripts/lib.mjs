// Shared steps of the root scripts: install what is missing, run commands, find a browser.
// Only Node built-ins here: these run before `npm install` has.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WEBSITE = join(ROOT, 'website');
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** The key pages: the bench measures them, Lighthouse scores them. */
export const KEY_PAGES = ['/', '/installation/docusaurus', '/customization/layout', '/api/send-message', '/category/installation'];

const INSTALL_STAMP = join(ROOT, 'node_modules', '.docent-install-stamp');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and throws when it fails, naming the command. */
export async function mustRun(command, args, options = {}) {
  const code = await run(command, args, options);
  if (code !== 0) throw new Error(`"${command} ${args.join(' ')}" failed with exit code ${code}`);
}

function manifestHash() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json', 'website/package.json', 'packages/docusaurus-plugin/package.json']) {
    const path = join(ROOT, file);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  return hash.digest('hex');
}

/** Installs npm dependencies when node_modules is missing or the manifests changed since the last install. */
export async function ensureDependencies() {
  const wanted = manifestHash();
  if (existsSync(INSTALL_STAMP) && readFileSync(INSTALL_STAMP, 'utf8') === wanted) return;
  const hasLock = existsSync(join(ROOT, 'package-lock.json'));
  console.log(hasLock ? '› npm ci (dependencies missing or changed)' : '› npm install');
  await mustRun('npm', [hasLock ? 'ci' : 'install', '--no-audit', '--no-fund']);
  writeFileSync(INSTALL_STAMP, manifestHash());
}

function canRun(executable) {
  return existsSync(executable) && spawnSync(executable, ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Makes sure a Chromium is available and returns its path (or undefined for Playwright's own build).
 * Prefers Debian's chromium; as root it installs it; otherwise it falls back to Playwright's download.
 */
export async function ensureBrowser() {
  if (process.env.CHROMIUM_PATH && canRun(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (canRun(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('› apt-get install chromium');
    await mustRun('apt-get', ['update', '-qq']);
    await mustRun('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (canRun(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  }
  console.log('› npx playwright install chromium (no Debian chromium and no root)');
  await mustRun('npx', ['playwright', 'install', 'chromium'], { cwd: WEBSITE });
  return undefined;
}

/**
 * Makes sure PostgreSQL's server programs are installed for the PostgreSQL suites (the store contract on PostgreSQL,
 * several servers on one database). As root, installs Debian's postgresql; otherwise those suites report themselves
 * skipped with the reason.
 */
export async function ensurePostgres() {
  if (existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((version) => existsSync(join('/usr/lib/postgresql', version, 'bin', 'pg_ctl')))) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('› apt-get install postgresql');
    await mustRun('apt-get', ['update', '-qq']);
    await mustRun('apt-get', ['install', '-y', '-qq', 'postgresql'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return;
  }
  console.log('› PostgreSQL is not installed and this is not root: the PostgreSQL suites will be skipped');
}

/** Formats milliseconds as seconds with one decimal. */
export function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
