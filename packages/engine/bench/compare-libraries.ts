/**
 * Compares the candidate search libraries (MiniSearch, FlexSearch, Orama) on the sections of a
 * built site: gzip size of the browser code each one adds, index build time, serialized index
 * size, and query latency. The figures in README.md come from this script.
 *
 * FlexSearch and Orama are not dependencies of the engine. Install the three in a scratch folder
 * and point LIBCMP_DIR at it; run from the repository root (where tsx is installed):
 *
 *   mkdir /tmp/libcmp && cd /tmp/libcmp && npm init -y
 *   npm install minisearch flexsearch @orama/orama esbuild
 *   cd - && LIBCMP_DIR=/tmp/libcmp node --import tsx packages/engine/bench/compare-libraries.ts [built-site-dir]
 */
import { createRequire } from 'node:module';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sectionsFromDirectory } from '../src/node/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const siteDir = process.argv[2] ?? path.resolve(here, '../../../website/build');
const libraryDir = process.env.LIBCMP_DIR ?? process.cwd();
const requireHere = createRequire(path.join(libraryDir, 'package.json'));

async function load<T>(name: string): Promise<T> {
  const resolved = requireHere.resolve(name);
  return (await import(pathToFileURL(resolved).href)) as T;
}

const QUERIES = [
  'install', 'instal', 'docusaurus plugin', 'dark mode', 'drak mode', 'api key', 'suggested questions',
  'citation', 'citations', 'text fragment', 'static mode', 'connected mode', 'sitemap', 'github source',
  'rate limit', 'feedback', 'analytics', 'whitelabel', 'hide branding', 'custom prompt', 'ollama',
  'shortcut', 'keyboard', 'embed', 'embedded mode', 'css variables', 'z-index', 'openapi', 'mcp server',
  'hugo', 'jekyll', 'react', 'vue', 'next.js', 'wordpress', 'confluence', 'privacy', 'consent',
  'conf', 'configur', 'searh', 'serch button', 'postbuild', 'llms.txt', 'project id', 'roles',
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function time(search: (query: string) => unknown, rounds = 20): { p50: number; p95: number } {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of QUERIES) {
      const start = performance.now();
      search(query);
      samples.push(performance.now() - start);
    }
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function bundleSize(entry: string): Promise<number> {
  const esbuild = await load<typeof import('esbuild')>('esbuild');
  const dir = await mkdtemp(path.join(tmpdir(), 'docent-libcmp-'));
  const file = path.join(dir, 'entry.mjs');
  await writeFile(file, entry);
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    nodePaths: [path.join(libraryDir, 'node_modules')],
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]!.contents).length;
}

interface Row {
  library: string;
  bundleGzip: number;
  buildMs: number;
  indexRaw: number;
  indexGzip: number;
  p50: number;
  p95: number;
  found: number;
}

