import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { answerAsync, loadIndex, search, searchAsync, type Answer, type DocentIndex } from '@docent/engine';
import { UsageError, type Io } from './usage.js';
import { parseQuestions, score, type Question } from '../eval/metrics.js';
import { fraction, parseCommand } from './args.js';

async function readText(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`eval: cannot read ${what} "${file}"; check the path`);
  }
}

/** Page paths in rank order for a question, from search results. */
export function searchRanking(index: DocentIndex, question: Question): string[] {
  return search(index, question.q, { limit: 10 }).map((page) => page.pageUrl);
}

/**
 * Page paths in the order the reader sees them under an answer: the cited pages, then the related pages
 * (or, when it does not answer, the closest pages).
 */
export function answerRanking(result: Answer): string[] {
  const cited = result.citations.map((citation) => pathOf(citation.sectionUrl));
  const listed = [...result.related, ...result.closest].map((page) => pathOf(page.url));
  return [...new Set([...cited, ...listed])];
}

function pathOf(url: string): string {
  return url.split('#')[0] ?? url;
}

/** What `docent eval --json` prints; every share is from 0 to 1, latencies in milliseconds. */
export interface EvalReport {
  questions: number;
  search: { recall1: number; recall5: number; mrr: number };
  /** answered: the share of questions answered; precision1: of those, the share whose first citation is on an expected page. */
  answers: { recall1: number; recall5: number; mrr: number; answered: number; precision1: number };
  /** Of one search, as the widget runs it on each keystroke. */
  latency: { p50: number; p95: number };
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/** Runs every question through search and answers (at `answerThreshold`, or the engine's default), and scores both. */
export async function evaluate(index: DocentIndex, questions: readonly Question[], answerThreshold?: number): Promise<EvalReport> {
  const durations: number[] = [];
  const searchRankings: string[][] = [];
  for (const question of questions) {
    // An index in parts loads what the question needs first, as the browser does on a reader's first query; the
    // timed search then runs on what is loaded.
    if (index.parts) await searchAsync(index, question.q, { limit: 10 });
    const started = performance.now();
    searchRankings.push(searchRanking(index, question));
    durations.push(performance.now() - started);
  }
  const answers: Answer[] = [];
  for (const question of questions) answers.push(await answerAsync(index, question.q, { threshold: answerThreshold }));
  const searchScores = score(questions, searchRankings);
  const answerScores = score(questions, answers.map(answerRanking));
  const answeredIndexes = answers.flatMap((result, position) => (result.answered ? [position] : []));
  const precise = answeredIndexes.filter((position) => {
    const first = answers[position]?.citations[0];
    return first !== undefined && (questions[position]?.expect ?? []).includes(pathOf(first.sectionUrl));
  });
  durations.sort((a, b) => a - b);
  const share = (count: number, of: number) => (of ? round(count / of, 3) : 0);
  return {
    questions: questions.length,
    search: { recall1: round(searchScores.recallAt1, 3), recall5: round(searchScores.recallAt5, 3), mrr: round(searchScores.mrr, 3) },
    answers: {
      recall1: round(answerScores.recallAt1, 3),
      recall5: round(answerScores.recallAt5, 3),
      mrr: round(answerScores.mrr, 3),
      answered: share(answeredIndexes.length, questions.length),
      precision1: share(precise.length, answeredIndexes.length),
    },
    latency: { p50: round(percentile(durations, 0.5), 2), p95: round(percentile(durations, 0.95), 2) },
  };
}

function format(label: string, scores: { recall1: number; recall5: number; mrr: number }): string {
  const pct = (value: number) => value.toFixed(3);
  return `${label.padEnd(8)} recall@1 ${pct(scores.recall1)}  recall@5 ${pct(scores.recall5)}  MRR ${pct(scores.mrr)}`;
}

/** An index file, and for an index in parts (what `docent index` writes for a large site) its parts beside it. */
async function loadIndexFile(file: string): Promise<DocentIndex> {
  const folder = path.dirname(file);
  return loadIndex(await readText(file, 'the index'), { fetchPart: (part) => readFile(path.join(folder, part), 'utf8') });
}

/** `docent eval <questions.json>`: scores search and answers on a question set. */
export async function runEval(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('eval', args, {
    index: { type: 'string', default: 'docent-index.json' },
    'min-recall': { type: 'string' },
    'min-mrr': { type: 'string' },
    'answer-threshold': { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    throw new UsageError('eval: give one question file, such as "docent eval questions.json --index build/docent-index.json"');
  }
  const minRecall = fraction('eval', 'min-recall', values['min-recall']);
  const minMrr = fraction('eval', 'min-mrr', values['min-mrr']);
  const answerThreshold = fraction('eval', 'answer-threshold', values['answer-threshold']);
  const questions = parseQuestions(await readText(file, 'the question file'), file);
  const index = await loadIndexFile(values.index);
  const report = await evaluate(index, questions, answerThreshold);
  if (values.json) io.out(`${JSON.stringify(report)}\n`);
  else {
    io.out(`${questions.length} questions against ${index.sections.length} sections\n`);
    io.out(`${format('search', report.search)}\n${format('answers', report.answers)}\n`);
    io.out(`answered ${report.answers.answered.toFixed(3)}  first citation right ${report.answers.precision1.toFixed(3)}  search p50 ${report.latency.p50} ms  p95 ${report.latency.p95} ms\n`);
  }
  const searchScores = { recallAt5: report.search.recall5, mrr: report.search.mrr };

  const failures: string[] = [];
  if (minRecall !== undefined && searchScores.recallAt5 < minRecall) {
    failures.push(`recall@5 ${searchScores.recallAt5.toFixed(3)} is below --min-recall ${minRecall}`);
  }
  if (minMrr !== undefined && searchScores.mrr < minMrr) {
    failures.push(`MRR ${searchScores.mrr.toFixed(3)} is below --min-mrr ${minMrr}`);
  }
  for (const failure of failures) io.err(`docent: eval: ${failure}\n`);
  return failures.length ? 1 : 0;
}
