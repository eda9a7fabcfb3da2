// Search quality and cost on real documentation nobody here wrote (the dev corpora: Django, Node.js and Git as
// Debian packages them) and on this site, in one run: Docent's engine, Pagefind 1.6 (in Chromium) and plain
// MiniSearch, each on the same questions. For each corpus and question set (dev, which ranking was tuned on, and
// holdout, which it never was): recall@1, recall@5 and MRR of each, and for Docent and Pagefind the index time, the
// bytes a reader downloads in all and before the first result (gzip), and Docent's peak memory while indexing.
// Last, the cost on a site of about 1,000 pages: the four Debian manuals under one root, in Chromium.
//   node scripts/bench-search.mjs [corpus…]   (default: django nodejs git own large; `own` needs website/build)
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { indexInBrowser } from './bench-parts.mjs';
import { ensureCorpus } from './corpora.mjs';
import { ROOT, WEBSITE } from './lib.mjs';
import { miniSearchRankings, pagefindRankings, RANK_DEPTH } from './search-peers.mjs';

const execute = promisify(execFile);
const ENGINE = join(ROOT, 'packages', 'engine', 'dist');
const QUESTIONS = join(ROOT, 'packages', 'engine', 'test', 'questions');

/**
 * Where each corpus's questions are, by set: the dev corpora keep dev and holdout side by side. Ours are public (dev),
 * fresh and fresh2 (two more dev sets, each written by people who had read none of the others) and holdout.
 */
function questionFiles(name) {
  if (name === 'own') {
    return { dev: join(QUESTIONS, 'public.json'), fresh: join(QUESTIONS, 'fresh.json'), fresh2: join(QUESTIONS, 'fresh2.json'), holdout: join(QUESTIONS, 'holdout.json') };
  }
  return { dev: join(QUESTIONS, name, 'dev.json'), holdout: join(QUESTIONS, name, 'holdout.json') };
}

/** recall@1, recall@5 and MRR of ranked page routes against each question's expected routes. */
export function scoreRankings(questions, rankings) {
  let at1 = 0;
  let at5 = 0;
  let reciprocal = 0;
  questions.forEach((question, position) => {
    const rank = (rankings[position] ?? []).findIndex((route) => question.expect.includes(route)) + 1;
    if (rank === 1) at1 += 1;
    if (rank >= 1 && rank <= 5) at5 += 1;
    if (rank >= 1) reciprocal += 1 / rank;
  });
  const count = questions.length || 1;
  return { recall1: at1 / count, recall5: at5 / count, mrr: reciprocal / count };
}

/**
 * Docent's index of a folder, built in a child process so that its peak memory is its own: the time, the peak RSS,
 * and the index file's size (the widget downloads it whole before the first result). The index is written to
 * `indexFile`.
 */
async function docentIndexCost(dir, indexFile, synonyms) {
  const script = `
    const { buildIndex, serializeIndex } = await import(${JSON.stringify(pathToFileURL(join(ENGINE, 'index.js')).href)});
    const { sectionsFromDirectory } = await import(${JSON.stringify(pathToFileURL(join(ENGINE, 'node', 'index.js')).href)});
    const { gzipSync } = await import('node:zlib');
    const started = performance.now();
    const index = buildIndex(await sectionsFromDirectory(${JSON.stringify(dir)}, { cleanTitles: true }), { synonyms: ${JSON.stringify(synonyms)} });
    const text = serializeIndex(index);
    const ms = performance.now() - started;
    (await import('node:fs')).writeFileSync(${JSON.stringify(indexFile)}, text);
    console.log(JSON.stringify({ ms, sections: index.sections.length, bytes: Buffer.byteLength(text), gzip: gzipSync(text).length, maxRssKiB: process.resourceUsage().maxRSS }));`;
  const { stdout } = await execute(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout);
}

async function docentRankings(dir, questions, synonyms) {
  const { buildIndex, search } = await import(pathToFileURL(join(ENGINE, 'index.js')).href);
  const { sectionsFromDirectory } = await import(pathToFileURL(join(ENGINE, 'node', 'index.js')).href);
  const sections = await sectionsFromDirectory(dir, { cleanTitles: true });
  const index = buildIndex(sections, { synonyms });
  const rankings = questions.map((question) => search(index, question.q, { limit: RANK_DEPTH, maxSectionsPerPage: 1 }).map((page) => page.pageUrl));
  return { rankings, sections };
}

/** Queries a reader of any documentation might type, run before the timed questions so the engine's code is compiled. */
const WARM_UP_QUERIES = [
  'install', 'configuration options', 'how do i get started', 'error handling', 'upgrade to the latest version',
  'environment variables', 'command line arguments', 'debug logging', 'run the tests', 'performance tips',
  'authentication', 'deprecated', 'read a file', 'timeout', 'default value of a setting',
  'migrate', 'permissions', 'create a new project', 'what is the difference', 'examples',
];

