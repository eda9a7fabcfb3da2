import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedOptions } from '../options';
import { groupByPage, llmsFull, llmsIndex, markdownFileOf, pageToMarkdown } from './markdown';

export interface BuildOutput {
  outDir: string;
  site: { title: string; tagline: string; url: string };
}

export interface ArtifactReport {
  pages: number;
  sections: number;
  indexBytes: number;
  milliseconds: number;
}

/**
 * Indexes the built HTML (not the Markdown sources: MDX components, partials and generated anchors
 * exist only there) and writes the index, llms.txt, llms-full.txt and a Markdown copy of each page.
 */
export async function writeArtifacts(
  build: BuildOutput,
  options: ResolvedOptions,
  optedOut: ReadonlySet<string> = new Set(),
): Promise<ArtifactReport> {
  const started = performance.now();
  // The engine is an ES module; this package is CommonJS, so it is loaded with import().
  const { buildIndex, serializeIndex } = await import('@docent/engine');
  const { sectionsFromDirectory } = await import('@docent/engine/node');
  const allSections = await sectionsFromDirectory(build.outDir, { cleanTitles: options.cleanTitles });
  const sections = allSections.filter((section) => !optedOut.has(section.pageUrl));
  const json = serializeIndex(buildIndex(sections));
  const pages = groupByPage(sections);

  const writes = [
    write(build.outDir, options.indexPath, json),
    write(build.outDir, 'llms.txt', llmsIndex(build.site, pages)),
    write(build.outDir, 'llms-full.txt', llmsFull(build.site, pages)),
    ...pages.map((page) => write(build.outDir, markdownFileOf(page.url), pageToMarkdown(page))),
  ];
  await Promise.all([...writes, copyWidgetStylesheets(build.outDir), copyFile(ANALYTICS_SCRIPT, path.join(build.outDir, 'analytics.js'))]);
  return {
    pages: pages.length,
    sections: sections.length,
    indexBytes: Buffer.byteLength(json),
    milliseconds: Math.round(performance.now() - started),
  };
}

async function write(outDir: string, relative: string, content: string): Promise<void> {
  const file = path.join(outDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** The page-view script, compiled from src/browser/analytics.ts. */
const ANALYTICS_SCRIPT = path.join(__dirname, '..', 'browser', 'analytics.js');

/** The widget's shadow roots load these from /docent/ (see useDocentWidget): the buttons, the dialog, the page feedback. */
async function copyWidgetStylesheets(outDir: string): Promise<void> {
  const dist = path.dirname(require.resolve('@docent/widget/dist/docent.css'));
  await mkdir(path.join(outDir, 'docent'), { recursive: true });
  await Promise.all(
    ['docent.css', 'docent-dialog.css', 'docent-feedback.css'].map((name) => copyFile(path.join(dist, name), path.join(outDir, 'docent', name))),
  );
}
