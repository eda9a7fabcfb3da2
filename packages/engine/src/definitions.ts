/**
 * Sections that define a word: a line that starts with a rare word of the query (`ECONNRESET (Connection reset by
 * peer): …` in a list of error codes, `Undo a commit and redo` among a man page's examples, an option's or a
 * setting's entry) is where that word is defined or listed, which is what a reader who types the word looks for.
 */
import type { DocentIndex } from './indexing.js';
import { termsOfWord, words } from './text.js';
import type { Section } from './types.js';

/** A term is rare when at most this share of the sections hold it: on a site of under 50 sections, none is. */
const RARE_SHARE = 0.02;
/** Shorter terms (`io`, `os`) name too many things to be defined in one place. */
const RARE_MIN_LENGTH = 3;
/** How much of a line's start is read for its first word. */
const LINE_START = 80;

const lineStarts = new WeakMap<Section, ReadonlySet<string>>();

/** The terms of the first word of each line of a section's text, computed once per section. */
function lineStartTerms(section: Section): ReadonlySet<string> {
  let terms = lineStarts.get(section);
  if (!terms) {
    const found = new Set<string>();
    for (const line of section.text.split('\n')) {
      const first = words(line.slice(0, LINE_START))[0];
      if (first) termsOfWord(first).forEach((term) => found.add(term));
    }
    terms = found;
    lineStarts.set(section, terms);
  }
  return terms;
}

/** Prepares what `definesAny` reads of a section, so that the first query to reach it does not pay for it. */
export function prepareDefinitions(section: Section): void {
  lineStartTerms(section);
}

/** The terms of `terms` that few sections of the index hold. */
export function rareTerms(index: DocentIndex, terms: readonly string[]): string[] {
  const most = RARE_SHARE * index.sections.length;
  return terms.filter((term) => term.length >= RARE_MIN_LENGTH && index.terms.documentFrequency(term) <= most);
}

/** Whether a line of the section starts with a word that gives one of `rare`. */
export function definesAny(section: Section, rare: readonly string[]): boolean {
  if (!rare.length) return false;
  const starts = lineStartTerms(section);
  return rare.some((term) => starts.has(term));
}
