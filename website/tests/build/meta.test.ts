import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import {
  BUILD,
  builtPages,
  isNoindex,
  linkHrefs,
  metaContents,
  notFoundPage,
  parseMarkup,
  productionUrl,
  SITE_URL,
  sitemapUrls,
  type Markup,
} from './site';

interface Page {
  path: string;
  markup: Markup;
}

/** Values that more than one page uses, each with the pages that use it. */
function duplicates(pages: Page[], value: (page: Page) => string | undefined): string[] {
  const byValue = new Map<string, string[]>();
  for (const page of pages) {
    const key = value(page);
    if (key !== undefined) byValue.set(key, [...(byValue.get(key) ?? []), page.path]);
  }
  return [...byValue].filter(([, paths]) => paths.length > 1).map(([key, paths]) => `"${key}" on ${paths.join(', ')}`);
}

describe('page metadata, sitemap and robots.txt of the production build', () => {
  let pages: Page[] = [];
  let indexable: Page[] = [];
  const notFound = parseMarkup(notFoundPage().html);

  before(async () => {
    pages = (await builtPages()).map(({ path, html }) => ({ path, markup: parseMarkup(html) }));
    indexable = pages.filter((page) => !isNoindex(page.markup));
  });

  it('gives every page exactly one non-empty title, and no two indexable pages the same one', () => {
    const wrong = pages
      .filter(({ markup }) => markup.titles.length !== 1 || !markup.titles[0]?.trim())
      .map(({ path, markup }) => `${path} has ${markup.titles.length} title(s): ${JSON.stringify(markup.titles)}`);
    assert.deepEqual(wrong, [], 'each page needs one <title>');
    assert.deepEqual(duplicates(indexable, (page) => page.markup.titles[0]), [], 'titles must be unique across pages');
  });

  it('gives every page one meta description of its own', () => {
    const wrong = pages
      .map(({ path, markup }) => ({ path, descriptions: metaContents(markup, 'description') }))
      .filter(({ descriptions }) => descriptions.length !== 1 || (descriptions[0] ?? '').trim().length < 20)
      .map(({ path, descriptions }) => `${path}: ${JSON.stringify(descriptions)}`);
    assert.deepEqual(wrong, [], 'each page needs one <meta name="description"> of at least 20 characters');
    assert.deepEqual(duplicates(indexable, (page) => metaContents(page.markup, 'description')[0]), [], 'descriptions must be unique across pages');
  });

  it('gives every indexable page one canonical link: its own absolute production URL', () => {
    assert.ok(pages.length > 50, `the build has ${pages.length} pages`);
    const wrong = indexable
      .map(({ path, markup }) => ({ path, canonical: linkHrefs(markup, 'canonical') }))
      .filter(({ path, canonical }) => canonical.length !== 1 || canonical[0] !== productionUrl(path))
      .map(({ path, canonical }) => `${path}: expected ${productionUrl(path)}, found ${JSON.stringify(canonical)}`);
    assert.deepEqual(wrong, []);
  });

  it('keeps the not-found page out of search engines and the sitemap', () => {
    assert.ok(isNoindex(notFound), '404.html needs <meta name="robots" content="noindex">');
    assert.deepEqual(notFound.titles, ['Page Not Found | Docent docs']);
    assert.equal(sitemapUrls().some((url) => url.includes('404')), false);
  });

  it('lists in the sitemap every indexable page and nothing else', () => {
    const urls = sitemapUrls();
    assert.deepEqual(urls.filter((url, index) => urls.indexOf(url) !== index), [], 'a URL is listed twice');
    const built = new Map(pages.map((page) => [productionUrl(page.path), page]));
    const unknown = urls.filter((url) => !built.has(url));
    assert.deepEqual(unknown, [], `sitemap URLs must be built pages under ${SITE_URL}`);
    const listed = new Set(urls);
    const noindexListed = urls.filter((url) => { const page = built.get(url); return page !== undefined && isNoindex(page.markup); });
    assert.deepEqual(noindexListed, [], 'a noindex page must not be in the sitemap');
    const missing = indexable.map((page) => productionUrl(page.path)).filter((url) => !listed.has(url));
    assert.deepEqual(missing, [], 'every indexable page belongs in the sitemap');
  });

  it('has a robots.txt that allows crawling and points at the absolute sitemap URL', () => {
    const file = join(BUILD, 'robots.txt');
    assert.ok(existsSync(file), 'the build has no robots.txt');
    const lines = readFileSync(file, 'utf8').split('\n').map((line) => line.trim());
    assert.ok(lines.includes('User-agent: *'), 'robots.txt addresses every crawler');
    assert.deepEqual(lines.filter((line) => /^Disallow:\s*\/\s*$/i.test(line)), [], 'robots.txt must not forbid the whole site');
    const sitemaps = lines.filter((line) => /^Sitemap:/i.test(line)).map((line) => line.replace(/^Sitemap:\s*/i, ''));
    assert.deepEqual(sitemaps, [productionUrl('/sitemap.xml')]);
    assert.ok(existsSync(join(BUILD, 'sitemap.xml')));
  });
});
