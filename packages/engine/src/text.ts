/**
 * Words, terms and sentences. Shared by indexing, search and answers so that a word is turned
 * into the same index terms everywhere.
 */

/**
 * Very common English function words. They carry no meaning for retrieval, so they are left out
 * of the index (smaller file, better ranking) and out of queries.
 */
export const INDEX_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by for from had has have he her his i if in into is it its ' +
    'me my of on or our she so than that the their them then there these they this those to ' +
    'was we were which who whom will with you your'
  ).split(' '),
);

/**
 * Words of a natural-language question that say nothing about its topic: the index stop words
 * plus question words, auxiliaries and filler ("how do I…", "can you tell me…").
 */
export const QUESTION_STOP_WORDS: ReadonlySet<string> = new Set([
  ...INDEX_STOP_WORDS,
  ...(
    'about after again all also am any anything around because before being both can cannot ' +
    'goes went gone comes came become becomes happened whenever wherever whatever which ' +
    'could did do does doing done each either else even ever every few further get gets getting ' +
    'give go going got here how however just know let like may maybe might mine more most much ' +
    'must need needs no nor not now off once one only other ought ours ourselves out over own ' +
    'please possible really same should show some something such sure tell thing things through ' +
    'too under until up us use used using very want wants way what whats when where whether ' +
    'while why would yes yet yours yourself explain describe mean means someone somebody anyone ' +
    'lot lots kind sort thanks thank hello hi hey im ive dont doesnt didnt cant couldnt wouldnt shouldnt ' +
    'isnt arent wasnt werent wont youre theyre'
  ).split(' '),
]);

/**
 * Words that say what the reader wants to do rather than what about ("how do I enable dark
 * mode", "change the shortcut"). They still rank sections, but weigh less in the answer
 * threshold, so that a documented topic asked with an undocumented verb is still answered.
 */
