import { readFile } from 'node:fs/promises';
import { answer, loadIndex, search, type DocentIndex } from '@docent/engine';
import { UsageError, type Io } from './usage.js';
import { parseQuestions, score, type Question, type Scores } from '../eval/metrics.js';
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
export function answerRanking(index: DocentIndex, question: Question): string[] {
  const result = answer(index, question.q);
  const pathOf = (url: string): string => url.split('#')[0] ?? url;
  const cited = result.citations.map((citation) => pathOf(citation.sectionUrl));
  const listed = [...result.related, ...result.closest].map((page) => pathOf(page.url));
  return [...new Set([...cited, ...listed])];
}

function format(label: string, scores: Scores): string {
  const pct = (value: number) => value.toFixed(3);
  return `${label.padEnd(8)} recall@1 ${pct(scores.recallAt1)}  recall@5 ${pct(scores.recallAt5)}  MRR ${pct(scores.mrr)}`;
}

/** `docent eval <questions.json>`: scores search and answers on a question set. */
export async function runEval(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('eval', args, {
    index: { type: 'string', default: 'docent-index.json' },
    'min-recall': { type: 'string' },
    'min-mrr': { type: 'string' },
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    throw new UsageError('eval: give one question file, such as "docent eval questions.json --index build/docent-index.json"');
  }
  const minRecall = fraction('eval', 'min-recall', values['min-recall']);
  const minMrr = fraction('eval', 'min-mrr', values['min-mrr']);
  const questions = parseQuestions(await readText(file, 'the question file'), file);
  const index = loadIndex(await readText(values.index, 'the index'));

  const searchScores = score(questions, questions.map((question) => searchRanking(index, question)));
  const answerScores = score(questions, questions.map((question) => answerRanking(index, question)));
  io.out(`${questions.length} questions against ${index.sections.length} sections\n`);
  io.out(`${format('search', searchScores)}\n${format('answers', answerScores)}\n`);

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
