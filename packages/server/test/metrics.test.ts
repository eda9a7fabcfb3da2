import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstHit, parseQuestions, score } from '../src/eval/metrics.js';

describe('retrieval metrics', () => {
  it('finds the rank of the first expected page', () => {
    assert.equal(firstHit(['/a', '/b', '/c'], ['/c', '/b']), 2);
    assert.equal(firstHit(['/a'], ['/z']), undefined);
  });

  it('computes recall@1, recall@5 and MRR', () => {
    const questions = [
      { q: 'one', expect: ['/a'] },
      { q: 'two', expect: ['/b'] },
      { q: 'three', expect: ['/z'] },
      { q: 'four', expect: ['/f'] },
    ];
    const scores = score(questions, [['/a'], ['/x', '/b'], ['/x'], ['/1', '/2', '/3', '/4', '/5', '/f']]);
    assert.equal(scores.questions, 4);
    assert.equal(scores.recallAt1, 0.25);
    assert.equal(scores.recallAt5, 0.5);
    assert.equal(scores.mrr, (1 + 0.5 + 0 + 1 / 6) / 4);
  });

  it('reads both spellings of a question set and explains bad entries', () => {
    assert.deepEqual(parseQuestions('[{"question":"x","expected":["/a"]}]', 'q.json'), [{ q: 'x', expect: ['/a'] }]);
    assert.throws(() => parseQuestions('[{"q":"x","expect":["a"]}]', 'q.json'), /q\.json\[0\] needs an "expect" array of page paths/);
    assert.throws(() => parseQuestions('{', 'q.json'), /q\.json is not valid JSON/);
    assert.throws(() => parseQuestions('[]', 'q.json'), /non-empty JSON array/);
  });
});
