/** Retrieval scores over a question set: recall@k and mean reciprocal rank, on page paths. */

export interface Question {
  q: string;
  expect: string[];
}

export interface Scores {
  questions: number;
  recallAt1: number;
  recallAt5: number;
  mrr: number;
}

/** Position (1-based) of the first expected page among the ranked pages, or undefined when absent. */
export function firstHit(ranked: readonly string[], expected: readonly string[]): number | undefined {
  const index = ranked.findIndex((page) => expected.includes(page));
  return index === -1 ? undefined : index + 1;
}

/** Scores one ranking per question; `rankings[i]` is the ranked page list for `questions[i]`. */
export function score(questions: readonly Question[], rankings: readonly (readonly string[])[]): Scores {
  if (questions.length === 0) return { questions: 0, recallAt1: 0, recallAt5: 0, mrr: 0 };
  let at1 = 0;
  let at5 = 0;
  let reciprocal = 0;
  questions.forEach((question, index) => {
    const hit = firstHit(rankings[index] ?? [], question.expect);
    if (hit === undefined) return;
    if (hit === 1) at1 += 1;
    if (hit <= 5) at5 += 1;
    reciprocal += 1 / hit;
  });
  const n = questions.length;
  return { questions: n, recallAt1: at1 / n, recallAt5: at5 / n, mrr: reciprocal / n };
}

/** Reads a question set: `[{"q": "...", "expect": ["/route"]}]` (also `question`/`expected`). */
export function parseQuestions(text: string, source: string): Question[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not valid JSON (${(error as Error).message}); write an array of {"q": "...", "expect": ["/page"]}`);
  }
  if (!Array.isArray(data) || data.length === 0) {
    throw new Error(`${source} must be a non-empty JSON array of {"q": "...", "expect": ["/page"]}`);
  }
  return data.map((entry: unknown, index) => {
    const item = (entry ?? {}) as Record<string, unknown>;
    const q = item.q ?? item.question;
    const expect = item.expect ?? item.expected;
    if (typeof q !== 'string' || q.trim() === '') {
      throw new Error(`${source}[${index}] needs a "q" string: the question as a reader asks it`);
    }
    if (!Array.isArray(expect) || expect.length === 0 || !expect.every((page) => typeof page === 'string' && page.startsWith('/'))) {
      throw new Error(`${source}[${index}] needs an "expect" array of page paths starting with /, such as ["/installation/hugo"]`);
    }
    return { q, expect: expect as string[] };
  });
}
