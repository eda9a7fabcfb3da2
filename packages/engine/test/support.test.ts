/**
 * Page evidence: a page's next best sections add to its best section's score. On a page of many sections (a manual
 * on one page), other sections that match a word or two of the question say little about the page's topic.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildIndex, search, type Section } from '../src/index.js';
import { section } from './helpers.js';

/** A manual on one page: 160 chapters, two of which mention tracked files in passing. */
const manual: Section[] = [
  section('/manual', 'Ignoring files', 'List the patterns of files to ignore in an ignore file.'),
  section('/manual', 'Tracked files', 'Status lists the tracked files that changed.'),
  section('/manual', 'Tracking branches', 'A tracking branch follows a remote branch and its changes.'),
  ...Array.from({ length: 157 }, (_, at) => section('/manual', `Chapter ${at}`, `Chapter ${at} explains merging, tagging and packing objects.`)),
];

const index = buildIndex([
  ...manual,
  section('/ignore', 'Notes', 'To stop tracking a file that is already tracked, remove it from the index first.'),
  section('/ignore', 'Pattern format', 'A pattern matches file names relative to the ignore file.'),
]);

describe('page evidence', () => {
  it('counts the other sections of a page of many sections less', () => {
    assert.equal(search(index, 'ignore a file that git keeps tracking')[0]?.pageUrl, '/ignore');
  });
});
