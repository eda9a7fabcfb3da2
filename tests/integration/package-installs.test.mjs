// The packages as a user gets them: `npm pack` each one, check the tarballs with publint and attw, install them in a
// fresh Docusaurus site (the newest 3.x create-docusaurus classic template) and in a plain HTML site (the script-tag
// install, its index written by the `docent` CLI from the server tarball), build both, and check them in Chromium.
// The packages must be built first (scripts/package-installs.mjs does it when run alone; npm test builds them before
// the unit tests). Everything is made under .cache/package-installs; the created template with its dependencies and the
// installed CLI stay there, so a second run only packs, installs the tarballs and builds. npm's own cache is the one
// `npm ci` filled for the repository, which already holds most of what the two installs need.
// Only the npm registry and 127.0.0.1 are reached: the browser aborts every other request and the test counts it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchChromium } from '../../scripts/browser.mjs';
import { ROOT } from '../../scripts/lib.mjs';
import { buildFolder } from '../../scripts/node-versions.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';

const CACHE = join(ROOT, '.cache', 'package-installs');
const TARBALLS = join(CACHE, 'tarballs');
const BIN = join(ROOT, 'node_modules', '.bin');
const semver = createRequire(import.meta.url)('semver');

/** Every published package of the workspace (packages/*), with what its tarball is called. */
const PACKAGES = readdirSync(join(ROOT, 'packages'))
  .filter((folder) => existsSync(join(ROOT, 'packages', folder, 'package.json')))
  .map((folder) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', folder, 'package.json'), 'utf8'));
    const file = `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`;
    return { folder, manifest, tarball: join(TARBALLS, file) };
  })
  .filter(({ manifest }) => !manifest.private);
const byName = new Map(PACKAGES.map((entry) => [entry.manifest.name, entry]));

/**
 * The tarballs to install for the packages a guide names: theirs, and those of the workspace packages they depend on,
 * directly or not. Those are not on the registry yet, so their tarballs stand in for the copies npm would fetch.
 */
function tarballsFor(names) {
  const wanted = new Set();
  const visit = (name) => {
    if (wanted.has(name) || !byName.has(name)) return;
    wanted.add(name);
    for (const dependency of Object.keys(byName.get(name).manifest.dependencies ?? {})) visit(dependency);
  };
  names.forEach(visit);
  return [...wanted].map((name) => byName.get(name).tarball);
}

/** A phrase only the test's own page has, in each site: a search for it must find that page. */
const DOCUSAURUS_PAGE = { file: 'quokka-ferries.md', path: '/docs/quokka-ferries', title: 'Quokka ferries', query: 'quokka ferry timetable' };
const HTML_PAGE = { file: 'lighthouse-keepers.html', path: '/lighthouse-keepers', title: 'Lighthouse keepers', query: 'lighthouse keeper rota' };

/**
 * Runs a command with its output captured (and shown), and throws naming `what` failed, the last lines it printed and
 * `fix`. npm's own settings from a parent `npm test` (npm_config_*) are left out: they describe the repository.
 */
function sh(command, args, { cwd = ROOT, env = {}, what, fix }) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_config_')));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...clean, npm_config_update_notifier: 'false', NO_UPDATE_NOTIFIER: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => reject(new Error(`${what}: could not start ${command} (${error.message}). ${fix}`)));
    child.on('exit', (code) => {
      if (code === 0) return resolve(output);
      // The lines that name the error come first: a build's last lines are often only a stack.
      const lines = output.trim().split('\n');
      const errors = lines.filter((line) => /error|cannot find|not found/i.test(line)).slice(0, 12);
      const shown = [...errors, '…', ...lines.slice(-15)].join('\n');
      reject(new Error(`${what}: "${command} ${args.join(' ')}" in ${cwd} exited with ${code}.\n${shown}\nFix: ${fix}`));
    });
  });
}

