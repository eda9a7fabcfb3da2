/**
 * Node-only helpers: read a folder of built HTML (any static-site generator's output), and write a page as Markdown.
 * The core entry (`@docent/engine`) stays free of `fs` so that it runs in the browser.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildIndex } from '../indexing.js';
import { extractPage, sharedTitleSuffix, withoutSuffix } from '../extract/index.js';
import type { BuildOptions, DocentIndex } from '../indexing.js';
import type { ExtractOptions, Section } from '../types.js';

export { pageMarkdown, type PageMarkdownOptions } from './markdown/index.js';

export interface DirectoryOptions extends ExtractOptions {
  /** The path the site is served under (`/` or `/docs/`). Default `/`. */
  baseUrl?: string;
  /** Relative paths (with `/`) of HTML files to leave out, besides every `404.html` and folders named `_…`. */
  exclude?: (relativePath: string) => boolean;
  /** Pages larger than this are skipped (default MAX_PAGE_BYTES). */
  maxPageBytes?: number;
  /** Told about every page that is skipped, and why; the rest of the site is indexed. */
  onSkip?: (file: string, reason: string) => void;
}

/** 5 MiB: far above any real page (a long reference page is a few hundred KiB), far below what stalls a server. */
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** Folders of generated files (Sphinx's `_modules` source listings, `_static`, `_sources`): not documentation. */
function inGeneratedFolder(file: string): boolean {
  return file.split('/').slice(0, -1).some((folder) => folder.startsWith('_'));
}

export interface DirectoryPage {
  /** Path of the HTML file relative to the folder, with `/` separators. */
  file: string;
  /** The page URL path. */
  url: string;
}

/**
 * The URL path of a built HTML file: `a/b.html` and `a/b/index.html` → `/a/b`,
 * `index.html` → `/`, with `baseUrl` in front. `null` for files that are not pages (`404.html`,
 * anything not ending in `.html`).
 */
export function routeForFile(relativePath: string, baseUrl = '/'): string | null {
  const file = relativePath.split(path.sep).join('/').replace(/^\/+/, '');
  if (!file.endsWith('.html')) return null;
  if (file === '404.html' || file.endsWith('/404.html')) return null;
  let route = file.slice(0, -'.html'.length);
  if (route === 'index') route = '';
  else if (route.endsWith('/index')) route = route.slice(0, -'/index'.length);
  const base = baseUrl.replace(/\/+$/, '');
  return route ? `${base}/${route}` : `${base}/`;
}

async function htmlFiles(root: string, folder = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const entry of entries) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await htmlFiles(root, relative)));
    else if (entry.isFile() && entry.name.endsWith('.html')) files.push(relative);
  }
  return files;
}

/** The pages among a built site's HTML files (paths relative to it, sorted). */
function pagesOf(files: readonly string[], options: DirectoryOptions): DirectoryPage[] {
  const pages: DirectoryPage[] = [];
  for (const file of files) {
    if (options.exclude?.(file) || inGeneratedFolder(file)) continue;
    const url = routeForFile(file, options.baseUrl);
    if (url !== null) pages.push({ file, url });
  }
  return pages;
}

/** The pages of a built site, in a stable (sorted) order. */
export async function listPages(dir: string, options: DirectoryOptions = {}): Promise<DirectoryPage[]> {
  return pagesOf(await htmlFiles(dir), options);
}

/**
 * Every section of every page of a built site. Pages that opt out or are generated (indexes, search and not-found
 * pages) give none and are reported to `onSkip` with the reason, as is a page over `maxPageBytes` or one that cannot
 * be read. The suffix most titles share (the site's name, after any separator) is dropped from every title.
 */
export async function sectionsFromDirectory(dir: string, options: DirectoryOptions = {}): Promise<Section[]> {
  const limit = options.maxPageBytes ?? MAX_PAGE_BYTES;
  const sections: Section[] = [];
  const files = await htmlFiles(dir);
  for (const file of files) {
    if (inGeneratedFolder(file) && !options.exclude?.(file)) options.onSkip?.(file, 'it is in a folder of generated files (a name starting with _)');
  }
  for (const page of pagesOf(files, options)) {
    const file = path.join(dir, page.file);
    try {
      const { size } = await stat(file);
      if (size > limit) {
        options.onSkip?.(page.file, `it is ${(size / 1024 / 1024).toFixed(1)} MiB, over the limit of ${(limit / 1024 / 1024).toFixed(1)} MiB for one page`);
        continue;
      }
      const extraction = extractPage({ url: page.url, html: await readFile(file, 'utf8') }, options);
      if (extraction.skipped) options.onSkip?.(page.file, extraction.skipped);
      sections.push(...extraction.sections);
    } catch (error) {
      options.onSkip?.(page.file, `it could not be read: ${(error as Error).message}`);
    }
  }
  return withoutSharedSuffix(sections);
}

/** The sections with the title suffix most pages share removed from their page titles and breadcrumbs. */
export function withoutSharedSuffix(sections: readonly Section[]): Section[] {
  const suffix = sharedTitleSuffix(sections.map((section) => section.pageTitle));
  if (!suffix) return [...sections];
  return sections.map((section) => {
    const pageTitle = withoutSuffix(section.pageTitle, suffix);
    if (pageTitle === section.pageTitle) return section;
    const breadcrumb = section.breadcrumb[0] === section.pageTitle ? [pageTitle, ...section.breadcrumb.slice(1)] : section.breadcrumb;
    return { ...section, pageTitle, breadcrumb: breadcrumb.filter((entry, i) => i === 0 || entry !== breadcrumb[i - 1]) };
  });
}

/** Builds the search index of a folder of built HTML. */
export async function indexDirectory(dir: string, options: DirectoryOptions & BuildOptions = {}): Promise<DocentIndex> {
  return buildIndex(await sectionsFromDirectory(dir, options), options);
}