/** Fresh processes the query times are measured in: one process's p95 of about 50 questions swings with its pauses. */
const TIMING_RUNS = 5;

/**
 * The engine's query time in Node, in fresh processes that each load the index file and warm it (`warmSearch`) as
 * `docent serve` does: the first query after that, the same query once warm (median of 5), and each question's first
 * run once the warm-up queries above have run (p50 and p95). A question's first run still pays for what a search
 * computes per section on first use. Each figure is the median of the runs.
 */
async function docentQueryTimes(indexFile, questions) {
  const script = `
    const { readFileSync } = await import('node:fs');
    const { loadIndex, search, warmSearch } = await import(${JSON.stringify(pathToFileURL(join(ENGINE, 'index.js')).href)});
    const index = loadIndex(readFileSync(${JSON.stringify(indexFile)}, 'utf8'));
    await warmSearch(index);
    const time = (query) => { const started = performance.now(); search(index, query, { limit: ${RANK_DEPTH}, maxSectionsPerPage: 1 }); return performance.now() - started; };
    const warmUp = ${JSON.stringify(WARM_UP_QUERIES)};
    const first = time(warmUp[0]);
    warmUp.slice(1).forEach(time);
    const again = [1, 2, 3, 4, 5].map(() => time(warmUp[0])).sort((a, b) => a - b);
    const durations = ${JSON.stringify(questions.map((question) => question.q))}.map(time).sort((a, b) => a - b);
    const at = (share) => durations[Math.floor(durations.length * share)] ?? 0;
    console.log(JSON.stringify({ first, ratio: first / again[2], p50: at(0.5), p95: at(0.95) }));`;
  const runs = [];
  for (let run = 0; run < TIMING_RUNS; run++) {
    const { stdout } = await execute(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 1 << 20 });
    runs.push(JSON.parse(stdout));
  }
  const median = (key) => runs.map((entry) => entry[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  return { p50: median('p50'), p95: median('p95'), first: median('first'), ratio: median('ratio') };
}

const fixed = (value, digits = 3) => value.toFixed(digits);
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

/** The Debian manuals joined under one root for the large-site figures, and the corpora whose questions it is asked. */
const LARGE_SITE_PARTS = ['django', 'nodejs', 'git', 'sphinx'];
const LARGE_SITE_QUESTIONS = ['django', 'nodejs', 'git'];
/** The targets for a site of about 1,000 pages: what the first result downloads, and each keystroke's p95 in Chromium. */
const LARGE_FIRST_RESULT_GZIP = 500_000;
const LARGE_KEYSTROKE_P95_MS = 16;

/**
 * A site of about 1,000 pages: the four manuals in one folder (each under its own path), indexed as `docent index`
 * would, searched in Chromium with the dev questions of three of them typed a character at a time.
 */
async function largeSiteCost(chromiumPath) {
  const dir = await mkdtemp(join(tmpdir(), 'docent-bench-large-'));
  try {
    for (const name of LARGE_SITE_PARTS) await cp((await ensureCorpus(name)).dir, join(dir, name), { recursive: true });
    const questions = [];
    for (const name of LARGE_SITE_QUESTIONS) questions.push(...JSON.parse(await readFile(questionFiles(name).dev, 'utf8')).map((question) => question.q));
    const htmlFiles = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.html')).length;
    return { htmlFiles, ...(await indexInBrowser({ dir, questions, chromiumPath })) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs every corpus (`large`: the joined manuals, for cost only) and prints one table of quality and one of cost. */
export async function benchSearch({ corpora = ['django', 'nodejs', 'git', 'own', 'large'], chromiumPath } = {}) {
  const quality = [];
  const cost = [];
  let large = null;
  for (const name of corpora) {
    if (name === 'large') {
      large = await largeSiteCost(chromiumPath);
      continue;
    }
    const dir = name === 'own' ? join(WEBSITE, 'build') : (await ensureCorpus(name)).dir;
    // This site's index carries the synonyms of website/synonyms.json (docusaurus.config.ts); the manuals have none.
    const synonyms = name === 'own' ? JSON.parse(await readFile(join(WEBSITE, 'synonyms.json'), 'utf8')) : [];
    const files = questionFiles(name);
    const sets = {};
    for (const [set, file] of Object.entries(files)) sets[set] = JSON.parse(await readFile(file, 'utf8'));
    const all = Object.values(sets).flat();
    const docent = await docentRankings(dir, all, synonyms);
    const mini = miniSearchRankings({ sections: docent.sections, questions: all.map((question) => question.q) });
    const pagefind = await pagefindRankings({ siteDir: dir, questions: all.map((question) => question.q), chromiumPath });
    let offset = 0;
    for (const [set, questions] of Object.entries(sets)) {
      const slice = (rankings) => rankings.slice(offset, offset + questions.length);
      quality.push({ name, set, count: questions.length, docent: scoreRankings(questions, slice(docent.rankings)), pagefind: scoreRankings(questions, slice(pagefind.rankings)), minisearch: scoreRankings(questions, slice(mini.rankings)) });
      offset += questions.length;
    }
    const scratch = await mkdtemp(join(tmpdir(), 'docent-bench-search-'));
    try {
      const indexFile = join(scratch, 'docent-index.json');
      const indexCost = await docentIndexCost(dir, indexFile, synonyms);
      const browser = await indexInBrowser({ dir, questions: sets.dev.map((question) => question.q), chromiumPath });
      const query = await docentQueryTimes(indexFile, all);
      cost.push({ name, docent: { ...indexCost, query, browser }, pagefind, minisearch: mini });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  console.log('search quality (page routes, top 10; dev, fresh and fresh2 were tuned on, holdout never):');
  console.log('corpus   set      n   | Docent r@1 r@5  MRR   | Pagefind r@1 r@5  MRR  | MiniSearch r@1 r@5  MRR | Docent MRR − best peer');
  for (const row of quality) {
    const cells = [row.docent, row.pagefind, row.minisearch].map((scores) => `${fixed(scores.recall1)} ${fixed(scores.recall5)} ${fixed(scores.mrr)}`);
    const margin = row.docent.mrr - Math.max(row.pagefind.mrr, row.minisearch.mrr);
    console.log(`${row.name.padEnd(8)} ${row.set.padEnd(8)} ${String(row.count).padStart(3)} | ${cells.join(' | ')} | ${margin >= 0 ? '+' : ''}${fixed(margin)}`);
  }
  console.log('');
  console.log('search cost (Docent: the index files docent index writes, one or a manifest and parts, and what its first result downloads in Chromium; Pagefind: the same):');
  for (const row of cost) {
    const { docent, pagefind } = row;
    console.log(
      `${row.name.padEnd(8)} Docent: ${docent.sections} sections, index ${(docent.ms / 1000).toFixed(1)} s, peak RSS ${(docent.maxRssKiB / 1024).toFixed(0)} MiB, ` +
        `${docent.browser.layout === 'parts' ? `${docent.browser.files} files` : 'one file'}, ${kib(docent.browser.totalGzip)} gzip in all, first result ${kib(docent.browser.firstResult.bytes)} in ${docent.browser.firstResult.requests} requests, ` +
        `keystroke p50 ${fixed(docent.browser.keystroke.p50, 1)} ms p95 ${fixed(docent.browser.keystroke.p95, 1)} ms (Chromium, ${docent.browser.keystroke.count}), query p50 ${fixed(docent.query.p50, 1)} ms p95 ${fixed(docent.query.p95, 1)} ms (Node, each question's first run), ` +
        `first query after load ${fixed(docent.query.first, 1)} ms, ${fixed(docent.query.ratio, 1)}× the same query warm (medians of ${TIMING_RUNS} processes) | ` +
        `Pagefind: ${pagefind.pageCount} pages, index ${(pagefind.indexMs / 1000).toFixed(1)} s, bundle ${kib(pagefind.bundle.gzipBytes)} gzip, first query ${kib(pagefind.firstQuery.bytes)} ` +
        `in ${pagefind.firstQuery.requests} requests, query p50 ${fixed(pagefind.queryMs.median, 0)} ms p95 ${fixed(pagefind.queryMs.p95, 0)} ms (Chromium) | ` +
        `MiniSearch: index ${(row.minisearch.indexMs / 1000).toFixed(1)} s, query p50 ${fixed(row.minisearch.queryMs.median, 1)} ms p95 ${fixed(row.minisearch.queryMs.p95, 1)} ms`,
    );
  }
  if (large) {
    const verdict = (ok) => (ok ? 'met' : 'NOT met');
    console.log(
      `large    Docent: ${large.htmlFiles} HTML pages (${LARGE_SITE_PARTS.join(', ')} under one root), ${large.pages} indexed (the rest generated or empty), ${large.sections} sections, ${large.files} files, ${kib(large.totalGzip)} gzip in all, ` +
        `first result ${kib(large.firstResult.bytes)} in ${large.firstResult.requests} requests (target ${LARGE_FIRST_RESULT_GZIP / 1000} KB: ${verdict(large.firstResult.bytes <= LARGE_FIRST_RESULT_GZIP)}), ` +
        `keystroke p50 ${fixed(large.keystroke.p50, 1)} ms p95 ${fixed(large.keystroke.p95, 1)} ms (Chromium, ${large.keystroke.count}; target ${LARGE_KEYSTROKE_P95_MS} ms: ${verdict(large.keystroke.p95 <= LARGE_KEYSTROKE_P95_MS)})`,
    );
  }
  return { quality, cost, large };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const corpora = process.argv.slice(2);
  await benchSearch(corpora.length ? { corpora } : {});
}
