import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import config from '../../docusaurus.config';

const WEBSITE = join(__dirname, '..', '..');

/** Loads the config in a fresh process with these environment variables and returns one field. */
function configFieldWith(env: Record<string, string>, field: string): string {
  const script = `import('./docusaurus.config.ts').then((m) => { const c = m.default.default ?? m.default; process.stdout.write(String(c.${field})); })`;
  return execFileSync('node', ['--import', 'tsx', '-e', script], {
    cwd: WEBSITE,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

describe('site configuration', () => {
  it('names the site and reads its URL from SITE_URL, defaulting to localhost:3000', () => {
    assert.equal(config.title, 'Docent docs');
    assert.equal(config.tagline, 'Ask-AI chatbot for technical documentation');
    assert.equal(configFieldWith({ SITE_URL: '' }, 'url'), 'http://localhost:3000');
    assert.equal(configFieldWith({ SITE_URL: 'https://docs.example.com' }, 'url'), 'https://docs.example.com');
    assert.equal(config.baseUrl, '/');
    assert.equal(config.trailingSlash, false);
  });

  it('is English only and strict about links', () => {
    assert.deepEqual(config.i18n, { defaultLocale: 'en', locales: ['en'] });
    assert.equal(config.onBrokenLinks, 'throw');
    assert.equal(config.onBrokenAnchors, 'throw');
    assert.equal(config.onBrokenMarkdownLinks, 'warn');
    assert.equal(config.future.experimental_faster, true);
  });

  it('configures the chatbot plugin as the specification says, with the site\'s synonyms besides', () => {
    const entry = config.plugins.find((plugin) => Array.isArray(plugin) && plugin[0] === 'docusaurus-plugin-docent');
    assert.ok(Array.isArray(entry));
    assert.deepEqual(entry[1], {
      id: 'default',
      project: 'docent-docs',
      headerTitle: 'Docent chatbot',
      cleanTitles: true,
      buttonStyle: 'rounded',
      synonyms: JSON.parse(readFileSync(join(WEBSITE, 'synonyms.json'), 'utf8')),
    });
  });

  it('serves docs from the root with one version labelled Next', () => {
    const [, options] = config.presets[0] as [string, { docs: Record<string, unknown> }];
    assert.equal(options.docs.routeBasePath, '/');
    assert.equal(options.docs.lastVersion, 'current');
    assert.deepEqual(options.docs.versions, { current: { label: 'Next' } });
    assert.equal(options.docs.breadcrumbs, true);
    assert.equal(options.docs.docItemComponent, '@site/src/components/DocItemByKind');
  });

  it('sets colour mode, table of contents, navbar, footer and announcement bar', () => {
    const theme = config.themeConfig;
    assert.deepEqual(theme.colorMode, { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false });
    assert.deepEqual(theme.tableOfContents, { minHeadingLevel: 2, maxHeadingLevel: 3 });
    assert.equal(theme.navbar.hideOnScroll, true);
    assert.deepEqual(theme.navbar.items, [{ type: 'search', position: 'right' }]);
    assert.deepEqual(theme.footer, { style: 'light', copyright: 'Copyright © 2025 Docent.' });
    assert.equal(theme.announcementBar.id, 'rest-api-beta');
    assert.equal(theme.announcementBar.isCloseable, true);
  });

  it('adds the test-only routes plugin only when DOCENT_E2E_ROUTES=1', () => {
    assert.equal(config.plugins.includes('./tests/e2e-routes-plugin.ts'), false);
    assert.match(configFieldWith({ DOCENT_E2E_ROUTES: '1' }, 'plugins.at(-1)'), /e2e-routes-plugin/);
  });
});

describe('pinned stack', () => {
  const ROOT = join(WEBSITE, '..');
  const versionOf = (name: string): string =>
    (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

  it('installs every @docusaurus package at exactly 3.8.1, wherever npm placed it', () => {
    const found = execFileSync('find', [join(ROOT, 'node_modules'), '-maxdepth', '6', '-path', '*/@docusaurus/*/package.json'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /@docusaurus\/[^/]+\/package\.json$/.test(file));
    assert.ok(found.length >= 20);
    const wrong = found
      .map((file) => ({ file, version: (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version }))
      .filter(({ version }) => version !== '3.8.1');
    assert.deepEqual(wrong, []);
  });

  it('uses React 19 and the OpenAPI plugin and theme 4.7.1', () => {
    assert.match(versionOf('react'), /^19\./);
    assert.match(versionOf('react-dom'), /^19\./);
    assert.equal(versionOf('docusaurus-plugin-openapi-docs'), '4.7.1');
    assert.equal(versionOf('docusaurus-theme-openapi-docs'), '4.7.1');
  });

  it('type-checks the site with strict TypeScript', () => {
    const tsconfig = JSON.parse(readFileSync(join(WEBSITE, 'tsconfig.json'), 'utf8')) as { compilerOptions: { strict: boolean } };
    assert.equal(tsconfig.compilerOptions.strict, true);
    // Config, components, theme overrides, plugins and tests: any type error fails here with its file and line.
    const tsc = join(WEBSITE, '..', 'node_modules', '.bin', 'tsc');
    try {
      execFileSync(tsc, ['-p', join(WEBSITE, 'tsconfig.json'), '--noEmit'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      assert.fail(`tsc found type errors:\n${(error as { stdout?: string }).stdout ?? String(error)}`);
    }
  });
});
