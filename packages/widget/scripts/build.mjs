// npm run build -w @docent/widget
//   lib/   tsc output (ESM + .d.ts) for bundlers and React: `@docent/widget`, `/react`, `/attributes`
//   dist/  docent.js (the element module, for <script type="module">), its lazy dialog and feedback chunks, and
//          the stylesheets docent.css, docent-dialog.css and docent-feedback.css
// Ends with the gzip size of the button entry (what every page pays) and of the chunks (loaded on demand).
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENGINE = join(PACKAGE, '..', 'engine');
const CONTRACT = join(PACKAGE, '..', 'contract');
/** The stylesheets, minified: comments and whitespace are a third of their size and every page loads docent.css. */
const copyStyles = (folder) =>
  Promise.all(
    STYLESHEETS.map(async (name) => {
      const source = await readFile(join(PACKAGE, 'src', 'styles', name), 'utf8');
      const { code } = await transform(source, { loader: 'css', minify: true, target: ['chrome100', 'firefox100', 'safari15.4'] });
      await writeFile(join(PACKAGE, folder, name), code);
    }),
  );

function run(command, args, cwd = PACKAGE) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`@docent/widget build: \`${command} ${args.join(' ')}\` failed (exit ${result.status}).`);
    process.exit(1);
  }
}

// The widget bundles the contract (its attribute table) and the engine and needs their types: build them first when
// they have not been built.
for (const [name, folder] of [['@docent/contract', CONTRACT], ['@docent/engine', ENGINE]]) {
  if (!existsSync(join(folder, 'dist', 'index.js')) || !existsSync(join(folder, 'dist', 'index.d.ts'))) {
    console.log(`@docent/widget: building ${name} first (its dist/ is missing)`);
    run('npm', ['run', 'build'], folder);
  }
}
/** The stylesheets' one list, read from the built contract (built just above when it was missing). */
const { STYLESHEETS } = await import('@docent/contract/stylesheets');

await rm(join(PACKAGE, 'lib'), { recursive: true, force: true });
await rm(join(PACKAGE, 'dist'), { recursive: true, force: true });

// 1. Library entries: tsc. The stylesheets sit beside lib/stylesheet.js, which resolves them with import.meta.url.
run(process.execPath, [tscPath(), '-p', 'tsconfig.build.json']);
await copyStyles('lib');
await bundleElementEntries();

/**
 * The React components import each element from lib/elements/define/<element>.js. tsc leaves those as a dozen small
 * modules, and a bundler that finds them in several async chunks wraps each one separately (about 1 KB of gzip on
 * the search button alone). Each file is replaced by one self-contained module: the element's code inlined, only the
 * modules that hold page-wide state (the stylesheet URL the host sets, the one keydown listener every button
 * registers with) and the lazy chunks left as imports of lib/, so they stay single instances. Not minified: the
 * host's bundler does that.
 */
async function bundleElementEntries() {
  const shared = /\/(stylesheet|elements\/keyboard|dialog\/index|feedback\/index)\.js$/;
  const defineDir = join(PACKAGE, 'lib', 'elements', 'define');
  // Every element's file; define.js is the helper they share, inlined into each.
  const entries = (await readdir(defineDir)).filter((name) => name.endsWith('.js') && name !== 'define.js');
  await Promise.all(
    entries.map((name) =>
      build({
        absWorkingDir: PACKAGE,
        entryPoints: [join(defineDir, name)],
        outfile: join(defineDir, name),
        allowOverwrite: true,
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        legalComments: 'none',
        logLevel: 'warning',
        plugins: [
          {
            name: 'docent-shared-modules',
            setup(pluginBuild) {
              pluginBuild.onResolve({ filter: /^\./ }, ({ path, resolveDir }) => {
                const target = join(resolveDir, path);
                if (!shared.test(target.split(sep).join('/'))) return undefined;
                const relativePath = relative(defineDir, target).split(sep).join('/');
                return { path: relativePath.startsWith('.') ? relativePath : `./${relativePath}`, external: true };
              });
            },
          },
        ],
      }),
    ),
  );
}

