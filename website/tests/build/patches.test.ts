import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const WEBSITE = join(__dirname, '..', '..');
const PATCHES = join(WEBSITE, 'patches');

describe('patches of framework internals (website/patches)', () => {
  it('lists every patch folder and every theme override in the README table', () => {
    const readme = readFileSync(join(PATCHES, 'README.md'), 'utf8');
    const folders = readdirSync(PATCHES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const { name } of folders) assert.ok(readme.includes(`\`${name}/`), `patches/README.md has no row for ${name}/`);
    for (const name of readdirSync(join(WEBSITE, 'src', 'theme'))) {
      if (name !== 'README.md') assert.ok(readme.includes(`\`${name}`), `patches/README.md has no row for src/theme/${name}`);
    }
  });

  it("relies on Docusaurus' Link prefetching through window.docusaurus, which prefetch-when-idle replaces", () => {
    const link = readFileSync(require.resolve('@docusaurus/core/lib/client/exports/Link.js'), 'utf8');
    assert.match(link, /window\.docusaurus\.prefetch\(/, 'Link no longer calls window.docusaurus.prefetch: update or remove patches/prefetch-when-idle');
  });
});