export const WEAK_QUESTION_WORDS: ReadonlySet<string> = new Set(
  (
    'add adding added change changing changed configure configuring configured customize customise ' +
    'disable disabled enable enabled find make set setting setup start turn work works working run ' +
    'best good new right correct correctly easy easily exactly actually happen happens possible ' +
    'allow allowed support supported available create creating'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+(?:['’_][\p{L}\p{N}]+)*/gu;

export interface WordToken {
  word: string;
  start: number;
  end: number;
}

/** Words of a text with their offsets. Identifiers keep `_` and apostrophes inside. */
export function wordsWithOffsets(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index ?? 0;
    tokens.push({ word: match[0], start, end: start + match[0].length });
  }
  return tokens;
}

const NON_ASCII_LETTER = /(?![\x00-\x7f])\p{L}/u;
/**
 * Characters outside ASCII other than the punctuation and symbols of Latin-1 and of Unicode's general punctuation
 * (`’`, `—`, `…`, no-break space); the three letters among Latin-1's symbols (ª µ º) are kept.
 */
const BEYOND_PUNCTUATION = /[^\x00-\xa9\xab-\xb4\xb6-\xb9\xbb-\xbf\u2000-\u206f]/;

/** Whether a text has letters outside ASCII, whose words fold diacritics (`café` → cafe). */
export function hasNonAsciiLetter(text: string): boolean {
  // The plain character class scans far faster than the Unicode one, and most documentation has only punctuation
  // outside ASCII: the letter test runs only on a text that has something else.
  return BEYOND_PUNCTUATION.test(text) && NON_ASCII_LETTER.test(text);
}

/** Where a word that gives `term` starts reading it: a stem ending in `i` may come from a word in `y` (copy → copi). */
function termStartPattern(terms: Iterable<string>): string {
  return [...terms].map((term) => escapeRegExp(term.endsWith('i') && term.length > 1 ? term.slice(0, -1) : term)).join('|');
}

/** Not inside a word, nor right after a `_` or an apostrophe that joins it to the word before. */
const WORD_BOUNDARY = "(?<![A-Za-z0-9])(?<![A-Za-z0-9]['’_])";
/** A word joined by `_` or an apostrophe, whose term drops them (sidebar_label → sidebarlabel). */
const JOINED_WORD = "[A-Za-z0-9]+(?:['’_][A-Za-z0-9]+)+";

/**
 * A pattern for the words of an ASCII text that may give one of `terms` as their first term: those that start like
 * one, and every joined word. Scanning a long text with it is far faster than turning every word into terms; the
 * words it finds still need `termsOfWord` to tell.
 */
export function termWordsPattern(terms: Iterable<string>): RegExp {
  return new RegExp(`${WORD_BOUNDARY}(?:(?:${termStartPattern(terms)})[A-Za-z0-9]*(?:['’_][A-Za-z0-9]+)*|${JOINED_WORD})`, 'gi');
}

/**
 * A pattern for the words of an ASCII text that may give one of `terms` as any of their terms: those that hold the
 * start of one anywhere (`sendMessage` holds message, a part's stem), and every joined word.
 */
export function termHoldingWordsPattern(terms: Iterable<string>): RegExp {
  return new RegExp(`${WORD_BOUNDARY}(?:[A-Za-z0-9]*(?:${termStartPattern(terms)})[A-Za-z0-9]*(?![A-Za-z0-9]*['’_][A-Za-z0-9])|${JOINED_WORD})`, 'gi');
}

/** A term as a literal in a regular expression. */
function escapeRegExp(term: string): string {
  return term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Words of a text (for MiniSearch's `tokenize`). */
export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

const MARKS = /\p{M}+/gu;

/** Lower case, diacritics folded, apostrophes removed (`Café's` → `cafes`). */
export function normalizeWord(word: string): string {
  let lower = word.toLowerCase();
  // Only pay for Unicode normalisation when the word has non-ASCII letters.
  if (/[^\x00-\x7f]/.test(lower)) lower = lower.normalize('NFD').replace(MARKS, '');
  return lower.replace(/['’]s$/, '').replace(/['’]/g, '');
}

const VOWEL = /[aeiouy]/;

/**
 * A small, conservative English stemmer: plurals, -ed, -ing, final e. It only has to map the
 * usual forms of a word to one term (configure, configured, configuring → configur); it is
 * applied alike to the index and to queries, so an odd stem is harmless.
 */
export function stem(term: string): string {
  if (term.length <= 3 || /\d/.test(term)) return term;
  let word = term;
  if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.endsWith('ies') && word.length > 4) word = word.slice(0, -3) + 'i';
  else if (word.endsWith('s') && !/(ss|us|is|ys)$/.test(word)) word = word.slice(0, -1);

  let suffixRemoved = false;
  if (word.endsWith('eed')) {
    // agreed, indeed: keep
  } else if (word.endsWith('ing') && word.length > 5 && VOWEL.test(word.slice(0, -3))) {
    word = word.slice(0, -3);
    suffixRemoved = true;
  } else if (word.endsWith('ed') && word.length > 4 && VOWEL.test(word.slice(0, -2))) {
    word = word.slice(0, -2);
    suffixRemoved = true;
  }
  if (suffixRemoved && /([^aeiouylsz])\1$/.test(word)) word = word.slice(0, -1);
  if (word.endsWith('e') && word.length > 4) word = word.slice(0, -1);
  if (word.endsWith('y') && word.length > 3 && !VOWEL.test(word.charAt(word.length - 2))) {
    word = word.slice(0, -1) + 'i';
  }
  return word;
}

/** Parts of an identifier: `headerTitle` → header, Title; `sidebar_label` → sidebar, label. */
function identifierParts(word: string): string[] {
  return word
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean);
}

/**
 * The index terms of one word: its stem, and for identifiers (`headerTitle`, `sidebar_label`)
 * the stems of its parts too. Stop words and one-letter words give no term.
 */
export function termsOfWord(word: string, stopWords: ReadonlySet<string> = INDEX_STOP_WORDS): string[] {
  if (stopWords !== INDEX_STOP_WORDS) return computeTerms(word, stopWords);
  // Snippets and answers look up the same words again and again: remember them (the memo is
  // bounded by the vocabulary of the documentation, and emptied if it ever grows large).
  let terms = termMemo.get(word);
  if (!terms) {
    if (termMemo.size >= 50_000) termMemo.clear();
    terms = computeTerms(word, stopWords);
    termMemo.set(word, terms);
  }
  return terms;
}

const termMemo = new Map<string, string[]>();

function computeTerms(word: string, stopWords: ReadonlySet<string>): string[] {
  const whole = normalizeWord(word);
  if (whole.length < 2 || stopWords.has(whole)) return [];
  const parts = identifierParts(word);
  const first = stem(whole.replace(/_/g, ''));
  if (parts.length < 2) return [first];
  const terms = [first];
  for (const part of parts) {
    const normalized = normalizeWord(part);
    if (normalized.length < 2 || stopWords.has(normalized)) continue;
    const term = stem(normalized);
    if (!terms.includes(term)) terms.push(term);
  }
  return terms;
}

/** Query terms: like index terms, but a one-letter word is kept (prefix search as you type). */
export function termsOfQueryWord(word: string): string[] {
  const whole = normalizeWord(word);
  if (whole.length === 1) return [whole];
  return termsOfWord(word);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Escapes text so that Markdown renders it literally (no emphasis, links, HTML or code). */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]<>#|~]/g, '\\$&')
    .replace(/^(\d+)([.)])(\s)/, '$1\\$2$3')
    .replace(/^([-+=])(\s)/, '\\$1$2');
}

/** Abbreviations after which a period does not end a sentence. */
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'cf',
  'approx',
  'incl',
  'no',
  'fig',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'eg',
  'ie',
]);

