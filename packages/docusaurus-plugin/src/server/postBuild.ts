import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STYLESHEETS } from '@docent/contract/stylesheets';
import type { ResolvedOptions } from '../options';
import { absolute, llmsFull, llmsIndex, markdownFileOf, pagesOf, type PageCopy } from './markdown';

export interface BuildOutput {
  outDir: string;
  /** The site's baseUrl, such as `/` or `/docs/`: page URLs start with it, files in outDir do not. */
  baseUrl: string;
  site: { title: string; tagline: string; url: string };
}

export interface ArtifactReport {
  pages: number;
  sections: number;
  indexBytes: number;
  /** How many parts the index has besides its file; 0 for an index in one file. */
  indexParts: number;
  milliseconds: number;
}

/**
 * Indexes the built HTML (not the Markdown sources: MDX components, partials and generated anchors
 * exist only there) and writes the index, llms.txt, llms-full.txt and a Markdown copy of each page, converted from
 * the page's HTML.
 */
export async function writeArtifacts(
  build: BuildOutput,
  options: ResolvedOptions,
  optedOut: ReadonlySet<string> = new Set(),
): Promise<ArtifactReport> {
  const started = performance.now();
  // The engine is an ES module; this package is CommonJS, so it is loaded with import().
  const { buildIndex, indexFiles, SynonymError } = await import('@docent/engine');
  const { listPages, pageMarkdown, sectionsFromDirectory } = await import('@docent/engine/node');
  await markOptedOut(build, optedOut);
  const allSections = await sectionsFromDirectory(build.outDir, { cleanTitles: options.cleanTitles, baseUrl: build.baseUrl });
  const sections = allSections.filter((section) => !optedOut.has(section.pageUrl));
  // A large site's index comes in parts beside the index file, which the widget fetches as a query needs them.
  let index;
  try {
    index = buildIndex(sections, { synonyms: options.synonyms });
  } catch (error) {
    if (error instanceof SynonymError) throw new Error(`docusaurus-plugin-docent: option ${error.message}`);
    throw error;
  }
  const { files } = indexFiles(index);
  const indexDir = path.posix.dirname(options.indexPath);
  // Each page's Markdown copy comes from its HTML as built, so code, lists, tables and callouts keep their shape.
  const htmlFiles = new Map((await listPages(build.outDir, { baseUrl: build.baseUrl })).map((page) => [page.url, page.file]));
  const pages: PageCopy[] = await Promise.all(
    pagesOf(sections).map(async (page) => {
      const file = htmlFiles.get(page.url);
      if (file === undefined) throw new Error(`docusaurus-plugin-docent: no HTML file for the indexed page ${page.url}.`);
      const html = await readFile(path.join(build.outDir, file), 'utf8');
      return { ...page, markdown: pageMarkdown(html, { url: absolute(build.site.url, page.url), title: page.title }) };
    }),
  );

  const writes = [
    ...files.map((file) => write(build.outDir, file.path ? path.posix.join(indexDir, file.path) : options.indexPath, file.content)),
    write(build.outDir, 'llms.txt', llmsIndex(build.site, pages)),
    write(build.outDir, 'llms-full.txt', llmsFull(build.site, pages)),
    ...pages.map((page) => write(build.outDir, markdownFileOf(withoutBase(page.url, build.baseUrl)), page.markdown)),
  ];
  await Promise.all([...writes, copyWidgetStylesheets(build.outDir)]);
  return {
    pages: pages.length,
    sections: sections.length,
    indexBytes: Buffer.byteLength(files[0]!.content),
    indexParts: files.length - 1,
    milliseconds: Math.round(performance.now() - started),
  };
}

/** `/docs/guide` with baseUrl `/docs/` → `/guide`: where the page's files are inside outDir. */
export function withoutBase(url: string, baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base && url.startsWith(base) ? url.slice(base.length) || '/' : url;
}

/**
 * Writes `<meta name="docent" content="false">` into the built HTML of each opted-out page, so every indexer
 * (`docent index`, `docent serve`) leaves it out too, not only this plugin.
 */
export async function markOptedOut(build: BuildOutput, optedOut: ReadonlySet<string>): Promise<void> {
  const marker = '<meta name="docent" content="false">';
  await Promise.all(
    [...optedOut].map(async (permalink) => {
      const route = withoutBase(permalink, build.baseUrl).replace(/\/+$/, '');
      for (const candidate of [`${route || '/index'}.html`, `${route}/index.html`]) {
        const file = path.join(build.outDir, candidate);
        const html = await readFile(file, 'utf8').catch(() => null);
        if (html === null) continue;
        if (!html.includes(marker)) await writeFile(file, withMeta(html, marker));
        return;
      }
    }),
  );
}

/**
 * Puts a tag first in the page's head. Minified pages may leave out the optional `<head>` tag: then it goes
 * right after `<html>`, where the browser starts the head anyway. (`<head\b` alone would also match `<header>`.)
 */
function withMeta(html: string, tag: string): string {
  for (const opening of [/<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i]) {
    const match = opening.exec(html);
    if (match) return html.slice(0, match.index + match[0].length) + tag + html.slice(match.index + match[0].length);
  }
  return tag + html;
}

async function write(outDir: string, relative: string, content: string): Promise<void> {
  const file = path.join(outDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** The widget's shadow roots load these from /docent/ (see useDocentWidget): the buttons, the chat elements, the dialog, the page feedback. */
async function copyWidgetStylesheets(outDir: string): Promise<void> {
  const dist = path.dirname(require.resolve('@docent/widget/dist/docent.css'));
  await mkdir(path.join(outDir, 'docent'), { recursive: true });
  await Promise.all(
    STYLESHEETS.map((name) => copyFile(path.join(dist, name), path.join(outDir, 'docent', name))),
  );
}
