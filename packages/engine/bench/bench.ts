/**
 * Engine benchmark over a built site (default: website/build of this repository):
 * index size (raw and gzip), build and load time, and search and answer latency (p50/p95), also over every
 * question of the public question set (test/questions/public.json) against the p95 target.
 *
 *   node --import tsx packages/engine/bench/bench.ts [built-site-dir]
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { answer, buildIndex, loadIndex, search, serializeIndex } from '../src/index.js';
import { sectionsFromDirectory } from '../src/node/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const siteDir = path.resolve(process.argv[2] ?? path.join(here, '../../../website/build'));
const publicQuestionsFile = path.join(here, '../test/questions/public.json');

/** The latency target for one search or answer over the public question set. */
const P95_TARGET_MS = 10;

/** What readers type in the search box: words, prefixes, typos. */
export const SEARCH_QUERIES = [
  'install', 'instal', 'docusaurus plugin', 'dark mode', 'drak mode', 'api key', 'suggested questions',
  'citation', 'text fragment', 'static mode', 'connected mode', 'sitemap', 'github source', 'rate limit',
  'feedback', 'analytics', 'whitelabel', 'hide branding', 'custom prompt', 'ollama', 'shortcut', 'keyboard',
  'embedded mode', 'css custom properties', 'z-index', 'openapi', 'mcp server', 'hugo', 'jekyll', 'react',
  'vue', 'next.js', 'wordpress', 'confluence', 'privacy', 'consent', 'conf', 'configur', 'searh',
  'serch button', 'postbuild', 'llms.txt', 'project id', 'roles', 'docent index', 'docent eval', 'quota',
  'store-history', 'index-url', 'csp',
];

/** What readers ask the assistant. */
export const QUESTIONS = [
  'How do I enable dark mode?', 'How do I install Docent on Docusaurus?', 'Does Docent use cookies?',
  'How can I add suggested questions?', 'Which LLM providers can I use?', 'How do I hide the Powered by Docent branding?',
  'How do I change the keyboard shortcut?', 'How do I add Docent to a Hugo site?', 'Can I use Ollama as the model?',
  'How do I fail CI when answers get worse?', 'How do I add a sitemap source?', 'Where does the server store its data?',
  'How do I give a teammate access to a project?', 'What scopes can an API key have?',
  'How do I put the chat panel inside a page?', 'How do I keep a page out of the search index?',
  'The index file returns 404, what do I do?', 'How do I change the colors of the widget?',
  'Can I index a private GitHub repository?', 'How do I connect Claude Desktop to my docs?',
  'What happens when a project goes over its message quota?', 'How do I write a custom prompt template?',
  'How do I upload PDF files?', 'How do I show a greeting message in the chat?',
  'What is the capital of France?', 'How do I bake bread?',
];

/** The `q` of every entry of the public question set (an array of `{ q, expect }`). */
async function readPublicQuestions(): Promise<string[]> {
  const entries: unknown = JSON.parse(await readFile(publicQuestionsFile, 'utf8'));
  if (!Array.isArray(entries)) throw new Error(`${publicQuestionsFile}: expected an array of { q, expect }`);
  return entries.map((entry: unknown, position) => {
    const q = typeof entry === 'object' && entry !== null ? (entry as { q?: unknown }).q : undefined;
    if (typeof q !== 'string') throw new Error(`${publicQuestionsFile}: entry ${position} has no string "q"`);
    return q;
  });
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface Latency {
  p50: number;
  p95: number;
  max: number;
}

function measure(inputs: readonly string[], run: (input: string) => unknown, rounds: number): Latency {
  for (const input of inputs) run(input); // warm-up
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const input of inputs) {
      const start = performance.now();
      run(input);
      samples.push(performance.now() - start);
    }
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), max: Math.max(...samples) };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number): string => `${value.toFixed(value < 1 ? 3 : 1)} ms`;
const verdict = (times: Latency): string => (times.p95 <= P95_TARGET_MS ? 'met' : 'MISSED');
const latencyRow = (call: string, times: Latency): string =>
  `| ${call} | ${ms(times.p50)} | ${ms(times.p95)} | ${ms(times.max)} | ${verdict(times)} |`;

async function main(): Promise<void> {
  if (!existsSync(path.join(siteDir, 'index.html'))) {
    console.error(`No built site in ${siteDir}: build the site first, or pass the folder of a built site.`);
    process.exitCode = 1;
    return;
  }
  const readStart = performance.now();
  const sections = await sectionsFromDirectory(siteDir, { cleanTitles: true });
  const readMs = performance.now() - readStart;
  const pages = new Set(sections.map((section) => section.pageUrl)).size;

  const buildStart = performance.now();
  const index = buildIndex(sections);
  const buildMs = performance.now() - buildStart;

  const file = serializeIndex(index);
  const raw = Buffer.byteLength(file);
  const gzip = gzipSync(file, { level: 9 }).length;

  const loadStart = performance.now();
  const loaded = loadIndex(file);
  const loadMs = performance.now() - loadStart;

  const searchTimes = measure(SEARCH_QUERIES, (query) => search(loaded, query), 20);
  const answerTimes = measure(QUESTIONS, (question) => answer(loaded, question), 10);
  const answered = QUESTIONS.filter((question) => answer(loaded, question).answered).length;
  const publicQuestions = await readPublicQuestions();
  const publicSearchTimes = measure(publicQuestions, (question) => search(loaded, question), 5);
  const publicAnswerTimes = measure(publicQuestions, (question) => answer(loaded, question), 5);

  console.log(`site                 ${siteDir}`);
  console.log(`pages / sections     ${pages} / ${sections.length}`);
  console.log(`index size           ${kb(raw)} raw, ${kb(gzip)} gzip (hash ${index.hash})`);
  console.log(`extract sections     ${ms(readMs)} (read + parse HTML)`);
  console.log(`build index          ${ms(buildMs)}`);
  console.log(`load index           ${ms(loadMs)} (parse, validate, verify hash)`);
  console.log(
    `search latency       p50 ${ms(searchTimes.p50)}, p95 ${ms(searchTimes.p95)}, max ${ms(searchTimes.max)} ` +
      `(${SEARCH_QUERIES.length} queries x 20)`,
  );
  console.log(
    `answer latency       p50 ${ms(answerTimes.p50)}, p95 ${ms(answerTimes.p95)}, max ${ms(answerTimes.max)} ` +
      `(${QUESTIONS.length} questions x 10; ${answered} answered)`,
  );
  console.log('');
  console.log(`latency over the public question set (${publicQuestions.length} questions x 5, test/questions/public.json):`);
  console.log(`| call | p50 | p95 | max | target p95 <= ${P95_TARGET_MS} ms |`);
  console.log('|---|---|---|---|---|');
  console.log(latencyRow('search(q)', publicSearchTimes));
  console.log(latencyRow('answer(q)', publicAnswerTimes));
}

await main();
