// npm run lint: type-check every package, lint the OpenAPI contract, compile every doc, scan for placeholder words.
// It never writes files.
import { spawnSync } from 'node:child_process';
import { ensureDependencies, run, WEBSITE } from './lib.mjs';

await ensureDependencies();
const checks = [
  ['contract types', 'npx', ['tsc', '-p', 'packages/contract/tsconfig.json', '--noEmit']],
  ['engine types', 'npx', ['tsc', '-p', 'packages/engine/tsconfig.json', '--noEmit']],
  ['widget types', 'npx', ['tsc', '-p', 'packages/widget/tsconfig.json', '--noEmit']],
  ['plugin types (theme)', 'npx', ['tsc', '-p', 'packages/docusaurus-plugin/tsconfig.theme.json', '--noEmit']],
  ['plugin types (server)', 'npx', ['tsc', '-p', 'packages/docusaurus-plugin/tsconfig.build.json', '--noEmit']],
  ['server types', 'npx', ['tsc', '-p', 'packages/server/tsconfig.json', '--noEmit']],
  ['site types', 'npx', ['tsc', '-p', 'website/tsconfig.json', '--noEmit']],
  ['OpenAPI contract', 'npx', ['redocly', 'lint', '--format', 'stylish', '../packages/server/openapi.yaml'], { cwd: WEBSITE }],
  ['MDX syntax', 'node', ['scripts/check-mdx.mjs', 'website/docs', 'website/src/pages']],
];

let failures = 0;
for (const [name, command, args, options] of checks) {
  console.log(`› ${name}`);
  if ((await run(command, args, options)) !== 0) failures += 1;
}

console.log('› placeholder words');
const placeholders = spawnSync(
  'git',
  ['grep', '-n', '-I', '-i', '-E', '\\b(lorem ipsum|coming soon|TBD|TODO|FIXME)\\b', '--', 'website/docs', 'website/src', 'packages', ':!*.test.ts'],
  { encoding: 'utf8' },
).stdout.trim();
if (placeholders) {
  console.error(placeholders);
  failures += 1;
}

console.log('› fixed sleeps in tests');
// A test waits for the state it needs (a locator, expect.poll, an event, page.clock), never for a fixed time.
const sleeps = spawnSync('git', ['grep', '-n', '-I', '-E', 'waitForTimeout\\(', '--', 'website/tests', 'packages/*/test', 'tests', 'scripts'], { encoding: 'utf8' }).stdout.trim();
if (sleeps) {
  console.error(`${sleeps}\nwait for a state instead (expect(locator), expect.poll, an event, page.clock.fastForward)`);
  failures += 1;
}

console.log(failures ? `lint: ${failures} check(s) failed` : 'lint: clean');
process.exit(failures ? 1 : 0);