function tscPath() {
  for (const dir of [PACKAGE, join(PACKAGE, '..', '..')]) {
    const candidate = join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('@docent/widget build: typescript is not installed; run npm install at the repository root.');
}

// 2. The script-tag bundle, in builds that share nothing: the dialog chunk (React, the engine, the UI), the
//    feedback chunk (<docent-feedback>'s block, no React) and the element module that imports each on demand.
//    One shared chunk would put esbuild's CommonJS helpers and the dialog's half of the attribute table on every
//    page; separate builds keep the button small, and a page with only feedback never loads dialog code.
await mkdir(join(PACKAGE, 'dist'), { recursive: true });
const common = {
  absWorkingDir: PACKAGE,
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15.4'],
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  jsx: 'automatic',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
};
const dialogBuild = await build({
  ...common,
  entryPoints: [{ in: 'src/dialog/index.tsx', out: 'docent-dialog' }],
  entryNames: '[name]-[hash]',
});
const dialogFile = Object.keys(dialogBuild.metafile.outputs).find((file) => file.endsWith('.js'));
const dialogImport = `./${dialogFile.split('/').pop()}`;
const feedbackBuild = await build({
  ...common,
  entryPoints: [{ in: 'src/feedback/index.ts', out: 'docent-feedback' }],
  entryNames: '[name]-[hash]',
});
const feedbackFile = Object.keys(feedbackBuild.metafile.outputs).find((file) => file.endsWith('.js'));
const feedbackImport = `./${feedbackFile.split('/').pop()}`;
const entryBuild = await build({
  ...common,
  entryPoints: [{ in: 'src/elements/index.ts', out: 'docent' }],
  plugins: [
    {
      name: 'docent-lazy-chunks',
      setup(pluginBuild) {
        // lazy.ts imports '../dialog/index.js' and '../feedback/index.js' (right for lib/); in dist/ they are the
        // hashed files built above.
        pluginBuild.onResolve({ filter: /\/dialog\/index\.js$/ }, () => ({ path: dialogImport, external: true }));
        pluginBuild.onResolve({ filter: /\/feedback\/index\.js$/ }, () => ({ path: feedbackImport, external: true }));
      },
    },
  ],
});
await copyStyles('dist');
const outputs = { ...dialogBuild.metafile.outputs, ...feedbackBuild.metafile.outputs, ...entryBuild.metafile.outputs };

// 3. CSP: no eval, no Function constructor, no inline script anywhere in the bundle.
for (const file of Object.keys(outputs)) {
  const code = await readFile(join(PACKAGE, file), 'utf8');
  if (/\beval\s*\(|\bnew Function\s*\(/.test(code)) {
    console.error(`@docent/widget build: ${file} contains eval or new Function; the bundle must run under a strict CSP.`);
    process.exit(1);
  }
}

// 4. The demo page's index (demo/index.html runs in static mode over demo/pages/).
const { buildDemoIndex } = await import('./build-demo-index.mjs');
await buildDemoIndex();

// 5. Sizes: what every page pays for the button, and what the first hover, focus or shortcut loads.
const gzipSize = async (file) => gzipSync(await readFile(join(PACKAGE, file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const entryBytes = await gzipSize('dist/docent.js');
const dialogBytes = await gzipSize(dialogFile);
const cssBytes = await gzipSize('dist/docent.css');
const dialogCssBytes = await gzipSize('dist/docent-dialog.css');
const feedbackBytes = await gzipSize(feedbackFile);
const feedbackCssBytes = await gzipSize('dist/docent-feedback.css');
console.log('@docent/widget built: lib/ (tsc) and dist/');
console.log(`  button entry  dist/docent.js  ${kb(entryBytes)} gzip (first page load)`);
console.log(`  dialog chunk  ${dialogFile}  ${kb(dialogBytes)} gzip (on first hover, focus or shortcut)`);
console.log(`  feedback      ${feedbackFile}  ${kb(feedbackBytes)} gzip (when a <docent-feedback> connects)`);
console.log(`  stylesheets   dist/docent.css  ${kb(cssBytes)} gzip (first page load), dist/docent-dialog.css  ${kb(dialogCssBytes)} gzip (with the dialog), dist/docent-feedback.css  ${kb(feedbackCssBytes)} gzip (with the feedback)`);
