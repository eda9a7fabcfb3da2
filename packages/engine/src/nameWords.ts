/**
 * Names in headings read as the words they join. An API entry is headed by its name (`os.freemem()`,
 * `dns.lookup(hostname)`), and a reader asks in words ("free memory", "host name"). At index time, a heading word
 * that the documentation's prose never uses as a word is split where it joins a word of that prose and a second
 * word, or the start of one (`mem` of memory, `len` of length), and the heading is indexed with those words too.
 * The words come from the documentation itself: its prose lines, without code blocks and inline code.
 */
import { isProseLine, parseShape } from './shape.js';
import { termsOfWord, words } from './text.js';
import type { Section } from './types.js';

/** How often a word must occur in the prose to count as one of its words. */
const MIN_OCCURRENCES = 5;
/** The shortest part of a name, and the shortest start of a word that stands for it. */
const MIN_PART = 3;
/** Shorter names are left alone: few join two words of three letters or more. */
const MIN_NAME = 6;
/** A heading word that may be a name: lower-case letters only. */
const PLAIN_WORD = /^[a-z]+$/;
/** A word of the prose: letters, capitalised at most at its start (not a camel-case name). */
const PROSE_WORD = /^[A-Za-z][a-z]*$/;

interface ProseVocabulary {
  /** Each word of the prose (lower case, letters only) and how often it occurs. */
  counts: Map<string, number>;
  /** How often each term (a word's stem) occurs. */
  terms: Map<string, number>;
  /** For the start of a word, the most frequent word that starts so. */
  byStart: Map<string, string>;
}

/** The prose of a section's text: its sentence lines, with inline code blanked out. */
function proseOf(section: Section): string {
  const lines = section.text.split('\n');
  const shapes = parseShape(section.shape, lines.length);
  return lines
    .map((line, i) => {
      const shape = shapes[i]!;
      if (!isProseLine(shape)) return '';
      let prose = line;
      for (const [start, end] of [...(shape.code ?? [])].reverse()) prose = `${prose.slice(0, start)} ${prose.slice(end)}`;
      return prose;
    })
    .join('\n');
}

function proseVocabulary(sections: readonly Section[]): ProseVocabulary {
  const all = new Map<string, number>();
  for (const section of sections) {
    for (const word of words(proseOf(section))) {
      if (!PROSE_WORD.test(word)) continue;
      const lower = word.toLowerCase();
      all.set(lower, (all.get(lower) ?? 0) + 1);
    }
  }
  const terms = new Map<string, number>();
  for (const [word, count] of all) {
    const term = termsOfWord(word)[0];
    if (term) terms.set(term, (terms.get(term) ?? 0) + count);
  }
  const counts = new Map([...all].filter(([word, count]) => count >= MIN_OCCURRENCES && word.length >= MIN_PART).sort((a, b) => b[1] - a[1]));
  const byStart = new Map<string, string>();
  for (const word of counts.keys()) {
    for (let length = MIN_PART; length < word.length; length++) {
      const start = word.slice(0, length);
      if (!byStart.has(start)) byStart.set(start, word);
    }
  }
  return { counts, terms, byStart };
}

/**
 * The words a name joins, or null: the first split whose first part is a prose word and whose second part is one,
 * else the first whose second part starts one (it then gives that word).
 */
function splitName(name: string, vocabulary: ProseVocabulary): string[] | null {
  let startsWord: string[] | null = null;
  for (let at = MIN_PART; at <= name.length - MIN_PART; at++) {
    const first = name.slice(0, at);
    const second = name.slice(at);
    if (!vocabulary.counts.has(first)) continue;
    if (vocabulary.counts.has(second)) return [first, second];
    const word = vocabulary.byStart.get(second);
    if (word && !startsWord) startsWord = [first, word];
  }
  return startsWord;
}

/**
 * A function that gives, for a heading, the words its names join (`''` when none), for the headings of these
 * sections.
 */
export function nameWords(sections: readonly Section[]): (heading: string) => string {
  const vocabulary = proseVocabulary(sections);
  const splits = new Map<string, string[] | null>();
  return (heading) => {
    const found: string[] = [];
    for (const word of words(heading)) {
      if (word.length < MIN_NAME || !PLAIN_WORD.test(word)) continue;
      if ((vocabulary.terms.get(termsOfWord(word)[0] ?? word) ?? 0) >= MIN_OCCURRENCES) continue;
      let split = splits.get(word);
      if (split === undefined) splits.set(word, (split = splitName(word, vocabulary)));
      if (split) found.push(...split);
    }
    return found.join(' ');
  };
}
