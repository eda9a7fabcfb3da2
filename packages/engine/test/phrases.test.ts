/**
 * The phrase bonus's check: which of a query's word pairs a section holds. ASCII text is scanned for the pairs' words
 * only; the answer must be the one that reading every word gives.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { phrasesIn } from '../src/phrases.js';
import { QUESTION_STOP_WORDS, bigramsOf, primaryTerms } from '../src/text.js';
import type { Section } from '../src/index.js';

function section(heading: string, text: string): Section {
  return { url: '/page#part', pageUrl: '/page', pageTitle: 'Page', heading, level: 2, breadcrumb: ['Page'], text } as Section;
}

/** The pairs as reading every word of every line, without the words a question drops, gives them. */
function byEveryWord(entry: Section, pairs: readonly string[]): number {
  const held = new Set<string>();
  for (const line of `${entry.heading}\n${entry.text}`.split('\n')) bigramsOf(primaryTerms(line, QUESTION_STOP_WORDS)).forEach((pair) => held.add(pair));
  return pairs.filter((pair) => held.has(pair)).length;
}

const pairsOf = (query: string) => bigramsOf(primaryTerms(query));

describe('phrasesIn', () => {
  const cases: Array<[string, string, string, number]> = [
    ['stop words between the words of a pair', 'Intro', 'Return a list of the objects that match.', 1],
    ['a pair across a line break does not count', 'Intro', 'Return a list\nobjects follow', 0],
    ['a word with a term of its own breaks the pair', 'Intro', 'Return a list with sorted objects.', 0],
    ['words a question drops between the words of a pair', 'Troubleshooting', 'The widget gets 403 from the server.', 1],
    ['the same words outside ASCII', 'Intro', 'The café really has a menu.', 1],
    ['a stem in i from a word in y', 'Intro', 'Copy files to the server.', 1],
    ['an identifier joined by _', 'Intro', 'Set sidebar_label value in the front matter.', 1],
    ['a quoted word', 'Intro', "The 'query' set is lazy.", 1],
    ['the heading counts', 'Raw SQL queries', 'Run them with the manager.', 1],
    ['text outside ASCII', 'Intro', 'The café menu lists every dish.', 1],
    ['no pair', 'Intro', 'Nothing to see here.', 0],
  ];
  const queries: Record<string, string> = {
    'stop words between the words of a pair': 'list objects',
    'a pair across a line break does not count': 'list objects',
    'a word with a term of its own breaks the pair': 'list objects',
    'words a question drops between the words of a pair': 'widget 403',
    'the same words outside ASCII': 'cafe menu',
    'a stem in i from a word in y': 'copy files',
    'an identifier joined by _': 'sidebar_label value',
    'a quoted word': 'query set',
    'the heading counts': 'raw sql',
    'text outside ASCII': 'cafe menu',
    'no pair': 'list objects',
  };
  for (const [name, heading, text, expected] of cases) {
    it(name, () => {
      const entry = section(heading, text);
      const pairs = pairsOf(queries[name]!);
      assert.equal(phrasesIn(entry, pairs), expected);
      assert.equal(phrasesIn(entry, pairs), byEveryWord(entry, pairs), 'the same as reading every word');
    });
  }

  it('counts a pair the query repeats as often as the query has it', () => {
    const pairs = pairsOf('primary key type primary key');
    assert.equal(pairs.filter((pair) => pair === 'primari key').length, 2);
    const entry = section('Intro', 'Every model has a primary key field of some type.');
    assert.equal(phrasesIn(entry, pairs), 2);
  });
});
