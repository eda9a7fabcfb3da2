/**
 * What a result shows of a section: its matched words marked, and a snippet of its text around the best match.
 */
import type { DocentIndex } from './indexing.js';
import type { RankResult, TermHit } from './termIndex.js';
import { editDistance, escapeHtml, fuzzyDistance, hasNonAsciiLetter, termHoldingWordsPattern, termsOfWord, wordsWithOffsets, type WordToken } from './text.js';

export const SNIPPET_LENGTH = 160;

/**
 * The matched index terms worth highlighting: those a query term matches exactly or as a prefix, and its typo
 * matches and synonyms only for a query term that matched nothing better in this section.
 */
export function termsToMark(index: DocentIndex, hit: TermHit, expansions: RankResult['expansions']): Set<string> {
  const marked = new Set<string>();
  for (const queryTerm of hit.queryTerms) {
    const present = (expansions.get(queryTerm) ?? []).filter((term) => index.terms.contains(hit.id, term));
    const direct = present.filter((term) => term.startsWith(queryTerm));
    if (direct.length) {
      direct.forEach((term) => marked.add(term));
      continue;
    }
    const distance = fuzzyDistance(queryTerm) || 0;
    const synonyms = index.synonyms?.of(queryTerm) ?? [];
    for (const term of present) if (synonyms.includes(term) || editDistance(queryTerm, term, distance) <= distance) marked.add(term);
  }
  return marked;
}

/**
 * Marks the words of `text` whose index terms were matched, HTML-escaping everything.
 * `from`/`to` restrict the output to a slice of the text.
 */
export function highlight(text: string, matched: ReadonlySet<string>, from = 0, to = text.length): string {
  let html = '';
  let position = from;
  for (const token of wordsWithOffsets(text.slice(from, to))) {
    const start = from + token.start;
    const end = from + token.end;
    if (!termsOfWord(token.word).some((term) => matched.has(term))) continue;
    html += escapeHtml(text.slice(position, start)) + '<mark>' + escapeHtml(text.slice(start, end)) + '</mark>';
    position = end;
  }
  return html + escapeHtml(text.slice(position, to));
}

/** Moves `offset` back to the start of the word it falls in. */
function wordStart(text: string, offset: number): number {
  let position = Math.max(0, offset);
  while (position > 0 && /\S/.test(text.charAt(position - 1))) position--;
  return position;
}

/** Moves `offset` forward to the end of the word it falls in. */
function wordEnd(text: string, offset: number): number {
  let position = Math.min(text.length, offset);
  while (position < text.length && /\S/.test(text.charAt(position))) position++;
  return position;
}

/**
 * Up to this length a text is read word by word. Past it (a long reference section), only the words that hold a
 * matched term's start are stemmed: fewer words to look at, for one more regular expression per query.
 */
const SCAN_EVERY_WORD = 5000;

/**
 * The words of `flat` that may give a matched term: every word of a short text or of a text with letters outside
 * ASCII (whose words fold diacritics, `café` → cafe), and in a long ASCII text the words that hold a matched term's
 * start.
 */
function candidateWords(flat: string, matched: ReadonlySet<string>): WordToken[] {
  if (flat.length <= SCAN_EVERY_WORD || matched.size === 0 || hasNonAsciiLetter(flat)) return wordsWithOffsets(flat);
  return [...flat.matchAll(termHoldingWordsPattern(matched))].map((match) => ({ word: match[0], start: match.index ?? 0, end: (match.index ?? 0) + match[0].length }));
}

/**
 * About SNIPPET_LENGTH characters of the text around its best match (the window holding the most
 * distinct matched terms), HTML-escaped, matched words in `<mark>`, `…` where the text was cut.
 */
export function snippet(text: string, matched: ReadonlySet<string>, length = SNIPPET_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ');
  if (!flat) return '';
  const hits: Array<{ start: number; terms: string[] }> = [];
  for (const token of candidateWords(flat, matched)) {
    const terms = termsOfWord(token.word).filter((term) => matched.has(term));
    if (terms.length) hits.push({ start: token.start, terms });
  }
  let start = 0;
  if (hits.length) {
    let best = { score: -1, start: 0 };
    for (let i = 0; i < hits.length; i++) {
      const first = hits[i]!;
      const distinct = new Set<string>();
      let count = 0;
      for (let j = i; j < hits.length && hits[j]!.start < first.start + length * 0.8; j++) {
        hits[j]!.terms.forEach((term) => distinct.add(term));
        count++;
      }
      const score = distinct.size * 100 + count;
      if (score > best.score) best = { score, start: first.start };
    }
    // Some context before the first match, from a sentence start when there is one close by.
    const contextStart = Math.max(0, best.start - 40);
    const before = flat.slice(contextStart, best.start);
    let sentenceStart = -1;
    for (const boundary of before.matchAll(/[.!?:]\s+/g)) sentenceStart = (boundary.index ?? 0) + boundary[0].length;
    start = sentenceStart >= 0 ? contextStart + sentenceStart : wordStart(flat, contextStart);
  }
  let end = wordEnd(flat, start + length);
  if (end - start > length + 30) end = start + length;
  if (end >= flat.length - 15) end = flat.length;
  const body = highlight(flat, matched, start, end).trim();
  return (start > 0 ? '…' : '') + body + (end < flat.length ? '…' : '');
}
