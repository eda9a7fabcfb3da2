// npm run build -w @docent/contract
//   dist/      ESM + .d.ts (tsconfig.build.json): the widget's bundles, the server, the engine
//   dist/cjs/  CommonJS + .d.ts (tsconfig.cjs.json): the Docusaurus plugin, which Docusaurus loads with require()
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
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

await rm(join(PACKAGE, 'dist'), { recursive: true, force: true });
for (const config of ['tsconfig.build.json', 'tsconfig.cjs.json']) {
  const result = spawnSync(process.execPath, [tscPath(), '-p', config], { cwd: PACKAGE, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`@docent/contract build: tsc -p ${config} failed (exit ${result.status}).`);
    process.exit(1);
  }
}
// The package is "type": "module"; this marks dist/cjs/*.js (and its .d.ts) as CommonJS.
await writeFile(join(PACKAGE, 'dist', 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
console.log('@docent/contract built: dist/ (ESM) and dist/cjs/ (CommonJS)');
