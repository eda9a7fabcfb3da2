import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { groupDigits } from '../src/numbers.js';
import { STRINGS } from '../src/strings.js';

describe('groupDigits', () => {
  test('puts a comma between groups of three digits, as English writes numbers', () => {
    assert.equal(groupDigits(7), '7');
    assert.equal(groupDigits(999), '999');
    assert.equal(groupDigits(2000), '2,000');
    assert.equal(groupDigits(1234567), '1,234,567');
  });

  test('the limits the reader sees are written the English way', () => {
    assert.equal(STRINGS.feedbackCommentHint(2000), 'Up to 2,000 characters. Do not include personal data.');
    assert.match(STRINGS.questionTooLong(4000), /under 4,000 characters/);
  });
});
