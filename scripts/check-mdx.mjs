// Compiles MDX files the way Docusaurus will, to catch syntax errors without a full build.
// Usage: node scripts/check-mdx.mjs [file-or-dir ...] (default: website/docs and website/src/pages)
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(join(process.cwd(), 'website', 'package.json'));
const { compile } = await import(require.resolve('@mdx-js/mdx'));

async function collect(path) {
  const info = await stat(path);
  if (info.isFile()) return /\.mdx?$/.test(path) ? [path] : [];
  const entries = await readdir(path);
  const nested = await Promise.all(entries.map((entry) => collect(join(path, entry))));
  return nested.flat();
}

const targets = process.argv.length > 2 ? process.argv.slice(2) : ['website/docs', 'website/src/pages'];
const files = (await Promise.all(targets.map(collect))).flat();
let failures = 0;
for (const file of files) {
  const source = (await readFile(file, 'utf8')).replace(/^---\n[\s\S]*?\n---\n/, '');
  try {
    await compile(source, { format: 'mdx' });
  } catch (error) {
    failures += 1;
    console.error(`${file}: ${error.message}`);
  }
}
console.log(`${files.length - failures} of ${files.length} MDX files compile`);
process.exit(failures ? 1 : 0);
