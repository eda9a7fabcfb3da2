import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sectionsFromDirectory } from '../src/node/index.js';
import { buildIndex } from '../src/index.js';
import type { DocentIndex, Section } from '../src/index.js';

export const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const siteDir = path.join(fixtures, 'site');

export function fixture(name: string): string {
  return readFileSync(path.join(fixtures, name), 'utf8');
}

let cached: DocentIndex | undefined;

/** The index of the fixture site (test/fixtures/site), built once. */
export async function fixtureIndex(): Promise<DocentIndex> {
  cached ??= buildIndex(await sectionsFromDirectory(siteDir, { cleanTitles: true }));
  return cached;
}

/** A level-2 section of `pageUrl` (whose title is its path without the slash), built by hand for ranking tests. */
export function section(pageUrl: string, heading: string, text: string): Section {
  return { id: `${pageUrl}#${heading}`, url: `${pageUrl}#${heading}`, pageUrl, pageTitle: pageUrl.slice(1), heading, level: 2, breadcrumb: [pageUrl.slice(1), heading], text, description: '' };
}
