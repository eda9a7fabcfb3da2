/**
 * The served site's pages, extracted by the same engine as the browser's index (so both rank alike), with the
 * inline code the Content-Security-Policy allows. Read on start and again whenever the site is rebuilt: the
 * server watches the site's `index.html`, which every build rewrites. The search index itself is the project's
 * (app/content.ts), built from these sections and the project's sources.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { unwatchFile, watchFile } from 'node:fs';
import path from 'node:path';
import { checkSynonyms, type Section } from '@docent/engine';
import { MAX_PAGE_BYTES, sectionsFromDirectory } from '@docent/engine/node';
import { canonicalOrigin } from '../app/urls.js';
import { inlineHashesOf, mergeInlineHashes, type InlineHashes } from './inlineHashes.js';

export interface SiteSnapshot {
  /** The site's sections; the project's index (app/content.ts) is built from them and the project's sources. */
  extracted: readonly Section[];
  pages: number;
  sections: number;
  /** The site's name: the part of the home page's `<title>` after the last `|`. */
  siteName: string | null;
  /** The site's own `url`: the origin of the home page's canonical link, or null. */
  siteUrl: string | null;
  /** The inline scripts and styles of every page, which the Content-Security-Policy allows by hash. */
  inline: InlineHashes;
  /** The synonyms the site's own index file carries (the Docusaurus plugin's `synonyms`, `docent index --synonyms`). */
  synonyms: string[][];
  indexedAt: Date;
}

const WATCH_INTERVAL_MS = 1000;

async function homePage(siteDir: string): Promise<string> {
  try {
    return await readFile(path.join(siteDir, 'index.html'), 'utf8');
  } catch {
    return '';
  }
}

function siteNameOf(html: string): string | null {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  if (!title) return null;
  return title.split('|').pop()?.trim() || title;
}

/** The inline scripts and styles of every HTML file in the site, each once. */
export async function siteInlineHashes(siteDir: string): Promise<InlineHashes> {
  const files = (await readdir(siteDir, { recursive: true })).filter((file) => file.endsWith('.html'));
  const pages: InlineHashes[] = [];
  for (const file of files) {
    const full = path.join(siteDir, file);
    // A page too large to index is not worth hashing either: it is served, and its inline code is allowed by
    // the page's own policy when it is requested.
    if ((await stat(full)).size > MAX_PAGE_BYTES) continue;
    pages.push(inlineHashesOf(await readFile(full, 'utf8')));
  }
  return mergeInlineHashes(pages);
}

/** The name of the index file the Docusaurus plugin and `docent index` write at the site's root. */
const SITE_INDEX_FILE = 'docent-index.json';

/**
 * The synonym groups of the site's index file, so that the server's index of the site expands queries as the
 * browser's does. None when the site has no index file or its file has none; a file the engine would refuse is
 * reported and read as none.
 */
export async function siteSynonyms(siteDir: string, log: (message: string) => void): Promise<string[][]> {
  let text: string;
  try {
    text = await readFile(path.join(siteDir, SITE_INDEX_FILE), 'utf8');
  } catch {
    return [];
  }
  try {
    const groups = (JSON.parse(text) as { synonyms?: unknown }).synonyms;
    return groups === undefined ? [] : checkSynonyms(groups);
  } catch (error) {
    log(`the synonyms of ${path.join(siteDir, SITE_INDEX_FILE)} are left out: ${(error as Error).message}`);
    return [];
  }
}

export async function indexSite(siteDir: string, log: (message: string) => void = () => undefined): Promise<SiteSnapshot> {
  const sections = await sectionsFromDirectory(siteDir, { cleanTitles: true, onSkip: (file, reason) => log(`skipped ${path.join(siteDir, file)}: ${reason}`) });
  const home = await homePage(siteDir);
  if (sections.length === 0) {
    throw new Error(`${siteDir} has no HTML pages to index: build the site first, or pass the folder the build writes to --site.`);
  }
  return {
    extracted: sections,
    pages: new Set(sections.map((section) => section.pageUrl)).size,
    sections: sections.length,
    siteName: siteNameOf(home),
    siteUrl: canonicalOrigin(home),
    inline: await siteInlineHashes(siteDir),
    synonyms: await siteSynonyms(siteDir, log),
    indexedAt: new Date(),
  };
}

/** The current snapshot, replaced when the site is rebuilt. A failed re-index keeps the previous one. */
export class SiteIndex {
  private constructor(
    private readonly siteDir: string,
    private current: SiteSnapshot,
    private readonly log: (message: string) => void,
  ) {}

  static async open(siteDir: string, log: (message: string) => void): Promise<SiteIndex> {
    return new SiteIndex(siteDir, await indexSite(siteDir, log), log);
  }

  get snapshot(): SiteSnapshot {
    return this.current;
  }

  /** Re-indexes now (also what the watcher calls); `changed` runs after a successful re-index. */
  async refresh(changed: () => unknown = () => undefined): Promise<void> {
    try {
      this.current = await indexSite(this.siteDir, this.log);
      this.log(`re-indexed ${this.current.pages} pages (${this.current.sections} sections) after the site changed`);
      await changed();
    } catch (error) {
      this.log(`the site changed but could not be re-indexed; still answering from the previous index: ${(error as Error).message}`);
    }
  }

  watch(afterRefresh: () => unknown = () => undefined): () => void {
    const file = path.join(this.siteDir, 'index.html');
    let pending: ReturnType<typeof setTimeout> | undefined;
    const changed = (now: { mtimeMs: number }, before: { mtimeMs: number }): void => {
      if (now.mtimeMs === before.mtimeMs || now.mtimeMs === 0) return;
      clearTimeout(pending);
      // A build writes many files; wait until it has been quiet for a moment.
      pending = setTimeout(() => void this.refresh(afterRefresh), WATCH_INTERVAL_MS);
    };
    watchFile(file, { interval: WATCH_INTERVAL_MS, persistent: false }, changed);
    return () => {
      clearTimeout(pending);
      unwatchFile(file, changed);
    };
  }
}
