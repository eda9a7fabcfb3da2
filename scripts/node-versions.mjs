// The engine's and the server's unit tests on every tested Node.js version besides the one running `npm test`.
// Each version's binary comes from the npm registry's node-<platform>-<arch> package (npm pack, then extracted into
// .cache/node/<version>, headers included); the native addons the server loads are compiled once per version from
// the installed sources into .cache/node/<version>/addons, and the tests import them from there
// (native-addons.mjs). Run alone: `node scripts/node-versions.mjs`; it ends with "N passed, N failed" like npm test.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDependencies, mustRun, ROOT, seconds } from './lib.mjs';
import { createTally, packageTestFiles, runNodeTests } from './node-tests.mjs';

/** One release of each tested line: 20 (end of life since April 2026, the Node.js npm test runs on here), 22 and 24 LTS. */
export const TESTED_NODE_VERSIONS = ['20.20.2', '22.23.3', '24.21.0'];
/** The packages whose unit tests run on every tested version: the ones that run in Node.js on a user's machine. */
const PACKAGES = ['engine', 'server'];
/** Native addons among the server's dependencies: compiled for one Node.js ABI, so rebuilt for each version. */
const NATIVE_ADDONS = ['better-sqlite3'];
/**
 * Headers to compile the addons against instead of the tested version's own. Node.js 24.19.0 changed
 * node_object_wrap.h so that every ObjectWrap registers an environment cleanup hook (nodejs/node#65446): better-sqlite3
 * 12 compiled against those headers aborts in Statement::~Statement ("Assertion failed: (env) != nullptr") when the
 * garbage collector frees a statement at the wrong moment, on any 24.x: here 19 of the server's test files aborted,
 * and two more failed when the servers they start did. Compiled against 24.18.1's headers, it passes them on 24.21.0.
 */
export const ADDON_HEADERS = { 24: '24.18.1' };
/** The test that checks `engines` against the dependency tree and the docs against TESTED_NODE_VERSIONS. */
const ENGINES_TEST = 'scripts/engines.test.mjs';

const CACHE = join(ROOT, '.cache', 'node');
const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** The tested versions whose major differs from the running Node.js: the ones this phase runs. */
export function otherNodeVersions() {
  return TESTED_NODE_VERSIONS.filter((version) => major(version) !== major(process.version));
}

/** Runs a command with output shown and throws with `fix` when it fails. */
async function step(command, args, options, fix) {
  try {
    await mustRun(command, args, options);
  } catch (error) {
    throw new Error(`${error.message}: ${fix}`);
  }
}