const npm = (args, options) => sh('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], options);

/** The newest 3.x release of create-docusaurus on the registry (no canaries, no 4.x). */
async function newestDocusaurus3() {
  const json = await sh('npm', ['view', 'create-docusaurus', 'versions', '--json'], {
    what: 'asking the npm registry for the versions of create-docusaurus',
    fix: 'check that the npm registry is reachable (npm ping)',
  });
  const versions = JSON.parse(json.slice(json.indexOf('[')));
  const newest = semver.maxSatisfying(versions, '3.x');
  assert.ok(newest, `create-docusaurus has no 3.x release among ${versions.length} versions`);
  return newest;
}

/**
 * The classic TypeScript template of create-docusaurus `version` with its own dependencies installed, made once into
 * .cache/package-installs/docusaurus-<version>; its pristine package.json, lock and config are kept beside it, so
 * each run starts from the template as created.
 */
async function ensureDocusaurusSite(version) {
  const site = join(CACHE, `docusaurus-${version}`);
  if (!existsSync(join(site, 'node_modules', '@docusaurus', 'core')) || !existsSync(join(site, '.pristine'))) {
    await buildFolder(site, async (temporary) => {
      rmSync(temporary, { recursive: true });
      await sh('npx', ['--yes', `create-docusaurus@${version}`, temporary, 'classic', '--typescript', '--skip-install', '--package-manager', 'npm'], {
        cwd: CACHE,
        what: `creating the Docusaurus ${version} classic template`,
        fix: 'check that the npm registry is reachable; delete .cache/package-installs to start over',
      });
      await npm(['install'], { cwd: temporary, what: `installing the dependencies of the Docusaurus ${version} template`, fix: 'check that the npm registry is reachable' });
      mkdirSync(join(temporary, '.pristine'));
      for (const file of ['package.json', 'package-lock.json', 'docusaurus.config.ts']) cpSync(join(temporary, file), join(temporary, '.pristine', file));
    });
  }
  for (const file of readdirSync(join(site, '.pristine'))) cpSync(join(site, '.pristine', file), join(site, file));
  // The bundler's cache (node_modules/.cache) goes too: it knows a package by its version, and each run installs
  // newly packed tarballs under the same version, so a cached build would ship the previous run's widget.
  for (const folder of ['build', '.docusaurus', join('node_modules', '.cache'), join('node_modules', '@docent'), join('node_modules', 'docusaurus-plugin-docent')]) {
    rmSync(join(site, folder), { recursive: true, force: true });
  }
  return site;
}

/**
 * Adds the plugin to the template's docusaurus.config.ts with the options website/docs/installation/docusaurus.mdx
 * shows, before the preset (the template has no `plugins` key).
 */
function addPluginToConfig(site) {
  const path = join(site, 'docusaurus.config.ts');
  const config = readFileSync(path, 'utf8');
  const anchor = '  presets: [';
  assert.ok(config.includes(anchor), `the template's docusaurus.config.ts has no "${anchor.trim()}" line to put the plugin before; update addPluginToConfig in this test to the new template`);
  const plugin = `  plugins: [
    [
      'docusaurus-plugin-docent',
      {
        project: 'my-project',
        headerTitle: 'Docs assistant',
        cleanTitles: true,
        placeholder: 'Search or ask about My Site…',
        chatButton: false,
      },
    ],
  ],

`;
  writeFileSync(path, config.replace(anchor, `${plugin}${anchor}`));
}

/** The plain HTML site of website/docs/installation/cdn.mdx: a page with the button and a page only this site has. */
function writeHtmlSite(publicDir) {
  const page = (title, body) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${title} | Harbour notes</title>
    <link rel="stylesheet" href="/docent/docent.css">
    <script type="module" src="/docent/docent.js"></script>
  </head>
  <body>
    <header>
      <a href="/">Harbour notes</a>
      <docent-search-button project="my-project" header-title="Docs assistant" clean-titles>
        Search docs
      </docent-search-button>
    </header>
    <main>
      <h1>${title}</h1>
      ${body}
    </main>
  </body>
</html>
`;
  mkdirSync(publicDir, { recursive: true });
  writeFileSync(join(publicDir, 'index.html'), page('Getting started', '<p>Install the command-line tool, then create your first workspace.</p>'));
  writeFileSync(
    join(publicDir, HTML_PAGE.file),
    page(HTML_PAGE.title, '<p>The lighthouse keeper rota lists who climbs the tower each night and who trims the wick.</p>'),
  );
  writeFileSync(join(publicDir, '404.html'), page('Not found', '<p>No page here.</p>'));
}

/**
 * Serves `root` on 127.0.0.1 at a free port, opens `page` in Chromium, searches for `query` through the Docent button
 * and opens the result titled `title`. Returns what went wrong beyond thrown errors: console errors and requests to
 * anywhere but the served site, which the browser aborts.
 */
async function checkInBrowser({ root, start = '/', query, title, path }) {
  const server = await startStaticServer({ root, port: 0 });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launchChromium(process.env.CHROMIUM_PATH || undefined);
  const consoleErrors = [];
  const offSite = [];
  try {
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || url.startsWith('data:')) return route.continue();
      offSite.push(url);
      return route.abort();
    });
    await page.goto(`${origin}${start}`);
    const button = page.locator('docent-search-button').first().getByRole('button');
    await button.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {
      throw new Error(`the Docent search button did not appear on ${origin}${start}: the <docent-search-button> element was not registered or not rendered`);
    });
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox').fill(query);
    const result = dialog.getByRole('option', { name: new RegExp(title) }).first();
    await result.waitFor({ state: 'visible', timeout: 15_000 }).catch(async () => {
      const shown = await dialog.getByRole('option').allInnerTexts();
      throw new Error(`searching "${query}" did not list the page "${title}"; the dialog listed ${JSON.stringify(shown)}: the index is missing the site's own pages`);
    });
    await result.click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === path, { timeout: 15_000 }).catch(() => {
      throw new Error(`the result "${title}" opened ${page.url()}, not ${path}: the index's links do not match the served pages`);
    });
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });
    return { consoleErrors, offSite };
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

