import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { check, LinkState } from 'linkinator';
import { startStaticServer } from '../../../scripts/static-server.mjs';
import config from '../../docusaurus.config';
import { BUILD, builtPages, notFoundPage, parseMarkup, productionUrl, SITE_URL, sitemapUrls, type Markup } from './site';

/** 0 lets the system pick a free port; DOCENT_LINKS_PORT pins it (for a machine that allots ports). */
const PORT = Number(process.env.DOCENT_LINKS_PORT || 0);
const SITE_ORIGIN = new URL(SITE_URL).origin;

/** Elements that make the browser load something, with the attribute that names it. */
const RESOURCE_ATTRIBUTES: Record<string, string> = { script: 'src', img: 'src', iframe: 'src', source: 'src', video: 'src', audio: 'src' };
/** `<link>` relations that only name a URL (this page elsewhere), without loading it. */
const REFERENCE_RELS = new Set(['canonical', 'alternate']);

interface Page {
  file: string;
  path: string;
  markup: Markup;
}

/** One line per problem, naming the pages it is on (a defect in the layout shows on every page). */
function grouped(problems: { problem: string; page: string }[]): string[] {
  const pagesByProblem = new Map<string, string[]>();
  for (const { problem, page } of problems) pagesByProblem.set(problem, [...(pagesByProblem.get(problem) ?? []), page]);
  return [...pagesByProblem].map(([problem, pages]) => {
    const shown = pages.slice(0, 3).join(', ');
    return `${problem}, on ${pages.length === 1 ? shown : `${pages.length} pages: ${shown}${pages.length > 3 ? ', …' : ''}`}`;
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The URLs a page makes the browser fetch on load (scripts, styles, images, frames), as written. */
function loadedUrls(markup: Markup): string[] {
  return markup.resources.flatMap(({ tag, attributes }) => {
    if (tag === 'link') {
      const rels = (attributes.rel ?? '').toLowerCase().split(/\s+/);
      return rels.some((rel) => REFERENCE_RELS.has(rel)) || !attributes.href ? [] : [attributes.href];
    }
    const attribute = RESOURCE_ATTRIBUTES[tag];
    const value = attribute ? attributes[attribute] : undefined;
    return value ? [value] : [];
  });
}

describe('links of the production build', () => {
  let server: Server;
  let origin = '';
  let pages: Page[] = [];

  before(async () => {
    server = await startStaticServer({ root: BUILD, port: PORT, basePath: config.baseUrl });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    pages = [...(await builtPages()), notFoundPage()].map(({ file, path, html }) => ({ file, path, markup: parseMarkup(html) }));
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reaches every internal link from the home page, every sitemap URL and the 404 page (linkinator)', async () => {
    const local = (url: string): string => url.replace(SITE_ORIGIN, origin);
    const starts = [`${origin}/`, ...sitemapUrls().map(local), `${origin}/404.html`];
    const result = await check({
      path: starts,
      recurse: true,
      concurrency: 8,
      // Resolve relative links as a browser does: linkinator otherwise reads /a/b as the folder /a/b/.
      cleanUrls: true,
      // Canonical and alternate links carry the production URL: check them against this build.
      urlRewriteExpressions: [{ pattern: new RegExp(`^${escapeRegExp(SITE_ORIGIN)}`), replacement: origin }],
      // The network is closed: only this server is asked.
      linksToSkip: async (link) => !link.startsWith(origin) && !link.startsWith(SITE_ORIGIN),
    });
    const checked = result.links.filter((link) => link.state !== LinkState.SKIPPED);
    const broken = grouped(
      result.links
        .filter((link) => link.state === LinkState.BROKEN)
        .map((link) => ({
          problem: `${link.url.replace(origin, '')} answers ${link.status || 'nothing'}`,
          page: link.parent?.replace(origin, '') ?? 'the start list',
        })),
    );
    console.log(`linkinator: ${checked.length} internal URLs checked from ${starts.length} start pages, ${broken.length} broken`);
    assert.ok(checked.length > pages.length, 'the crawl reached every page');
    assert.deepEqual(broken, [], 'broken internal links');
  });

  it('points every internal anchor at an id that the target page has in its HTML', () => {
    const byPath = new Map(pages.map((page) => [page.path, page]));
    let anchors = 0;
    const problems: { problem: string; page: string }[] = [];
    for (const page of pages) {
      for (const href of page.markup.hrefs) {
        const url = new URL(href, productionUrl(page.path));
        if (!url.href.startsWith(SITE_URL) || url.hash.length <= 1 || url.hash.startsWith('#:~:')) continue;
        anchors += 1;
        const fragment = decodeURIComponent(url.hash.slice(1));
        const target = byPath.get(url.pathname);
        if (!target) problems.push({ problem: `${href}: ${url.pathname} is not a page of the build`, page: page.path });
        else if (!target.markup.ids.has(fragment)) problems.push({ problem: `${href}: ${target.path} has no id "${fragment}"`, page: page.path });
      }
    }
    const broken = grouped(problems);
    console.log(`anchors: ${anchors} internal links with a fragment checked, ${broken.length} broken`);
    assert.ok(anchors > 100, `expected the tables of contents' anchors, found ${anchors}`);
    assert.deepEqual(broken, [], 'anchors without a target');
  });

  it('loads nothing from another site, and links to other sites over https only', () => {
    const loaded: string[] = [];
    const insecure: string[] = [];
    const hosts = new Map<string, number>();
    for (const page of pages) {
      const base = productionUrl(page.path);
      for (const value of loadedUrls(page.markup)) {
        const url = new URL(value, base);
        if (url.origin !== SITE_ORIGIN && url.protocol !== 'data:') loaded.push(`${page.path} loads ${value}`);
      }
      for (const href of page.markup.hrefs) {
        const url = new URL(href, base);
        if (!url.protocol.startsWith('http') || url.origin === SITE_ORIGIN) continue;
        hosts.set(url.host, (hosts.get(url.host) ?? 0) + 1);
        if (url.protocol !== 'https:') insecure.push(`${page.path} links to ${href}`);
      }
    }
    const summary = [...hosts].map(([host, count]) => `${host} ×${count}`).join(', ') || 'none';
    console.log(`external links (not fetched: the network is closed): ${summary}`);
    assert.deepEqual(loaded, [], 'the site loads scripts, styles, images and frames from itself only');
    assert.deepEqual(insecure, [], 'links to other sites use https');
  });
});
