import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const WEBSITE = join(__dirname, '..', '..');
// A new folder each run: the bundler caches compiled pages by path, and a cached page emits no warnings.
const COPY = join(WEBSITE, '.cache', `broken-link-site-${process.pid}-${Date.now()}`);

/** A copy of the site (same config, sidebars, theme and docs) that one test edits. */
function copySite(): void {
  rmSync(COPY, { recursive: true, force: true });
  mkdirSync(COPY, { recursive: true });
  for (const entry of ['docusaurus.config.ts', 'synonyms.json', 'sidebars.ts', 'tsconfig.json', 'package.json', 'docs', 'plugins', 'patches', 'src', 'static']) {
    cpSync(join(WEBSITE, entry), join(COPY, entry), { recursive: true });
  }
  mkdirSync(join(COPY, 'tests'));
}

function build(env: Record<string, string> = {}): { status: number | null; output: string } {
  const result = spawnSync('npx', ['docusaurus', 'build', COPY, '--out-dir', join(COPY, 'build')], {
    cwd: WEBSITE,
    encoding: 'utf8',
    env: { ...process.env, DOCENT_E2E_ROUTES: '', NO_UPDATE_NOTIFIER: '1', ...env },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe('a build of the site', () => {
  after(() => rmSync(COPY, { recursive: true, force: true }));

  it('fails on a broken doc link, naming it, and only warns on a broken Markdown file link', () => {
    copySite();
    const page = join(COPY, 'docs', 'support.mdx');
    writeFileSync(
      page,
      `${readFileSync(page, 'utf8')}\n\nSee [the moved page](/no-such-page) and [the renamed file](./no-such-file.mdx).\n`,
    );
    const { status, output } = build();
    assert.notEqual(status, 0, 'the build must fail');
    assert.match(output, /broken link/i);
    assert.match(output, /\/no-such-page/);
    assert.match(output, /\[WARNING\][^\n]*no-such-file\.mdx/);
  });

  it('fails on a bad Docent plugin option, naming the option, the allowed values and the bad value', () => {
    copySite();
    const configFile = join(COPY, 'docusaurus.config.ts');
    const original = readFileSync(configFile, 'utf8');
    writeFileSync(configFile, original.replace("buttonStyle: 'rounded',", "buttonStyle: 'round' as 'rounded',"));
    assert.notEqual(readFileSync(configFile, 'utf8'), original);
    const { status, output } = build();
    assert.notEqual(status, 0, 'the build must fail');
    assert.match(output, /docusaurus-plugin-docent: option "buttonStyle" must be one of rounded, pill, square; got "round"/);
  });

  it('fails when a patch replaces or aliases a module the bundle no longer imports, naming the patch', () => {
    copySite();
    // As if upstream had moved theme-classic's Prism client module and medium-zoom had renamed its package.
    const edits: Array<[file: string, from: string, to: string]> = [
      ['patches/no-prism-at-startup/index.ts', 'prism-include-languages(', 'prism-include-languages-moved('],
      ['patches/zoom-without-inline-styles/index.ts', "key: 'medium-zoom$'", "key: 'medium-zoom-moved$'"],
    ];
    for (const [file, from, to] of edits) {
      const original = readFileSync(join(COPY, file), 'utf8');
      assert.ok(original.includes(from), `${file} no longer holds ${from}`);
      writeFileSync(join(COPY, file), original.replace(from, () => to));
    }
    // Without the persistent cache: it keeps the modules of the previous test's build, replaced or not.
    const { status, output } = build({ DOCUSAURUS_NO_PERSISTENT_CACHE: '1' });
    assert.notEqual(status, 0, 'the build must fail');
    assert.match(output, /no-prism-at-startup: the replacement of .*prism-include-languages-moved.* matched no module/);
    assert.match(output, /zoom-without-inline-styles: the alias "medium-zoom-moved\$" matched no module/);
  });

  it('adds the Google tag, with IP anonymizing, only when GTAG_ID is set at build time', () => {
    copySite();
    const { status, output } = build({ GTAG_ID: 'G-DOCENTTEST' });
    assert.equal(status, 0, output);
    const html = readFileSync(join(COPY, 'build', 'support.html'), 'utf8');
    assert.match(html, /https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-DOCENTTEST/);
    assert.match(html, /gtag\("config","G-DOCENTTEST",\{anonymize_ip:!0\}\)|"anonymize_ip":true/);
  });
});
