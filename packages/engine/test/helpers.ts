import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sectionsFromDirectory } from '../src/node/index.js';
import { buildIndex } from '../src/index.js';
import type { DocentIndex } from '../src/index.js';

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
