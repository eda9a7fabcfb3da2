import { QUESTION_STOP_WORDS, bigramsOf, hasNonAsciiLetter, normalizeWord, primaryTerms, termsOfWord, termWordsPattern, words } from './text.js';
import type { Section } from './types.js';

/** How much of a section's text the phrase check reads: the start of a very long section is enough. */
const PHRASE_TEXT_CHARACTERS = 20_000;

interface PhraseText {
  text: string;
  /** Every pair of consecutive terms, for a text with letters outside ASCII (whose words fold diacritics). */
  bigrams: Set<string> | null;
}

const phraseTexts = new WeakMap<Section, PhraseText>();

/** The heading and the start of the text, and for text outside ASCII its word pairs, computed once per section. */
function phraseTextOf(section: Section): PhraseText {
  let cached = phraseTexts.get(section);
  if (!cached) {
    const text = `${section.heading}\n${section.text.slice(0, PHRASE_TEXT_CHARACTERS)}`;
    let bigrams: Set<string> | null = null;
    if (hasNonAsciiLetter(text)) {
      bigrams = new Set();
      for (const block of text.split('\n')) for (const bigram of bigramsOf(primaryTerms(block, QUESTION_STOP_WORDS))) bigrams.add(bigram);
    }
    cached = { text, bigrams };
    phraseTexts.set(section, cached);
  }
  return cached;
}

/** Prepares what `phrasesIn` reads of a section, so that the first query to reach it does not pay for it. */
export function preparePhrases(section: Section): void {
  phraseTextOf(section);
}

/**
 * Whether only words a question drops lie between two words ("the widget gets 403" holds the pair "widget 403" of
 * the question "widget gets 403") and no line ends there: the words make a pair.
 */
function adjacent(text: string, from: number, to: number): boolean {
  const gap = text.slice(from, to);
  if (gap.includes('\n')) return false;
  // The same as termsOfWord(word, QUESTION_STOP_WORDS), through the remembered terms of the index's stop words.
  return !words(gap).some((word) => termsOfWord(word)[0] && !QUESTION_STOP_WORDS.has(normalizeWord(word)));
}

/**
 * How many of the query's word pairs (`"a b"`, made by `bigramsOf` from its terms) the section holds in its heading
 * or the start of its text, counting pairs of terms that follow each other with only question stop words between,
 * within one line. ASCII text is scanned for the pairs' words only; other text is read word by word once.
 */
export function phrasesIn(section: Section, queryBigrams: readonly string[]): number {
  const { text, bigrams } = phraseTextOf(section);
  if (bigrams) return queryBigrams.filter((bigram) => bigrams.has(bigram)).length;
  const wanted = new Set(queryBigrams);
  const terms = new Set(queryBigrams.flatMap((bigram) => bigram.split(' ')));
  const found = new Set<string>();
  let previous: { term: string; end: number } | null = null;
  for (const match of text.matchAll(termWordsPattern(terms))) {
    const start = match.index ?? 0;
    const term = termsOfWord(match[0])[0];
    if (!term) continue;
    if (!terms.has(term)) {
      previous = null;
      continue;
    }
    const pair = previous && `${previous.term} ${term}`;
    if (pair && wanted.has(pair) && adjacent(text, previous!.end, start)) found.add(pair);
    previous = { term, end: start + match[0].length };
  }
  return queryBigrams.filter((bigram) => found.has(bigram)).length;
}
