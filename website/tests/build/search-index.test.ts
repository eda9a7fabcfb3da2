import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { answer, loadIndex, search, serializeIndex, type DocentIndex } from '@docent/engine';
import { indexDirectory } from '@docent/engine/node';

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build');

describe('the built Docent site (website/build)', () => {
  let index: DocentIndex;
  const load = async (): Promise<DocentIndex> => (index ??= await indexDirectory(buildDir, { cleanTitles: true }));

  it('indexes every page into sections with anchors, without the 404 page or site chrome', async () => {
    const { sections } = await load();
    const pages = new Set(sections.map((section) => section.pageUrl));
    for (const page of ['/', '/installation/docusaurus', '/customization/dark-mode', '/customization/data-sources/sitemaps', '/support']) {
      assert.ok(pages.has(page), `${page} is indexed`);
    }
    assert.ok(!pages.has('/404'));
    assert.ok(sections.some((section) => section.url === '/installation/docusaurus#prerequisites'));
    const quickstart = sections.find((section) => section.pageUrl === '/' && section.level === 1);
    assert.equal(quickstart?.pageTitle, 'Quickstart');
    for (const section of sections) {
      assert.doesNotMatch(section.text, /Edit this page|Direct link to|Copyright © 2025 Docent\./, section.url);
    }
  });

  it('finds known pages', async () => {
    await load();
    const first = (query: string) => search(index, query)[0]?.pageUrl;
    assert.equal(first('dark mode'), '/customization/dark-mode');
    assert.equal(first('sitemap'), '/customization/data-sources/sitemaps');
    assert.equal(first('docusaurus plugin'), '/installation/docusaurus');
    assert.equal(first('suggested questions'), '/customization/suggested-questions');
    assert.equal(first('whitelabel'), '/administration/whitelabel');
    // Not `drak`: the search page quotes that very typo, so it is a word of the index.
    assert.equal(first('dakr mode'), '/customization/dark-mode', 'swapped letters');
    assert.equal(first('sugested questions'), '/customization/suggested-questions', 'missing letter');
    assert.equal(first('embedd'), '/customization/embedded-mode', 'prefix');
  });

  it('answers documented questions with cited sections and declines off-topic ones', async () => {
    await load();
    const dark = answer(index, 'How do I enable dark mode?');
    assert.equal(dark.answered, true);
    assert.equal(dark.citations[0]?.sectionUrl.split('#')[0], '/customization/dark-mode');
    assert.equal((dark.markdown.match(/\[\d+\]/g) ?? []).length, dark.sentences.length);
    const sitemap = answer(index, 'How do I add a sitemap source?');
    assert.equal(sitemap.citations[0]?.sectionUrl.split('#')[0], '/customization/data-sources/sitemaps');
    for (const question of ['What is the capital of France?', 'How do I bake bread?']) {
      assert.equal(answer(index, question).answered, false, question);
    }
  });

  it('round-trips the site index through its file', async () => {
    await load();
    const loaded = loadIndex(serializeIndex(index));
    assert.equal(loaded.sections.length, index.sections.length);
    assert.deepEqual(search(loaded, 'api key scopes'), search(index, 'api key scopes'));
  });
});
