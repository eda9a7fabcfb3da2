import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadIndex, search } from '@docent/engine';
import { ROUTES } from '../routes';

const BUILD = join(__dirname, '..', '..', 'build');
/** The contributors' Markdown reference says `docent: false`: readers' search and the llms files leave it out. */
const OPTED_OUT = '/markdown-page';
const INDEXED = ROUTES.filter((route) => route.path !== OPTED_OUT);

describe('what the Docent plugin writes after the build', () => {
  it('writes a valid, versioned index of every page', () => {
    const index = loadIndex(readFileSync(join(BUILD, 'docent-index.json'), 'utf8'));
    const pages = new Set(index.sections.map((section) => section.pageUrl));
    const missing = INDEXED.map((route) => route.path).filter((path) => !pages.has(path));
    assert.deepEqual(missing, []);
    assert.equal(pages.has('/e2e/crash'), false);
  });

  it('leaves out pages whose front matter says docent: false', () => {
    const index = loadIndex(readFileSync(join(BUILD, 'docent-index.json'), 'utf8'));
    assert.equal(index.sections.some((section) => section.pageUrl === OPTED_OUT), false);
    assert.equal(readFileSync(join(BUILD, 'llms.txt'), 'utf8').includes(OPTED_OUT), false);
    assert.equal(existsSync(join(BUILD, 'markdown-page.md')), false);
    assert.ok(existsSync(join(BUILD, 'markdown-page.html')), 'the page itself is still built');
  });

  it('indexes clean titles and finds a page by its subject', () => {
    const index = loadIndex(readFileSync(join(BUILD, 'docent-index.json'), 'utf8'));
    const [first] = search(index, 'hugo partial');
    assert.equal(first?.pageUrl, '/installation/hugo');
    assert.equal(first?.pageTitle, 'Install Docent on Hugo');
  });

  it('writes llms.txt with every page and llms-full.txt with their text', () => {
    const llms = readFileSync(join(BUILD, 'llms.txt'), 'utf8');
    assert.match(llms, /^# Docent docs\n\n> Ask-AI chatbot for technical documentation\n/);
    for (const route of INDEXED) {
      assert.ok(llms.includes(`](http://localhost:3000${route.path})`), `llms.txt links ${route.path}`);
    }
    const full = readFileSync(join(BUILD, 'llms-full.txt'), 'utf8');
    assert.ok(full.includes('# Install Docent on Hugo'));
    assert.ok(full.length > 100_000);
  });

  it('writes a Markdown copy beside each page', () => {
    for (const route of INDEXED) {
      const file = join(BUILD, route.path === '/' ? 'index.md' : `${route.path.slice(1)}.md`);
      assert.ok(existsSync(file), `${route.path} has ${file}`);
      assert.ok(readFileSync(file, 'utf8').startsWith(`# ${route.title}\n`), `${file} starts with its title`);
    }
  });
});
