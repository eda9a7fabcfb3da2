import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexDirectory, listPages, routeForFile } from '../src/node/index.js';
import { siteDir } from './helpers.js';

describe('@docent/engine/node', () => {
  it('maps built files to routes', () => {
    assert.equal(routeForFile('index.html'), '/');
    assert.equal(routeForFile('a/b.html'), '/a/b');
    assert.equal(routeForFile('a/b/index.html'), '/a/b');
    assert.equal(routeForFile('404.html'), null);
    assert.equal(routeForFile('docs/404.html'), null);
    assert.equal(routeForFile('styles.css'), null);
    assert.equal(routeForFile('a/b.html', '/docs/'), '/docs/a/b');
    assert.equal(routeForFile('index.html', '/docs/'), '/docs/');
  });

  it('lists the pages of a folder in a stable order, without 404.html', async () => {
    const pages = await listPages(siteDir);
    assert.deepEqual(
      pages.map((page) => page.url),
      [
        '/customization/dark-mode',
        '/customization/webhooks',
        '/guide',
        '/',
        '/private',
        '/reference/events',
        '/reference/limits',
        '/security',
      ],
    );
  });

  it('indexes a folder of built HTML, leaving out opted-out pages', async () => {
    const index = await indexDirectory(siteDir, { baseUrl: '/docs/', cleanTitles: true });
    const pages = new Set(index.sections.map((section) => section.pageUrl));
    assert.ok(pages.has('/docs/customization/webhooks'));
    assert.ok(pages.has('/docs/'));
    assert.ok(!pages.has('/docs/private'), 'opted-out page is not indexed');
    assert.ok(!index.sections.some((section) => section.pageTitle === 'Page Not Found'));
    assert.ok(index.sections.some((section) => section.url === '/docs/customization/dark-mode#choose-a-theme'));
  });
});
