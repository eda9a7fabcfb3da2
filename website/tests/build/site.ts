// The production build as the checks over it see it: its pages, their URLs, and what their markup says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listPages } from '@docent/engine/node';
import { Parser } from 'htmlparser2';
import config from '../../docusaurus.config';

export const BUILD = join(__dirname, '..', '..', 'build');

/** The site's own origin and base path, as `docusaurus.config.ts` gives them (SITE_URL at build time). */
export const SITE_URL = new URL(config.baseUrl, config.url).href;

/** One element's attributes, as written (entities decoded). */
export type Attributes = Record<string, string>;

/** What a page's markup says that the link, anchor and metadata checks need. */
export interface Markup {
  /** Every id in the document, SVG ones included. */
  ids: Set<string>;
  /** `href` of every `<a>` and `<area>`, in document order. */
  hrefs: string[];
  /** Every `<link>`, `<img>`, `<script>`, `<source>`, `<iframe>`, `<video>`, `<audio>` and `<meta>` element. */
  resources: { tag: string; attributes: Attributes }[];
  /** The text of every `<title>` outside SVG. */
  titles: string[];
}

export interface BuiltPage {
  /** Path of the HTML file under the build folder. */
  file: string;
  /** URL path of the page (`/`, `/support`). */
  path: string;
  html: string;
}

const RESOURCE_TAGS = new Set(['link', 'img', 'script', 'source', 'iframe', 'video', 'audio', 'meta']);

/** Reads a page's markup with a real HTML tokenizer, so script bodies and quoted `>` never pass for tags. */
export function parseMarkup(html: string): Markup {
  const markup: Markup = { ids: new Set(), hrefs: [], resources: [], titles: [] };
  let svgDepth = 0;
  let title: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id !== undefined) markup.ids.add(attributes.id);
        if (name === 'a' && attributes.name !== undefined) markup.ids.add(attributes.name);
        if ((name === 'a' || name === 'area') && attributes.href !== undefined) markup.hrefs.push(attributes.href);
        if (RESOURCE_TAGS.has(name)) markup.resources.push({ tag: name, attributes });
        if (name === 'svg') svgDepth += 1;
        if (name === 'title' && svgDepth === 0) title = '';
      },
      ontext(text) {
        if (title !== undefined) title += text;
      },
      onclosetag(name) {
        if (name === 'svg') svgDepth -= 1;
        if (name === 'title' && title !== undefined) {
          markup.titles.push(title);
          title = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return markup;
}

/** The `content` of every `<meta>` whose `name` (or `property`) is `name`. */
export function metaContents(markup: Markup, name: string): string[] {
  return markup.resources
    .filter(({ tag, attributes }) => tag === 'meta' && (attributes.name ?? attributes.property)?.toLowerCase() === name)
    .map(({ attributes }) => attributes.content ?? '');
}

/** The `href` of every `<link>` whose `rel` includes `rel`. */
export function linkHrefs(markup: Markup, rel: string): string[] {
  return markup.resources
    .filter(({ tag, attributes }) => tag === 'link' && (attributes.rel ?? '').toLowerCase().split(/\s+/).includes(rel))
    .map(({ attributes }) => attributes.href ?? '');
}

/** True when the page asks search engines not to index it. */
export function isNoindex(markup: Markup): boolean {
  return metaContents(markup, 'robots').some((content) => /\bnoindex\b/i.test(content));
}

/** Every HTML page of the build with its URL path, 404.html excluded (it answers every unknown path). */
export async function builtPages(): Promise<BuiltPage[]> {
  const pages = await listPages(BUILD, { baseUrl: config.baseUrl });
  return pages.map(({ file, url }) => ({ file, path: url, html: readFileSync(join(BUILD, file), 'utf8') }));
}

/** The build's 404.html, which answers every unknown path. */
export function notFoundPage(): BuiltPage {
  return { file: '404.html', path: '/404', html: readFileSync(join(BUILD, '404.html'), 'utf8') };
}

/** The `<loc>` of every entry of the build's sitemap.xml. */
export function sitemapUrls(): string[] {
  const xml = readFileSync(join(BUILD, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]?.replace(/&amp;/g, '&') ?? '');
}

/** The absolute production URL of a page path. */
export function productionUrl(path: string): string {
  return new URL(path.replace(/^\//, ''), SITE_URL).href;
}
