import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';

const WEBSITE = join(__dirname, '..', '..');
const PATCHES = join(WEBSITE, 'patches');
const FAKER_STAND_IN = join(PATCHES, 'dedupe-explorer-deps', 'browser-shims', 'faker-en.cjs');
/** The production build; BUILD_DIR points the bundle check at another one (to see it fail on an older build). */
const BUILD = process.env.BUILD_DIR ?? join(WEBSITE, 'build');

type DynamicVariables = Record<string, { generator: () => unknown }>;

/** postman-collection's table of dynamic variables, loaded the way the browser bundle loads it: with the stand-in for faker. */
function dynamicVariablesWithStandIn(): DynamicVariables {
  const file = createRequire(join(WEBSITE, 'package.json')).resolve('postman-collection/lib/superstring/dynamic-variables.js');
  const requireFromFile = createRequire(file);
  const module = { exports: {} as DynamicVariables };
  const load = new Function('module', 'exports', 'require', readFileSync(file, 'utf8')) as (m: typeof module, e: unknown, r: (id: string) => unknown) => void;
  load(module, module.exports, (id) => requireFromFile(id === '@faker-js/faker/locale/en' ? FAKER_STAND_IN : id));
  return module.exports;
}

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

  it("keeps faker out of the browser bundle: postman-collection's dynamic variables load with the stand-in", () => {
    const variables = dynamicVariablesWithStandIn();
    // The variables that do not use faker work as before; one that does names itself when called.
    assert.match(String(variables.$guid?.generator()), /^[0-9a-f]{8}-[0-9a-f]{4}-/);
    assert.throws(() => variables.$randomCity?.generator(), /faker\.address\.city was called, but the browser bundle has no faker/);
  });

  it("leaves faker's English data and sucrase out of every script of the build, for their stand-ins", () => {
    const scripts = readdirSync(join(BUILD, 'assets', 'js')).filter((name) => name.endsWith('.js'));
    const texts = scripts.map((name) => ({ name, text: readFileSync(join(BUILD, 'assets', 'js', name), 'utf8') }));
    for (const { name, text } of texts) {
      // `postcode_by_state` is a key of faker's English address data; `enableLegacyTypeScriptModuleInterop` an
      // option sucrase reads. Nothing else in the bundle has either.
      assert.equal(text.includes('postcode_by_state'), false, `${name} holds faker's English data`);
      assert.equal(text.includes('enableLegacyTypeScriptModuleInterop'), false, `${name} holds sucrase`);
    }
    assert.ok(texts.some(({ text }) => text.includes('the browser bundle has no faker')), 'no script holds the faker stand-in');
    assert.ok(texts.some(({ text }) => text.includes('the browser bundle has no sucrase')), 'no script holds the sucrase stand-in');
  });

  it("makes React DOM render default-priority updates in slices (default-updates-in-slices)", () => {
    const loader = createRequire(join(WEBSITE, 'package.json'))(join(PATCHES, 'default-updates-in-slices', 'sliceDefaultUpdates.cjs')) as (this: { resourcePath: string }, source: string) => string;
    const reactDom = join(dirname(createRequire(join(WEBSITE, 'package.json')).resolve('react-dom/package.json')), 'cjs', 'react-dom-client.production.js');
    // The loader finds its condition in the React DOM the site installs, and refuses a React DOM without it.
    assert.match(loader.call({ resourcePath: reactDom }, readFileSync(reactDom, 'utf8')), /0 === \(lanes & 79\) &&/);
    assert.throws(() => loader.call({ resourcePath: 'react-dom.js' }, 'function f(lanes) {}'), /holds "0 === \(lanes & 127\) &&" 0 times/);
    // The browser bundle's React DOM renders in one piece only for sync and input lanes (bits 1, 2, 4, 8 and 64).
    const chunk = readdirSync(join(BUILD, 'assets', 'js')).find((name) => /^react-dom\.[0-9a-f]+\.js$/.test(name));
    assert.ok(chunk, 'the build has no react-dom chunk');
    const text = readFileSync(join(BUILD, 'assets', 'js', chunk), 'utf8');
    assert.match(text, /0==\(79&\w+\)&&0==\(\w+&\w+\.expiredLanes\)/, `${chunk} does not slice default-priority renders`);
  });
});
