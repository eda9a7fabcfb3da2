// Real documentation sites for the search-quality benchmark: manuals nobody here wrote, as Debian packages their
// built HTML. ensureCorpus(name) returns a folder of that HTML, taken from (in order) the cache under
// .cache/corpora/<name>/, the system's /usr/share/doc when the package is installed, or a fresh
// `apt-get download` + `dpkg-deb -x` into the cache. Neither step needs root or installs anything.
//
// Never `apt-get install nodejs-doc` to get the Node.js corpus: on a machine whose Node.js comes from NodeSource,
// Debian's nodejs-doc conflicts with NodeSource's nodejs package and apt resolves that by REMOVING node (it happened
// on this project's machine). `apt-get download` only fetches the .deb, and `dpkg-deb -x` only unpacks it, so the
// installed packages are never touched.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './lib.mjs';

const run = promisify(execFile);

/**
 * @typedef {object} CorpusSource
 * @property {string} packageName The Debian package that ships the built HTML.
 * @property {string} htmlPath Where the HTML sits inside the package, without the leading slash.
 */

/** @type {Record<string, CorpusSource>} */
export const CORPORA = {
  django: { packageName: 'python-django-doc', htmlPath: 'usr/share/doc/python-django-doc/html' },
  nodejs: { packageName: 'nodejs-doc', htmlPath: 'usr/share/doc/nodejs/api' },
  git: { packageName: 'git-doc', htmlPath: 'usr/share/doc/git-doc' },
  sphinx: { packageName: 'sphinx-doc', htmlPath: 'usr/share/doc/sphinx-doc/html' },
};

export const CORPORA_CACHE = join(ROOT, '.cache', 'corpora');

/**
 * @typedef {object} Corpus
 * @property {string} name
 * @property {string} dir Folder of the corpus's built HTML.
 * @property {string} baseUrl The path the pages are served under: always `/`.
 */

/**
 * A folder holds the corpus when its start page is there. Checking one file rather than the folder matters:
 * Docker images often drop /usr/share/doc/* on install (dpkg path-exclude), leaving the folder with only the
 * copyright file.
 * @param {string} dir
 */
function hasHtml(dir) {
  return existsSync(join(dir, 'index.html'));
}

/**
 * @param {string} name
 * @param {CorpusSource} source
 * @param {string} cacheDir
 */
function manualSteps(name, source, cacheDir) {
  return (
    `To fetch it by hand (no root needed, nothing is installed): ` +
    `mkdir -p ${cacheDir} && cd ${cacheDir} && apt-get download ${source.packageName} && ` +
    `dpkg-deb -x ${source.packageName}_*.deb root. ` +
    `(Not "apt-get install": nothing needs installing, and next to a NodeSource Node.js, installing nodejs-doc removes node.)`
  );
}

/**
 * Runs a Debian tool, turning "not installed" and failures into one message that names the package and the fix.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {(why: string) => Error} fail Builds the error: the corpus, the reason and the manual steps.
 */
async function runTool(command, args, cwd, fail) {
  try {
    await run(command, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const cause = /** @type {NodeJS.ErrnoException & { stderr?: string }} */ (error);
    const why =
      cause.code === 'ENOENT'
        ? `${command} is not available on this machine (the corpora come from Debian packages; use Debian or Ubuntu)`
        : `"${command} ${args.join(' ')}" failed: ${(cause.stderr || cause.message).trim().split('\n').slice(-3).join(' ')}` +
          (command === 'apt-get' ? ' (if apt cannot locate the package, the package lists may be missing: sudo apt-get update)' : '');
    throw fail(why);
  }
}

/**
 * The package's .deb in the cache, downloading it when absent.
 * @param {CorpusSource} source
 * @param {string} cacheDir
 * @param {(why: string) => Error} fail
 */
async function ensureDeb(source, cacheDir, fail) {
  const findDeb = async () => (await readdir(cacheDir)).find((file) => file.startsWith(`${source.packageName}_`) && file.endsWith('.deb'));
  const cached = await findDeb();
  if (cached) return join(cacheDir, cached);
  // As root, apt-get warns that it downloads unsandboxed (user _apt cannot write here); the download still works.
  await runTool('apt-get', ['download', source.packageName], cacheDir, fail);
  const downloaded = await findDeb();
  if (!downloaded) throw fail(`apt-get download ${source.packageName} reported success but left no .deb in ${cacheDir}`);
  return join(cacheDir, downloaded);
}

/**
 * A folder of the named corpus's built HTML, fetched into the cache on first use.
 * Symbolic links inside the package are kept as they are (git-doc's index.html → git.html).
 * @param {string} name `django`, `nodejs`, `git` or `sphinx`.
 * @param {{ useSystem?: boolean }} [options] `useSystem: false` ignores /usr/share/doc and always uses the cache
 *   (to measure exactly what a fresh machine would).
 * @returns {Promise<Corpus>}
 */
export async function ensureCorpus(name, { useSystem = true } = {}) {
  const source = CORPORA[name];
  if (!source) throw new Error(`corpora: unknown corpus "${name}"; expected one of ${Object.keys(CORPORA).join(', ')}.`);
  const cacheDir = join(CORPORA_CACHE, name);
  const unpacked = join(cacheDir, 'root');
  const cachedHtml = join(unpacked, source.htmlPath);
  if (hasHtml(cachedHtml)) return { name, dir: cachedHtml, baseUrl: '/' };

  const systemHtml = join('/', source.htmlPath);
  if (useSystem && hasHtml(systemHtml)) return { name, dir: systemHtml, baseUrl: '/' };

  /** @param {string} why */
  const fail = (why) => new Error(`corpora: cannot get the "${name}" corpus (Debian package ${source.packageName}): ${why}. ${manualSteps(name, source, cacheDir)}`);
  await mkdir(cacheDir, { recursive: true });
  const deb = await ensureDeb(source, cacheDir, fail);
  // Unpack beside the final folder and rename, so an interrupted run never leaves a half-filled cache behind.
  const partial = `${unpacked}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await runTool('dpkg-deb', ['-x', deb, partial], cacheDir, fail);
  await rm(unpacked, { recursive: true, force: true });
  await rename(partial, unpacked);
  if (!hasHtml(cachedHtml)) throw fail(`${deb} unpacked, but it has no ${source.htmlPath}/index.html`);
  return { name, dir: cachedHtml, baseUrl: '/' };
}
