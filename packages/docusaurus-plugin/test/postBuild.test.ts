import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { markOptedOut, withoutBase } from '../src/server/postBuild';

const PAGE = '<!doctype html><html lang="en"><head><title>Notes</title></head><body><h1>Notes</h1></body></html>';
const MARKER = '<meta name="docent" content="false">';

describe('withoutBase', () => {
  it('turns a page URL into its path inside the build folder', () => {
    assert.equal(withoutBase('/docs/guide', '/docs/'), '/guide');
    assert.equal(withoutBase('/docs/', '/docs/'), '/');
    assert.equal(withoutBase('/guide', '/'), '/guide');
    assert.equal(withoutBase('/other/guide', '/docs/'), '/other/guide');
  });
});

describe('markOptedOut', () => {
  const folders: string[] = [];
  after(async () => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  async function site(files: Record<string, string>): Promise<string> {
    const outDir = await mkdtemp(path.join(tmpdir(), 'docent-postbuild-'));
    folders.push(outDir);
    for (const [name, html] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(outDir, name)), { recursive: true });
      await writeFile(path.join(outDir, name), html);
    }
    return outDir;
  }

  it('marks opted-out pages, under a baseUrl too, so any indexer skips them, and leaves the others alone', async () => {
    const outDir = await site({ 'internal/notes.html': PAGE, 'guide/index.html': PAGE, 'public.html': PAGE });
    const build = { outDir, baseUrl: '/docs/', site: { title: 'T', tagline: '', url: 'https://example.com' } };
    await markOptedOut(build, new Set(['/docs/internal/notes', '/docs/guide/']));
    await markOptedOut(build, new Set(['/docs/internal/notes']));
    const notes = await readFile(path.join(outDir, 'internal/notes.html'), 'utf8');
    assert.equal(notes.split(MARKER).length - 1, 1, 'marked once, however often the build runs');
    assert.ok(notes.startsWith(`<!doctype html><html lang="en"><head>${MARKER}<title>`));
    assert.ok((await readFile(path.join(outDir, 'guide/index.html'), 'utf8')).includes(MARKER));
    assert.equal(await readFile(path.join(outDir, 'public.html'), 'utf8'), PAGE);
  });

  it('marks a minified page without a <head> tag in its head, never in its <header>', async () => {
    const minified = '<!doctype html><html lang="en" dir="ltr"><meta charset="UTF-8"><title>Notes</title><body><header><h1>Notes</h1></header></body></html>';
    const outDir = await site({ 'notes.html': minified });
    await markOptedOut({ outDir, baseUrl: '/', site: { title: 'T', tagline: '', url: 'https://example.com' } }, new Set(['/notes']));
    const html = await readFile(path.join(outDir, 'notes.html'), 'utf8');
    assert.ok(html.startsWith(`<!doctype html><html lang="en" dir="ltr">${MARKER}<meta charset`), html);
    assert.ok(html.includes('<header><h1>'));
  });

  it('is no error when an opted-out page has no HTML file', async () => {
    const outDir = await site({});
    await markOptedOut({ outDir, baseUrl: '/', site: { title: 'T', tagline: '', url: 'https://example.com' } }, new Set(['/gone']));
  });

  it('makes the engine leave the marked page out', async () => {
    // Minified, as Docusaurus writes pages: no <head> tag.
    const minified = (title: string): string => `<!doctype html><html lang="en"><title>${title}</title><body><header><h1>${title}</h1></header><p>Text.</p></body></html>`;
    const outDir = await site({ 'notes.html': minified('Notes'), 'kept.html': minified('Kept') });
    await markOptedOut({ outDir, baseUrl: '/', site: { title: 'T', tagline: '', url: 'https://example.com' } }, new Set(['/notes']));
    const { sectionsFromDirectory } = await import('@docent/engine/node');
    const pages = new Set((await sectionsFromDirectory(outDir)).map((section) => section.pageUrl));
    assert.deepEqual([...pages], ['/kept']);
  });
});