/** Whether a full stop right after `text` closes an abbreviation (`e.g.`, `etc.`) rather than a sentence. */
export function endsWithAbbreviation(text: string): boolean {
  return ABBREVIATIONS.has(/([\p{L}.]+)$/u.exec(text)?.[1]?.toLowerCase() ?? '');
}

/**
 * Splits text into sentences. A sentence ends at a line break (block boundary) or at `.`, `!`,
 * `?` (and closing quotes or brackets) followed by a space and a letter, digit, quote or
 * bracket. Periods inside words (`docent.config.json`, `3.8.1`) and after
 * abbreviations (`e.g.`, `i.e.`, `etc.`) never split.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const block of text.split('\n')) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    let start = 0;
    const boundary = /[.!?]+["'”’)\]]*(?=\s+["'“‘(\[`]?[\p{L}\p{N}`<@/-])/gu;
    for (const match of trimmed.matchAll(boundary)) {
      const end = (match.index ?? 0) + match[0].length;
      if (match[0].startsWith('.') && endsWithAbbreviation(trimmed.slice(start, match.index))) continue;
      // A quoted sentence inside a sentence: `It says "Try again." and waits` goes on after the quote.
      if (/["'”’]$/.test(match[0]) && /^\s+\p{Ll}/u.test(trimmed.slice(end))) continue;
      const sentence = trimmed.slice(start, end).trim();
      if (sentence) sentences.push(sentence);
      start = end;
    }
    const rest = trimmed.slice(start).trim();
    if (rest) sentences.push(rest);
  }
  return sentences;
}

/** The two rows `editDistance` works in, grown when a longer word comes: a search compares thousands of words. */
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/** Levenshtein distance, giving up (returning `max + 1`) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (previousRow.length <= b.length) {
    previousRow = new Int32Array(b.length * 2 + 1);
    currentRow = new Int32Array(b.length * 2 + 1);
  }
  let previous = previousRow;
  let current = currentRow;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = code === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** Maximum edit distance for a query term: none under 4 characters, 1 up to 7, 2 from 8. */
export function fuzzyDistance(term: string): number | false {
  if (term.length < 4) return false;
  return term.length >= 8 ? 2 : 1;
}

/** The first index term of each word of `text`, in order (the words of `stopWords` dropped). */
export function primaryTerms(text: string, stopWords: ReadonlySet<string> = INDEX_STOP_WORDS): string[] {
  const terms: string[] = [];
  for (const word of words(text)) {
    const first = termsOfWord(word, stopWords)[0];
    if (first) terms.push(first);
  }
  return terms;
}

/** Consecutive pairs of terms, `"a b"`, used as phrase signals. */
export function bigramsOf(terms: readonly string[]): string[] {
  const bigrams: string[] = [];
  for (let i = 1; i < terms.length; i++) bigrams.push(`${terms[i - 1]} ${terms[i]}`);
  return bigrams;
}