before(() => {
  // npm pack takes what "files" lists; a missing entry means the package was not built.
  const unbuilt = PACKAGES.filter(({ folder, manifest }) =>
    (manifest.files ?? []).some((entry) => !entry.endsWith('.md') && !existsSync(join(ROOT, 'packages', folder, entry))),
  );
  assert.deepEqual(
    unbuilt.map(({ manifest }) => manifest.name),
    [],
    'these packages are not built: run `node scripts/package-installs.mjs` (it builds them) or `npm run build` first',
  );
  mkdirSync(CACHE, { recursive: true });
  rmSync(TARBALLS, { recursive: true, force: true });
  mkdirSync(TARBALLS, { recursive: true });
});

describe('npm pack', () => {
  for (const entry of PACKAGES) {
    const { folder, manifest, tarball } = entry;
    test(`${manifest.name} packs`, async () => {
      await npm(['pack', '--pack-destination', TARBALLS, '--silent'], {
        cwd: join(ROOT, 'packages', folder),
        what: `npm pack of ${manifest.name}`,
        fix: `check "files" in packages/${folder}/package.json`,
      });
      assert.ok(existsSync(tarball), `npm pack of ${manifest.name} wrote no ${tarball}`);
    });

    test(`${manifest.name} passes publint`, async () => {
      await sh(join(BIN, 'publint'), ['run', tarball, '--strict'], {
        what: `publint on the ${manifest.name} tarball`,
        fix: `fix the fields publint names in packages/${folder}/package.json (https://publint.dev/rules)`,
      });
    });

    test(`${manifest.name} passes arethetypeswrong`, async () => {
      // ES-module-only packages are checked for ES-module consumers (node16 from ESM, bundlers); stylesheets in
      // "exports" are no modules, so they have no types to check (arethetypeswrong.github.io#30).
      const esmOnly = manifest.type === 'module';
      const stylesheets = Object.keys(manifest.exports ?? {}).filter((key) => key.endsWith('.css'));
      const args = [tarball, '--format', 'ascii', '--no-color', '--profile', esmOnly ? 'esm-only' : 'strict'];
      if (stylesheets.length) args.push('--exclude-entrypoints', ...stylesheets);
      await sh(join(BIN, 'attw'), args, {
        what: `arethetypeswrong on the ${manifest.name} tarball`,
        fix: `give every entry point in packages/${folder}/package.json "exports" its "types" and the module shape it claims`,
      });
    });
  }
});

