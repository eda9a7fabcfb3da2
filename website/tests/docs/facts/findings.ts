import assert from 'node:assert/strict';

/**
 * What one check of the docs found: its problems (none when the docs hold), how many names or examples it looked
 * at (the tests ask for a floor, so a reader of the docs that finds nothing fails rather than passes), and a line
 * for the summary facts.test.ts prints.
 */
export interface Findings {
  problems: string[];
  checked: number;
  summary: string;
}

/** Fails with every problem on a line of its own, so a failure reads as the list of what to fix. */
export function assertNoProblems(problems: readonly string[]): void {
  assert.deepEqual(problems, [], `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
}
