// The test harness's reading of node's TAP reports: the counts and the failing tests its summary names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failuresIn } from './node-tests.mjs';

const report = [
  'TAP version 13',
  '# Subtest: packages/server/test/access.test.ts',
  '    # Subtest: API keys',
  '        # Subtest: a read key searches',
  '        ok 1 - a read key searches',
  '        # Subtest: a read key cannot write',
  '        not ok 2 - a read key cannot write',
  '    not ok 1 - API keys',
  'not ok 1 - packages/server/test/access.test.ts',
  '# Subtest: packages/engine/test/text.test.ts',
  'not ok 2 - packages/engine/test/text.test.ts # test did not finish',
  '# fail 2',
].join('\n');

test('the summary names the innermost failing tests with their file and suite, not the suites they fail', () => {
  assert.deepEqual(failuresIn(report), [
    'packages/server/test/access.test.ts › API keys › a read key cannot write',
    'packages/engine/test/text.test.ts',
  ]);
});

test('a report with no failing test names none', () => {
  assert.deepEqual(failuresIn('TAP version 13\n# Subtest: a\nok 1 - a\n# pass 1\n'), []);
});