async function main(): Promise<void> {
  const sections = await sectionsFromDirectory(siteDir, { cleanTitles: true });
  const docs = sections.map((section, id) => ({
    id,
    pageTitle: section.pageTitle,
    heading: section.heading,
    text: section.text,
  }));
  console.log(`${sections.length} sections from ${siteDir}`);
  const rows: Row[] = [];

  // MiniSearch: prefix + fuzzy (edit distance) search, field boosts, JSON serialisation.
  {
    const { default: MiniSearch } = await load<typeof import('minisearch')>('minisearch');
    const options = { fields: ['pageTitle', 'heading', 'text'] };
    const start = performance.now();
    const index = new MiniSearch(options);
    index.addAll(docs);
    const buildMs = performance.now() - start;
    const json = JSON.stringify(index);
    let found = 0;
    const search = (query: string) =>
      index.search(query, {
        prefix: true,
        fuzzy: (term: string) => (term.length >= 4 ? 1 : false),
        boost: { pageTitle: 3, heading: 2 },
      });
    for (const query of QUERIES) if (search(query).length) found++;
    const timing = time(search);
    rows.push({
      library: 'minisearch',
      bundleGzip: await bundleSize(
        `import MiniSearch from 'minisearch';
         const o = { fields: ['pageTitle','heading','text'] };
         const m = new MiniSearch(o); m.addAll([]);
         export const r = [m.search('x', { prefix: true, fuzzy: 0.2, boost: { heading: 2 } }), JSON.stringify(m), MiniSearch.loadJS({}, o)];`,
      ),
      buildMs,
      indexRaw: json.length,
      indexGzip: gzipSync(json).length,
      ...timing,
      found,
    });
  }

  // FlexSearch: Document index with forward tokenizer (prefix); typo tolerance only through the
  // encoder's phonetic normalisation and `suggest`.
  {
    const FlexSearch = await load<unknown>('flexsearch');
    type FlexModule = { Document: new (options: object) => FlexDocument };
    const loaded = FlexSearch as unknown as FlexModule & { default?: FlexModule };
    const flex = loaded.default ?? loaded;
    interface FlexDocument {
      add(doc: object): void;
      search(query: string, options: object): Array<{ field: string; result: number[] }>;
      export(handler: (key: string, data: string) => void): void;
    }
    const start = performance.now();
    const index = new flex.Document({
      document: { id: 'id', index: ['pageTitle', 'heading', 'text'] },
      tokenize: 'forward',
      encoder: 'LatinBalance',
    });
    for (const doc of docs) index.add(doc);
    const buildMs = performance.now() - start;
    const parts: Record<string, string> = {};
    index.export((key, data) => {
      parts[key] = data;
    });
    const json = JSON.stringify(parts);
    let found = 0;
    const search = (query: string) => index.search(query, { limit: 20, suggest: true });
    for (const query of QUERIES) if (search(query).some((field) => field.result.length)) found++;
    const timing = time(search);
    rows.push({
      library: 'flexsearch',
      bundleGzip: await bundleSize(
        `import { Document } from 'flexsearch';
         const d = new Document({ document: { id: 'id', index: ['pageTitle','heading','text'] }, tokenize: 'forward' });
         d.add({ id: 1, text: 'x' });
         export const r = [d.search('x', { suggest: true }), d.export(() => {}), d.import('k', '')];`,
      ),
      buildMs,
      indexRaw: json.length,
      indexGzip: gzipSync(json).length,
      ...timing,
      found,
    });
  }

  // Orama: BM25 full-text search with typo `tolerance`, save/load of the whole database.
  {
    const orama = await load<{
      create(options: object): unknown;
      insert(db: unknown, doc: object): unknown;
      search(db: unknown, params: object): unknown;
      save(db: unknown): unknown;
    }>('@orama/orama');
    const start = performance.now();
    const db = orama.create({ schema: { pageTitle: 'string', heading: 'string', text: 'string' } });
    for (const doc of docs) {
      orama.insert(db, { pageTitle: doc.pageTitle, heading: doc.heading, text: doc.text });
    }
    const buildMs = performance.now() - start;
    const json = JSON.stringify(orama.save(db));
    let found = 0;
    const search = (query: string) =>
      orama.search(db, { term: query, tolerance: 1, boost: { pageTitle: 3, heading: 2 }, limit: 20 }) as {
        hits: unknown[];
      };
    for (const query of QUERIES) if (search(query).hits.length) found++;
    const timing = time(search);
    rows.push({
      library: 'orama',
      bundleGzip: await bundleSize(
        `import { create, insert, search, save, load } from '@orama/orama';
         const db = create({ schema: { pageTitle: 'string', heading: 'string', text: 'string' } });
         insert(db, { pageTitle: 'a', heading: 'b', text: 'c' });
         export const r = [search(db, { term: 'x', tolerance: 1, boost: { heading: 2 } }), save(db), load(db, {})];`,
      ),
      buildMs,
      indexRaw: json.length,
      indexGzip: gzipSync(json).length,
      ...timing,
      found,
    });
  }

  console.log(`queries: ${QUERIES.length}, each run 20 times`);
  console.log('library     bundle gzip  build ms  index raw  index gzip  query p50 ms  query p95 ms  queries with hits');
  for (const row of rows) {
    console.log(
      [
        row.library.padEnd(10),
        `${(row.bundleGzip / 1024).toFixed(1)} KB`.padStart(11),
        row.buildMs.toFixed(1).padStart(8),
        `${(row.indexRaw / 1024).toFixed(0)} KB`.padStart(9),
        `${(row.indexGzip / 1024).toFixed(0)} KB`.padStart(10),
        row.p50.toFixed(3).padStart(12),
        row.p95.toFixed(3).padStart(12),
        `${row.found}/${QUERIES.length}`.padStart(17),
      ].join('  '),
    );
  }
}

await main();
