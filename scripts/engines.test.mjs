// Node.js versions told truthfully: each package's `engines.node` is admitted by every package its dependency tree
// installs (package-lock.json), every tested version is inside it, and the docs' "Which Node.js versions does Docent
// run on?" names the tested versions, the headers the addons are compiled against and each package's range as they are.
// Run: cd /work/main && node --test scripts/engines.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import semver from 'semver';
import { admits, dependencyClosure, engineConflicts, lockedPackages, publishedWorkspaces } from './engines.mjs';
import { ROOT } from './lib.mjs';
import { ADDON_HEADERS, TESTED_NODE_VERSIONS } from './node-versions.mjs';

const packages = lockedPackages(ROOT);
const manifest = (path) => JSON.parse(readFileSync(join(ROOT, path, 'package.json'), 'utf8'));
/** Every published workspace with the range its package.json claims (package.json, not the lockfile's copy of it). */
const published = publishedWorkspaces(ROOT, packages).map((path) => ({ path, name: manifest(path).name, range: manifest(path).engines?.node }));
const rootRange = manifest('').engines?.node;
const majors = (versions) => versions.map((version) => semver.major(version));
/** "20, 22 and 24" */
const spoken = (numbers) => `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;

const FIX = 'choose a version of the dependency that admits our range (a direct dependency or an override), or narrow engines.node';

describe('the engines checker', () => {
  it('counts a range as admitted only when every version of it is', () => {
    assert.equal(admits('>=22', '>=20.19.0'), false);
    assert.equal(admits('18 || 20 || >=22', '>=20.19.0'), false, 'Node.js 21 is outside');
    assert.equal(admits('20.x || 22.x || 23.x || 24.x || 25.x || 26.x', '^20.19.0 || >=22.0.0 <27.0.0'), true, 'a range across several majors');
    assert.equal(admits('20.x || 22.x || 24.x', '^20.19.0 || >=22.0.0 <27.0.0'), false, 'Node.js 23 is outside');
  });

  it('names the chain of a dependency that asks for a newer Node.js', () => {
    const lock = {
      'packages/app': { name: 'app', dependencies: { web: '^1.0.0' }, devDependencies: { tool: '^1.0.0' } },
      'node_modules/app': { link: true, resolved: 'packages/app' },
      'node_modules/web': { version: '1.0.0', dependencies: { cookie: '^2.0.0' }, engines: { node: '>=18' } },
      'node_modules/cookie': { version: '1.0.0', engines: { node: '>=18' } },
      'node_modules/web/node_modules/cookie': { version: '2.0.0', engines: { node: '>=22' } },
      'node_modules/tool': { version: '1.0.0', engines: { node: '>=24' } },
    };
    assert.deepEqual(engineConflicts(lock, dependencyClosure(lock, ['packages/app']), '>=20'), ['app > web > cookie@2.0.0 requires node >=22']);
    assert.deepEqual(engineConflicts(lock, dependencyClosure(lock, ['packages/app'], { dev: true }), '>=20'), [
      'app > tool@1.0.0 requires node >=24',
      'app > web > cookie@2.0.0 requires node >=22',
    ]);
  });
});

describe('engines agree with the dependency tree', () => {
  for (const { path, name, range } of published) {
    it(`${name}: its run-time dependencies admit engines.node ${range}`, () => {
      assert.ok(range, `${path}/package.json has no engines.node: add the range its dependencies admit`);
      assert.deepEqual(engineConflicts(packages, dependencyClosure(packages, [path]), range), [], `${name} claims ${range}, but: ${FIX}`);
    });
  }

  it(`the repository: everything npm ci installs admits the root engines.node ${rootRange}`, () => {
    const workspaces = Object.keys(packages).filter((path) => path !== '' && !path.includes('node_modules/'));
    assert.deepEqual(engineConflicts(packages, dependencyClosure(packages, ['', ...workspaces], { dev: true }), rootRange), [], `package.json claims ${rootRange}, but: ${FIX}`);
  });

  it(`every tested version (${TESTED_NODE_VERSIONS.join(', ')}) is inside every package's engines.node`, () => {
    for (const version of TESTED_NODE_VERSIONS) {
      for (const { name, range } of [...published, { name: 'the repository', range: rootRange }]) {
        assert.ok(semver.satisfies(version, range), `Node.js ${version} is tested but ${name} claims ${range}`);
      }
    }
  });

  it('the tested versions are one per major', () => {
    assert.equal(new Set(majors(TESTED_NODE_VERSIONS)).size, TESTED_NODE_VERSIONS.length);
  });
});

describe('the docs say which versions are tested', () => {
  const support = readFileSync(join(ROOT, 'website', 'docs', 'support.mdx'), 'utf8');
  const section = support.split('### Which Node.js versions does Docent run on?')[1]?.split(/\n##/)[0] ?? '';

  it('support.mdx answers "Which Node.js versions does Docent run on?" with the tested majors', () => {
    assert.ok(section, 'website/docs/support.mdx lost its "Which Node.js versions does Docent run on?" question');
    assert.match(section, new RegExp(`tested on Node\\.js ${spoken(majors(TESTED_NODE_VERSIONS))}\\.`), 'name every tested major there, as scripts/node-versions.mjs lists them');
  });

  it('support.mdx names the headers the addons are compiled against where they are not the tested version\'s own', () => {
    for (const [line, headers] of Object.entries(ADDON_HEADERS)) {
      assert.match(section, new RegExp(`On Node\\.js ${line}, the server's tests use a \`better-sqlite3\` compiled against the headers of Node\\.js ${headers.replaceAll('.', '\\.')}:`));
    }
  });

  it("support.mdx's table gives each package's engines.node as package.json does", () => {
    const rows = new Map();
    for (const line of section.split('\n').filter((text) => text.startsWith('| `'))) {
      const [names, range] = line.split(/(?<!\\)\|/).slice(1, 3);
      for (const [, name] of names.matchAll(/`([^`]+)`/g)) rows.set(name, range.trim().replace(/^`|`$/g, '').replaceAll('\\|', '|'));
    }
    assert.deepEqual(Object.fromEntries(rows), Object.fromEntries(published.map(({ name, range }) => [name, range])));
  });
});