describe('a fresh Docusaurus site with docusaurus-plugin-docent', () => {
  let site;
  let version;

  test('the newest create-docusaurus 3.x classic template installs the tarballs the guide names', { timeout: 300_000 }, async () => {
    version = await newestDocusaurus3();
    console.error(`› Docusaurus ${version}`);
    site = await ensureDocusaurusSite(version);
    addPluginToConfig(site);
    writeFileSync(
      join(site, 'docs', DOCUSAURUS_PAGE.file),
      `---\ntitle: ${DOCUSAURUS_PAGE.title}\n---\n\nThe ${DOCUSAURUS_PAGE.query} lists every crossing to the island, morning and evening.\n`,
    );
    // The guide's `npm install docusaurus-plugin-docent @docent/widget`, from the tarballs.
    await npm(['install', ...tarballsFor(['docusaurus-plugin-docent', '@docent/widget'])], {
      cwd: site,
      what: 'installing docusaurus-plugin-docent and @docent/widget in the fresh Docusaurus site',
      fix: 'the plugin must install with only what the guide names; check "dependencies" and "peerDependencies" in packages/docusaurus-plugin/package.json',
    });
  });

  test('builds, with the index written after the build', { timeout: 300_000 }, async () => {
    assert.ok(site, 'the site was not installed (see the failure above)');
    const output = await sh('npx', ['docusaurus', 'build'], {
      cwd: site,
      what: `building the fresh Docusaurus ${version} site with the plugin`,
      fix: 'a module the build cannot resolve belongs in "dependencies" of packages/docusaurus-plugin/package.json; an API missing in this Docusaurus version needs the plugin to support it',
    });
    assert.match(output, /\[docent\] indexed \d+ pages/, 'the build log has no "[docent] indexed" line: the plugin\'s postBuild did not run');
    assert.ok(existsSync(join(site, 'build', 'docent-index.json')), 'the build has no docent-index.json');
  });

  test('in Chromium, the button finds the site\'s own page, with no console errors', { timeout: 120_000 }, async () => {
    assert.ok(existsSync(join(site ?? '', 'build', 'index.html')), 'the site was not built (see the failure above)');
    const { consoleErrors, offSite } = await checkInBrowser({ root: join(site, 'build'), ...DOCUSAURUS_PAGE });
    assert.deepEqual(consoleErrors, [], 'the fresh Docusaurus site logged console errors');
    assert.deepEqual(offSite, [], 'the fresh Docusaurus site requested addresses outside the site');
  });
});

describe('a plain HTML site with the script-tag install', () => {
  const folder = join(CACHE, 'html-site');
  const cli = join(CACHE, 'cli');
  const publicDir = join(folder, 'public');

  test('the widget\'s dist folder is copied from the tarball and `docent index` indexes the site', { timeout: 300_000 }, async () => {
    rmSync(folder, { recursive: true, force: true });
    writeHtmlSite(publicDir);
    // "Without a package.json": the guide's npm pack of @docent/widget, here its tarball, and a copy of dist.
    await sh('tar', ['-xzf', byName.get('@docent/widget').tarball, '-C', folder], { what: 'extracting the @docent/widget tarball', fix: 'npm pack of @docent/widget must succeed first' });
    assert.ok(existsSync(join(folder, 'package', 'dist', 'docent.js')), 'the @docent/widget tarball has no dist/docent.js: build the widget (npm run build -w @docent/widget) and check "files" in its package.json');
    cpSync(join(folder, 'package', 'dist'), join(publicDir, 'docent'), { recursive: true });
    rmSync(join(folder, 'package'), { recursive: true });
    // The guide's `npm install --global @docent/server`, into a folder of its own: a global install cannot find the
    // tarballs of the workspace packages it depends on beside it, and they are not on the registry yet.
    mkdirSync(cli, { recursive: true });
    writeFileSync(join(cli, 'package.json'), '{ "private": true }\n');
    rmSync(join(cli, 'node_modules', '@docent'), { recursive: true, force: true });
    await npm(['install', '--no-save', ...tarballsFor(['@docent/server'])], {
      cwd: cli,
      what: 'installing @docent/server from its tarball',
      fix: 'check "dependencies" and "bin" in packages/server/package.json',
    });
    const output = await sh(join(cli, 'node_modules', '.bin', 'docent'), ['index', publicDir], {
      cwd: folder,
      what: '`docent index public` from the installed @docent/server',
      fix: 'run the same command from packages/server after `npm run build` to see the error; a module it cannot find belongs in "dependencies" of packages/server/package.json',
    });
    // 404.html is no page of the site's own, so two pages.
    assert.match(output, /Indexed 2 pages/, '`docent index` did not report the two pages of the site (index.html and the page only it has)');
    assert.ok(existsSync(join(publicDir, 'docent-index.json')), '`docent index public` wrote no public/docent-index.json');
  });

  test('in Chromium, the button finds the site\'s own page, with no console errors', { timeout: 120_000 }, async () => {
    assert.ok(existsSync(join(publicDir, 'docent-index.json')), 'the site was not indexed (see the failure above)');
    const { consoleErrors, offSite } = await checkInBrowser({ root: publicDir, ...HTML_PAGE });
    assert.deepEqual(consoleErrors, [], 'the plain HTML site logged console errors');
    assert.deepEqual(offSite, [], 'the plain HTML site requested addresses outside the site');
  });
});

after(() => {
  rmSync(TARBALLS, { recursive: true, force: true });
});
