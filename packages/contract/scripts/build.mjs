// npm run build -w @docent/contract
//   dist/      ESM + .d.ts (tsconfig.build.json): the widget's bundles, the server, the engine
//   dist/cjs/  CommonJS + .d.ts (tsconfig.cjs.json): the Docusaurus plugin, which Docusaurus loads with require()
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');

function tscPath() {
  for (const dir of [PACKAGE, join(PACKAGE, '..', '..')]) {
    const candidate = join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('@docent/contract build: typescript is not installed; run npm install at the repository root.');
}

// Built beside dist/ and swapped in at the end: the other packages' tests and builds, which may run meanwhile, never
// find dist/ missing or half written.
const DIST = join(PACKAGE, 'dist');
const NEXT = join(PACKAGE, `.dist-next-${process.pid}`);
await rm(NEXT, { recursive: true, force: true });
for (const [config, outDir] of [['tsconfig.build.json', NEXT], ['tsconfig.cjs.json', join(NEXT, 'cjs')]]) {
  const result = spawnSync(process.execPath, [tscPath(), '-p', config, '--outDir', outDir], { cwd: PACKAGE, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`@docent/contract build: tsc -p ${config} failed (exit ${result.status}).`);
    await rm(NEXT, { recursive: true, force: true });
    process.exit(1);
  }
}
// The package is "type": "module"; this marks dist/cjs/*.js (and its .d.ts) as CommonJS.
await writeFile(join(NEXT, 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
const OLD = join(PACKAGE, `.dist-old-${process.pid}`);
await rename(DIST, OLD).catch(() => undefined);
await rename(NEXT, DIST);
await rm(OLD, { recursive: true, force: true });
console.log('@docent/contract built: dist/ (ESM) and dist/cjs/ (CommonJS)');