/** A folder built in a temporary sibling and renamed into place, so a run stopped halfway leaves nothing behind. */
export async function buildFolder(target, build) {
  const temporary = `${target}.partial-${process.pid}`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { recursive: true });
  try {
    await build(temporary);
    rmSync(target, { recursive: true, force: true });
    renameSync(temporary, target);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/** A release from the registry's Node.js binary package for this machine, extracted once: returns its folder (bin/node, include/node). */
async function ensureNode(version) {
  const folder = join(CACHE, version);
  if (existsSync(join(folder, 'bin', 'node'))) return folder;
  const name = `node-${process.platform}-${process.arch}`;
  console.log(`› npm pack ${name}@${version}`);
  mkdirSync(CACHE, { recursive: true });
  await buildFolder(folder, async (temporary) => {
    const fix = `the npm registry's ${name} package provides the binaries; check that the registry is reachable`;
    await step('npm', ['pack', `${name}@${version}`, '--pack-destination', temporary, '--silent'], {}, fix);
    const tarball = join(temporary, `${name}-${version}.tgz`);
    await step('tar', ['-xzf', tarball, '-C', temporary, '--strip-components=1'], {}, `could not extract ${tarball}`);
    rmSync(tarball);
  });
  return folder;
}

/** node-gyp as npm ships it: beside the npm that runs this script, or beside the running node. */
function nodeGyp() {
  const candidates = [
    process.env.npm_execpath && join(dirname(process.env.npm_execpath), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
  ].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`node-gyp not found (looked at ${candidates.join(', ')}): it comes with npm; reinstall npm`);
  return found;
}

/**
 * Compiles each native addon for the Node.js `version` with the headers in `headersFolder` (those of
 * `headersVersion`), from the sources npm installed for the server, into <version>/addons/node_modules, beside links
 * to the addon's own dependencies. A build is redone when the installed addon's version or the headers change.
 * Returns the addons folder.
 */
async function ensureAddons(version, headersFolder, headersVersion) {
  const addons = join(CACHE, version, 'addons');
  const modules = join(addons, 'node_modules');
  const node = join(CACHE, version, 'bin', 'node');
  const serverRequire = createRequire(join(ROOT, 'packages', 'server', 'package.json'));
  for (const name of NATIVE_ADDONS) {
    const source = dirname(serverRequire.resolve(`${name}/package.json`));
    const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
    const target = join(modules, name);
    const stamp = join(target, '.docent-build');
    const build = `${name}@${manifest.version} for Node.js ${version} with the headers of ${headersVersion}`;
    if (existsSync(stamp) && readFileSync(stamp, 'utf8') === build) continue;
    console.log(`› compiling ${build}`);
    mkdirSync(modules, { recursive: true });
    await buildFolder(target, async (temporary) => {
      cpSync(source, temporary, { recursive: true, filter: (path) => path !== join(source, 'build') });
      // Settings npm passes to install scripts (nodedir among them) describe the npm's own Node.js, not this one.
      const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_config_')));
      env.PATH = `${dirname(node)}:${process.env.PATH}`;
      const args = [nodeGyp(), 'rebuild', '--release', `--nodedir=${headersFolder}`, `--jobs=${availableParallelism()}`];
      await step(node, args, { cwd: temporary, env }, `compiling ${name} needs python3, make and a C++ compiler`);
      writeFileSync(join(temporary, '.docent-build'), build);
    });
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      const link = join(modules, dependency);
      if (!existsSync(link)) {
        rmSync(link, { force: true });
        mkdirSync(dirname(link), { recursive: true });
        symlinkSync(dirname(createRequire(join(source, 'package.json')).resolve(`${dependency}/package.json`)), link);
      }
    }
  }
  return addons;
}

/**
 * Runs the phase: the engines test on the running Node.js, then the unit tests on each other tested version. Calls
 * `record(suite, passed, failed, ms, failures)` for each suite and `note(line)` for setup times. A version whose binary or
 * addons cannot be prepared counts as one failure, with the reason.
 */
export async function testNodeVersions(record, note) {
  const engines = await runNodeTests([ENGINES_TEST], { tsx: false });
  record('engines and tested Node.js versions', engines.passed, engines.failed, engines.ms, engines.failures);
  for (const version of otherNodeVersions()) {
    const suite = `engine and server unit (Node.js ${version})`;
    const started = Date.now();
    let nodeFolder;
    let addons;
    try {
      nodeFolder = await ensureNode(version);
      const headersVersion = ADDON_HEADERS[major(version)] ?? version;
      addons = await ensureAddons(version, await ensureNode(headersVersion), headersVersion);
    } catch (error) {
      console.error(error.message);
      record(suite, 0, 1, Date.now() - started);
      continue;
    }
    note(`Node.js ${version} binary and addons: ${seconds(Date.now() - started)}`);
    const preload = `--import=${pathToFileURL(join(ROOT, 'scripts', 'native-addons.mjs')).href}`;
    const result = await runNodeTests(packageTestFiles(PACKAGES), {
      node: join(nodeFolder, 'bin', 'node'),
      env: {
        // Child processes (the CLI started by a test) run on the same version, with the same addons.
        PATH: `${join(nodeFolder, 'bin')}:${process.env.PATH}`,
        NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' '),
        DOCENT_NATIVE_ADDONS: JSON.stringify({ folder: addons, names: NATIVE_ADDONS }),
      },
    });
    record(suite, result.passed, result.failed, result.ms, result.failures);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ensureDependencies();
  const tally = createTally();
  await testNodeVersions(tally.record, tally.note);
  tally.summary();
  process.exit(tally.totals.failed === 0 ? 0 : 1);
}
