import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { buildIndex, extractSections, serializeIndex, splitIndex } from '@docent/engine';
import { createStaticSource, forgetIndexes } from '../src/data/staticSource.js';

const PAGES = [
  {
    url: '/guides/sitemaps',
    html: '<html><head><title>Sitemaps | Demo</title></head><body><main><h1>Sitemaps</h1><p>Docent reads every URL of a sitemap.</p><h2 id="add">Add a sitemap source</h2><p>Add a sitemap source with the URL of your sitemap file. Docent indexes every page it lists.</p></main></body></html>',
  },
  {
    url: '/privacy',
    html: '<html><head><title>Privacy | Demo</title></head><body><main><h1>Privacy</h1><p>The widget sets no cookies.</p><h2 id="history">Keep history in memory only</h2><p>Set store-history to false to keep recent searches in memory only.</p></main></body></html>',
  },
];
const INDEX = serializeIndex(buildIndex(PAGES.flatMap((page) => extractSections(page))));

function countingFetcher(responses: Array<string | Error>): { fetch: (url: string) => Promise<string>; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: async (url) => {
      urls.push(url);
      const next = responses.length > 1 ? responses.shift() : responses[0];
      if (next instanceof Error) throw next;
      return next ?? '';
    },
  };
}

beforeEach(() => forgetIndexes());

describe('static source', () => {
  test('fetches the index once per URL, for every search and question', async () => {
    const fetcher = countingFetcher([INDEX]);
    const source = createStaticSource('/docent-index.json', fetcher.fetch);
    await source.prepare();
    const results = await source.search('sitemap');
    await source.ask('How do I add a sitemap source?');
    await createStaticSource('/docent-index.json', fetcher.fetch).search('cookies');
    assert.deepEqual(fetcher.urls, ['https://docent.invalid/docent-index.json']);
    assert.equal(results[0]?.pageUrl, '/guides/sitemaps');
    assert.match(results[0]?.sections[0]?.snippet ?? '', /<mark>/);
  });

  test('filters results by path prefix', async () => {
    const source = createStaticSource('/i.json', countingFetcher([INDEX]).fetch);
    const all = await source.search('sitemap memory');
    const filtered = await source.search('sitemap memory', { pathPrefix: '/privacy' });
    assert.ok(all.some((page) => page.pageUrl === '/guides/sitemaps'));
    assert.ok(filtered.length > 0 && filtered.every((page) => page.pageUrl.startsWith('/privacy')));
  });

  test('answers only above its answer threshold', async () => {
    // Both pages match this question, so the answer is not sure of either: its confidence is about 0.67.
    const question = 'How does Docent keep every page?';
    const strict = createStaticSource('/i.json', countingFetcher([INDEX]).fetch, { answerThreshold: 0.9 });
    const lenient = createStaticSource('/i.json', countingFetcher([INDEX]).fetch, { answerThreshold: 0 });
    const declined = await strict.ask(question);
    assert.equal(declined.answered, false);
    assert.ok(declined.closest.length > 0, 'a declined question lists the closest pages');
    assert.equal((await lenient.ask(question)).answered, true);
    assert.equal((await lenient.ask('Can recent searches stay in memory on a phone?')).answered, false, 'a question the docs barely cover is declined at any threshold');
  });

  test('answers with citations, or says the docs do not cover it', async () => {
    const source = createStaticSource('/i.json', countingFetcher([INDEX]).fetch);
    const answered = await source.ask('How do I keep recent searches in memory only?');
    assert.ok(answered.answered);
    assert.match(answered.markdown, /\[1\]/);
    assert.equal(answered.citations[0]?.sectionUrl, '/privacy#history');
    const unanswered = await source.ask('What is the airspeed of an unladen swallow?');
    assert.equal(unanswered.answered, false);
  });

  test('a failed load is reported and retried on the next call', async () => {
    const fetcher = countingFetcher([new Error('Could not load the search index /i.json: HTTP 404'), INDEX]);
    const source = createStaticSource('/i.json', fetcher.fetch);
    await assert.rejects(source.search('sitemap'), /HTTP 404/);
    assert.ok((await source.search('sitemap')).length > 0);
    assert.equal(fetcher.urls.length, 2);
  });

  test('an index in parts: fetches the manifest, then only the parts a query reads, relative to the index URL', async () => {
    const split = splitIndex(buildIndex(PAGES.flatMap((page) => extractSections(page))), { postingsPerPart: 20, sectionsPerPart: 1 });
    const files = new Map([['https://docent.invalid/search/docent-index.json', split.manifest], ...split.parts.map((part): [string, string] => [`https://docent.invalid/search/${part.path}`, part.content])]);
    const urls: string[] = [];
    const source = createStaticSource('/search/docent-index.json', async (url) => {
      urls.push(url);
      const content = files.get(url);
      if (content === undefined) throw new Error(`Could not load the search index ${url}: HTTP 404`);
      return content;
    });
    const results = await source.search('cookies');
    assert.equal(results[0]?.pageUrl, '/privacy');
    assert.match(results[0]?.sections[0]?.snippet ?? '', /<mark>cookies<\/mark>/);
    assert.equal(urls[0], 'https://docent.invalid/search/docent-index.json');
    assert.ok(urls.length > 1 && urls.length < files.size, `a search fetched ${urls.length} of ${files.size} files`);
    const answered = await source.ask('How do I keep recent searches in memory only?');
    assert.equal(answered.citations[0]?.sectionUrl, '/privacy#history');

    files.delete(`https://docent.invalid/search/${split.parts.find((part) => part.path.includes('/text-0'))!.path}`);
    forgetIndexes();
    const broken = createStaticSource('/search/docent-index.json', async (url) => files.get(url) ?? Promise.reject(new Error(`Could not load the search index ${url}: HTTP 404`)));
    await assert.rejects(broken.search('sitemap'), /text-0\.json could not be loaded .*HTTP 404.*Deploy the folder docent-index-[0-9a-f]{16} beside the index file/);
  });

  test('a truncated index fails with the engine’s readable error', async () => {
    const source = createStaticSource('/broken.json', countingFetcher([INDEX.slice(0, 200)]).fetch);
    await assert.rejects(source.search('sitemap'), (error: Error) => error.message.length > 10 && !/undefined/.test(error.message));
  });
});