describe('writeArtifacts', () => {
  it('writes a large site’s index in parts beside the index file, which the engine reads back', async () => {
    const { randomBytes } = await import('node:crypto');
    // The built plugin: writeArtifacts copies the compiled browser script that lib/ holds.
    const { writeArtifacts } = (await import('../lib/server/postBuild.js')) as typeof import('../src/server/postBuild');
    const { normalizeOptions } = await import('../src/options');
    const { loadIndex, searchAsync } = await import('@docent/engine');
    const outDir = await mkdtemp(path.join(tmpdir(), 'docent-parts-'));
    try {
      // 40 long pages of random words, which no compression shrinks: an index well over the threshold.
      for (let page = 0; page < 40; page++) {
        const words = Array.from({ length: 5000 }, () => randomBytes(5).toString('hex')).join(' ');
        await writeFile(path.join(outDir, `page-${page}.html`), `<!doctype html><html><head><title>Page ${page}</title></head><body><main><h1>Page ${page}</h1><p>${words}</p></main></body></html>`);
      }
      const options = normalizeOptions({ project: 'docent-docs', indexPath: 'search/docent-index.json' });
      const report = await writeArtifacts({ outDir, baseUrl: '/', site: { title: 'T', tagline: '', url: 'https://example.com' } }, options);
      assert.ok(report.indexParts > 10, `${report.indexParts} parts`);
      const manifest = await readFile(path.join(outDir, 'search', 'docent-index.json'), 'utf8');
      assert.equal((JSON.parse(manifest) as { layout: string }).layout, 'parts');
      const index = loadIndex(manifest, { fetchPart: (file) => readFile(path.join(outDir, 'search', file), 'utf8') });
      const word = /<p>(\w+) /.exec(await readFile(path.join(outDir, 'page-12.html'), 'utf8'))?.[1] ?? '';
      assert.equal((await searchAsync(index, word))[0]?.pageUrl, '/page-12');
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });

  it('writes an index whose links carry the site’s baseUrl, so results open the right pages under /docs/', async () => {
    const { writeArtifacts } = (await import('../lib/server/postBuild.js')) as typeof import('../src/server/postBuild');
    const { normalizeOptions } = await import('../src/options');
    const { loadIndex, searchAsync } = await import('@docent/engine');
    const outDir = await mkdtemp(path.join(tmpdir(), 'docent-base-'));
    try {
      await mkdir(path.join(outDir, 'guide'), { recursive: true });
      await writeFile(path.join(outDir, 'guide', 'setup.html'), '<!doctype html><html><head><title>Setup</title></head><body><main><h1>Setup</h1><p>Install the zebrafish package.</p></main></body></html>');
      await writeArtifacts({ outDir, baseUrl: '/docs/', site: { title: 'T', tagline: '', url: 'https://example.com' } }, normalizeOptions({ project: 'docent-docs' }));
      const index = loadIndex(await readFile(path.join(outDir, 'docent-index.json'), 'utf8'));
      assert.equal((await searchAsync(index, 'zebrafish'))[0]?.pageUrl, '/docs/guide/setup');
      // The Markdown copy stays where the page's HTML is in the build folder, which has no baseUrl.
      assert.match(await readFile(path.join(outDir, 'guide', 'setup.md'), 'utf8'), /zebrafish/);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });

  it('writes the synonyms option into the index, and refuses a group word search leaves out, naming the option', async () => {
    const { writeArtifacts } = (await import('../lib/server/postBuild.js')) as typeof import('../src/server/postBuild');
    const { normalizeOptions } = await import('../src/options');
    const { loadIndex, search } = await import('@docent/engine');
    const outDir = await mkdtemp(path.join(tmpdir(), 'docent-synonyms-'));
    const build = { outDir, baseUrl: '/', site: { title: 'T', tagline: '', url: 'https://example.com' } };
    try {
      await writeFile(path.join(outDir, 'analytics.html'), '<!doctype html><html><head><title>Analytics</title></head><body><main><h1>Analytics</h1><p>Count the questions readers asked.</p></main></body></html>');
      await writeArtifacts(build, normalizeOptions({ project: 'docent-docs', synonyms: [['stats', 'analytics']] }));
      const index = loadIndex(await readFile(path.join(outDir, 'docent-index.json'), 'utf8'));
      assert.equal(search(index, 'usage stats')[0]?.pageUrl, '/analytics');
      await assert.rejects(
        writeArtifacts(build, normalizeOptions({ project: 'docent-docs', synonyms: [['stats', 'analytics'], ['the', 'docs']] })),
        /^Error: docusaurus-plugin-docent: option synonyms\[1\]\[0\] "the" is a word search leaves out of every query/,
      );
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });

  it('writes each page’s Markdown copy from its HTML, code lines and tables kept, and llms-full.txt from the copies', async () => {
    const { writeArtifacts } = (await import('../lib/server/postBuild.js')) as typeof import('../src/server/postBuild');
    const { normalizeOptions } = await import('../src/options');
    const outDir = await mkdtemp(path.join(tmpdir(), 'docent-copies-'));
    try {
      await mkdir(path.join(outDir, 'guide'), { recursive: true });
      const code = '<pre class="prism-code language-bash"><code><span class="token-line">npm install<br></span><span class="token-line">  npm run build<br></span></code></pre>';
      const table = '<table><tr><th>Option</th><th>Default</th></tr><tr><td>theme</td><td>auto</td></tr></table>';
      await writeFile(path.join(outDir, 'guide', 'setup.html'), `<!doctype html><html><head><title>Setup | T</title></head><body><article><h1>Setup</h1><p>Run <a href="../other">this</a>:</p>${code}${table}</article></body></html>`);
      await writeArtifacts({ outDir, baseUrl: '/', site: { title: 'T', tagline: '', url: 'https://example.com' } }, normalizeOptions({ project: 'docent-docs' }));
      const copy = await readFile(path.join(outDir, 'guide', 'setup.md'), 'utf8');
      assert.equal(copy, '# Setup\n\nRun [this](https://example.com/other):\n\n```bash\nnpm install\n  npm run build\n```\n\n| Option | Default |\n| ------ | ------- |\n| theme  | auto    |\n');
      assert.ok((await readFile(path.join(outDir, 'llms-full.txt'), 'utf8')).includes(`<!-- https://example.com/guide/setup -->\n\n${copy}`));
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
