/**
 * The inverted index: for every term, the sections that hold it and how often, per field, in typed arrays; a
 * sorted vocabulary for prefix and typo matches; BM25+ scoring per field with field boosts. One ranker for search,
 * answers and the server. Its scores follow MiniSearch's formulas (which this index replaced), so rankings tuned
 * before carry over: a prefix match weighs 0.375·len/(len+0.3·extra letters), a typo 0.45·len/(len+distance), and
 * a section's score is multiplied by the number of query terms it matches.
 */
import { SYNONYM_WEIGHT } from './synonyms.js';
import { editDistance } from './text.js';

export const FIELDS = ['pageTitle', 'heading', 'text', 'description'] as const;
export type Field = (typeof FIELDS)[number];

/** The text of one section, per field, as it is indexed. */
export type FieldTexts = Readonly<Record<Field, string>>;

export interface Bm25 {
  k: number;
  b: number;
  d: number;
}

/** One term of a query: matched exactly, and also as a prefix and within an edit distance when asked. */
export interface QueryTerm {
  term: string;
  prefix: boolean;
  /** The largest edit distance for a typo match, or false. */
  fuzzy: number | false;
  /** Terms that stand for this one (the site's synonyms, see synonyms.ts), matched exactly at a lower weight. */
  synonyms?: readonly string[];
  /** How much the term and its matches count (1 when absent): less for a word such as "add" or "change". */
  weight?: number;
  /**
   * For a name made of words (`freeMemoryPercent`, `worker_threads`), the query terms of its words: a section that
   * holds the name matches them too (in a code block, where a name is not split, it holds only the name).
   */
  parts?: readonly string[];
}

export interface RankOptions {
  boost: Readonly<Record<Field, number>>;
  bm25: Bm25;
  /** Only sections for which this is true. */
  filter?: (id: number) => boolean;
}

export interface TermHit {
  /** The section's position in the index. */
  id: number;
  score: number;
  /** The query terms the section matches, exactly, as a prefix, as a typo or through a synonym. */
  queryTerms: readonly string[];
}

export interface RankResult {
  hits: TermHit[];
  /** For each query term, the index terms it matched (itself, longer words, typos, synonyms). */
  expansions: Map<string, string[]>;
}

const PREFIX_WEIGHT = 0.375;
/** How many longer terms an unfinished word expands to, at most. */
const MAX_PREFIX_TERMS = 100;
const FUZZY_WEIGHT = 0.45;
/** How many words' typo matches a term index keeps (they are forgotten all at once past that). */
const TYPO_MATCHES_KEPT = 1000;
/** Query terms beyond this many are ignored (a query is a few words; a pasted paragraph is cut). */
const MAX_QUERY_TERMS = 30;

/** The kinds of letters a word holds, one bit per kind (a character code modulo 32): the typo search's first test. */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask >>> 0;
}

/** The number of bits set in a 32-bit number. */
function bitCount(value: number): number {
  let rest = value - ((value >>> 1) & 0x55555555);
  rest = (rest & 0x33333333) + ((rest >>> 2) & 0x33333333);
  return Math.imul((rest + (rest >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Index terms near a word, each with its edit distance; kept and shared between searches, so never changed. */
type TypoMatches = ReadonlyArray<readonly [string, number]>;

interface FieldPostings {
  docs: Int32Array;
  freqs: Uint16Array;
}

/** One term's postings: one entry per field, null where the term never occurs in that field. */
type TermPostings = Array<FieldPostings | null>;

/** The JSON form: the vocabulary in order, and per term a flat list [field, count, doc gap, freq, …, field, …]. */
export interface SerializedTerms {
  documentCount: number;
  /** `documentCount × FIELDS.length` unique-word counts, field by field for each section. */
  fieldLengths: number[];
  vocabulary: string[];
  postings: number[][];
}

export class TermIndex {
  private readonly averages: number[];
  private documentFrequencies = new Map<string, number>();
  /** The typo matches of the words searched lately: typing a question searches its finished words at each keystroke. */
  private typoMatches = new Map<string, TypoMatches>();
  private scratchArrays: { scores: Float64Array; matched: Uint32Array } | null = null;
  private vocabularyMasks: Uint32Array | null = null;

  private readonly known: ReadonlySet<string>;
  /**
   * For an index read from parts: the position in the vocabulary where each part of the postings starts, and which
   * parts are loaded. Null when every term's postings are here.
   */
  private parts: { starts: readonly number[]; loaded: boolean[] } | null = null;

  private constructor(
    readonly documentCount: number,
    private readonly fieldLengths: Uint32Array,
    /** Sorted in code-unit order, for prefix ranges. */
    readonly vocabulary: readonly string[],
    private readonly postings: Map<string, TermPostings>,
  ) {
    this.known = new Set(vocabulary);
    this.averages = FIELDS.map((_, field) => {
      let total = 0;
      for (let doc = 0; doc < documentCount; doc++) total += fieldLengths[doc * FIELDS.length + field] ?? 0;
      return documentCount ? total / documentCount : 0;
    });
  }

  /** Indexes the sections' fields at once (TermIndexBuilder does it in steps). */
  static build(documents: readonly FieldTexts[], tokenize: (text: string) => string[], termsOf: (word: string) => string[]): TermIndex {
    const builder = new TermIndexBuilder(tokenize, termsOf);
    for (const document of documents) builder.add(document);
    return builder.finish();
  }

  /** @internal the builder's result. */
  static fromCounts(lengths: readonly number[], counts: ReadonlyMap<string, Array<Map<number, number> | undefined>>): TermIndex {
    const postings = new Map<string, TermPostings>();
    for (const [term, perField] of counts) {
      postings.set(
        term,
        FIELDS.map((_, fieldId) => {
          const docs = perField[fieldId];
          if (!docs) return null;
          const ids = Int32Array.from(docs.keys()).sort();
          return { docs: ids, freqs: Uint16Array.from(ids, (id) => Math.min(65535, docs.get(id) ?? 0)) };
        }),
      );
    }
    const vocabulary = [...postings.keys()].sort(compareCodeUnits);
    return new TermIndex(lengths.length / FIELDS.length, Uint32Array.from(lengths), vocabulary, postings);
  }

  /** Reads the JSON form; throws an Error naming what is malformed. */
  static fromJSON(data: SerializedTerms): TermIndex {
    const { documentCount, fieldLengths, vocabulary, postings } = data;
    if (!Number.isInteger(documentCount) || documentCount < 0) throw new Error('documentCount is not a whole number');
    if (!Array.isArray(fieldLengths) || fieldLengths.length !== documentCount * FIELDS.length) throw new Error(`fieldLengths does not hold ${FIELDS.length} numbers per section`);
    if (!Array.isArray(vocabulary) || !Array.isArray(postings) || vocabulary.length !== postings.length) throw new Error('vocabulary and postings do not match');
    const map = new Map<string, TermPostings>();
    vocabulary.forEach((term, position) => {
      const flat = postings[position];
      if (typeof term !== 'string' || !Array.isArray(flat)) throw new Error(`the postings of term ${position} are malformed`);
      map.set(term, decodePostings(flat, documentCount, term));
    });
    return new TermIndex(documentCount, Uint32Array.from(fieldLengths), vocabulary, map);
  }

  /**
   * An index whose postings come in parts, loaded later with `addPart`: `starts[n]` is the position in the
   * vocabulary of part n's first term.
   */
  static withoutPostings(documentCount: number, fieldLengths: readonly number[], vocabulary: readonly string[], starts: readonly number[]): TermIndex {
    if (fieldLengths.length !== documentCount * FIELDS.length) throw new Error(`fieldLengths does not hold ${FIELDS.length} numbers per section`);
    if (starts[0] !== 0 || starts.some((start, n) => n > 0 && start <= starts[n - 1]!) || (starts[starts.length - 1] ?? 0) >= Math.max(1, vocabulary.length)) {
      throw new Error('the starts of the parts are not increasing positions in the vocabulary');
    }
    const index = new TermIndex(documentCount, Uint32Array.from(fieldLengths), vocabulary, new Map());
    index.parts = { starts, loaded: starts.map(() => false) };
    return index;
  }

  /** The part of the postings that holds a term (for an index in parts), or null. */
  partOf(term: string): number | null {
    if (!this.parts || !this.known.has(term)) return null;
    const position = lowerBound(this.vocabulary, term);
    let part = 0;
    while (part + 1 < this.parts.starts.length && this.parts.starts[part + 1]! <= position) part++;
    return part;
  }

  /** The parts, not loaded yet, that hold these terms. */
  missingParts(terms: Iterable<string>): number[] {
    const missing = new Set<number>();
    for (const term of terms) {
      const part = this.partOf(term);
      if (part !== null && !this.parts!.loaded[part]) missing.add(part);
    }
    return [...missing].sort((a, b) => a - b);
  }

  /** Adds part n's postings, one flat list per term from the part's first term on (the JSON form of each). */
  addPart(part: number, postings: readonly (readonly number[])[]): void {
    const parts = this.parts;
    if (!parts || part < 0 || part >= parts.starts.length) throw new Error(`there is no part ${part} of the postings`);
    const start = parts.starts[part]!;
    const end = parts.starts[part + 1] ?? this.vocabulary.length;
    if (postings.length !== end - start) throw new Error(`part ${part} holds ${postings.length} terms; the vocabulary gives it ${end - start}`);
    postings.forEach((flat, offset) => {
      const term = this.vocabulary[start + offset]!;
      this.postings.set(term, decodePostings(flat, this.documentCount, term));
    });
    parts.loaded[part] = true;
  }

  /**
   * The index terms a query reads: each term itself, its synonyms, the longer words of a prefix term and the near
   * spellings of a typo term. `rank` needs their postings.
   */
  termsOf(queries: readonly QueryTerm[]): string[] {
    const terms = new Set<string>();
    for (const query of queries.slice(0, MAX_QUERY_TERMS)) {
      if (this.known.has(query.term)) terms.add(query.term);
      for (const synonym of query.synonyms ?? []) if (this.known.has(synonym)) terms.add(synonym);
      const prefixed = query.prefix ? this.longerTerms(query.term) : [];
      prefixed.forEach((term) => terms.add(term));
      if (query.fuzzy) for (const [term] of this.typos(query.term, query.fuzzy)) terms.add(term);
    }
    return [...terms];
  }

  /** A term's postings; for an index in parts, an error when its part is not loaded. */
  private fieldsOf(term: string): TermPostings | undefined {
    const fields = this.postings.get(term);
    if (!fields && this.parts && this.known.has(term)) {
      throw new Error(`the postings of "${term}" are in part ${this.partOf(term)}, which is not loaded: use searchAsync or answerAsync`);
    }
    return fields;
  }

  toJSON(): SerializedTerms {
    if (this.parts) throw new Error('an index read from parts cannot be written whole');
    return {
      documentCount: this.documentCount,
      fieldLengths: Array.from(this.fieldLengths),
      vocabulary: [...this.vocabulary],
      postings: this.vocabulary.map((term) => encodePostings(this.postings.get(term) ?? [])),
    };
  }

  /** The number of distinct words of a section's field. */
  fieldLength(id: number, field: Field): number {
    return this.fieldLengths[id * FIELDS.length + FIELDS.indexOf(field)] ?? 0;
  }

  has(term: string): boolean {
    return this.known.has(term);
  }

  /** Whether some index term starts with `prefix`. */
  hasPrefix(prefix: string): boolean {
    const start = lowerBound(this.vocabulary, prefix);
    return (this.vocabulary[start] ?? '').startsWith(prefix);
  }

  /** How many sections hold the term in any field. */
  documentFrequency(term: string): number {
    let count = this.documentFrequencies.get(term);
    if (count === undefined) {
      const fields = this.fieldsOf(term);
      const docs = new Set<number>();
      for (const field of fields ?? []) if (field) for (const doc of field.docs) docs.add(doc);
      count = docs.size;
      if (this.documentFrequencies.size >= 10_000) this.documentFrequencies = new Map();
      this.documentFrequencies.set(term, count);
    }
    return count;
  }

  /** Whether section `id` holds the term in any field. */
  contains(id: number, term: string): boolean {
    return (this.fieldsOf(term) ?? []).some((field) => field !== null && binarySearch(field.docs, id));
  }

  /**
   * Index terms longer than `prefix` that start with it: the MAX_PREFIX_TERMS shortest, which weigh the most. A
   * prefix of one or two letters starts thousands of a large site's terms, and reading all their postings at each
   * keystroke is what made typing slow.
   */
  private longerTerms(prefix: string): string[] {
    const found: string[] = [];
    for (let position = lowerBound(this.vocabulary, prefix); position < this.vocabulary.length; position++) {
      const term = this.vocabulary[position]!;
      if (!term.startsWith(prefix)) break;
      if (term !== prefix) found.push(term);
    }
    if (found.length <= MAX_PREFIX_TERMS) return found;
    // A stable sort by length keeps vocabulary order among equally long terms: the same terms on every run.
    return found.sort((a, b) => a.length - b.length).slice(0, MAX_PREFIX_TERMS);
  }

  /** Index terms within `maxDistance` edits of `term`, other than itself, with their distance. */
  private typos(term: string, maxDistance: number): TypoMatches {
    const key = `${maxDistance} ${term}`;
    const kept = this.typoMatches.get(key);
    if (kept) return kept;
    const found: Array<[string, number]> = [];
    const masks = this.letterMasks();
    const own = letterMask(term);
    for (let position = 0; position < this.vocabulary.length; position++) {
      const candidate = this.vocabulary[position]!;
      if (candidate === term || Math.abs(candidate.length - term.length) > maxDistance) continue;
      // Each edit takes away at most one kind of letter and brings at most one: a cheap test that most words fail.
      const mask = masks[position]!;
      if (bitCount(own & ~mask) > maxDistance || bitCount(mask & ~own) > maxDistance) continue;
      const distance = editDistance(term, candidate, maxDistance);
      if (distance <= maxDistance) found.push([candidate, distance]);
    }
    if (this.typoMatches.size >= TYPO_MATCHES_KEPT) this.typoMatches = new Map();
    this.typoMatches.set(key, found);
    return found;
  }

  /** The sections matching any query term, best first (ties in index order). */
  rank(queries: readonly QueryTerm[], options: RankOptions): RankResult {
    const arrays = this.takeScratch();
    const { scores, matched } = arrays;
    const touched: number[] = [];
    const expansions = new Map<string, string[]>();
    const used = queries.slice(0, MAX_QUERY_TERMS);
    used.forEach((query, queryIndex) => {
      const bit = 1 << queryIndex;
      const partBits = (query.parts ?? []).reduce((mask, part) => {
        const position = used.findIndex((other) => other.term === part);
        return position < 0 ? mask : mask | (1 << position);
      }, 0);
      const add = (term: string, termWeight: number, mask = bit): void => {
        const weight = termWeight * (query.weight ?? 1);
        const fields = this.fieldsOf(term);
        if (!fields) return;
        const terms = expansions.get(query.term) ?? [];
        if (!terms.includes(term)) terms.push(term);
        expansions.set(query.term, terms);
        fields.forEach((postings, fieldId) => {
          if (!postings) return;
          const boost = options.boost[FIELDS[fieldId]!] * weight;
          if (!boost) return;
          this.scoreField(postings, fieldId, boost, options.bm25, scores, matched, mask, touched);
        });
      };
      // A name stands for its words: a section that holds it matches them too, and weighs as if it held each.
      add(query.term, 1 + (query.parts?.length ?? 0), bit | partBits);
      for (const synonym of query.synonyms ?? []) add(synonym, SYNONYM_WEIGHT);
      const prefixed = query.prefix ? this.longerTerms(query.term) : [];
      for (const term of prefixed) add(term, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - query.term.length)));
      if (query.fuzzy) {
        const skip = new Set(prefixed);
        for (const [term, distance] of this.typos(query.term, query.fuzzy)) {
          if (!skip.has(term)) add(term, (FUZZY_WEIGHT * term.length) / (term.length + distance));
        }
      }
    });
    const hits: TermHit[] = [];
    // Sections that match the same query terms share one list of them.
    const termsByMask = new Map<number, readonly string[]>();
    for (const id of touched) {
      const mask = matched[id]!;
      const score = scores[id]!;
      scores[id] = 0;
      matched[id] = 0;
      if (options.filter && !options.filter(id)) continue;
      let queryTerms = termsByMask.get(mask);
      if (!queryTerms) {
        const terms: string[] = [];
        used.forEach((query, queryIndex) => {
          if (mask & (1 << queryIndex) && !terms.includes(query.term)) terms.push(query.term);
        });
        termsByMask.set(mask, (queryTerms = terms));
      }
      hits.push({ id, score: score * (queryTerms.length || 1), queryTerms });
    }
    // All zero again: the next search may use them. A search that throws (postings not loaded) drops them instead.
    this.scratchArrays = arrays;
    hits.sort((a, b) => b.score - a.score || a.id - b.id);
    return { hits, expansions };
  }

  /** The `letterMask` of each vocabulary term, in vocabulary order, made at the first typo search. */
  private letterMasks(): Uint32Array {
    this.vocabularyMasks ??= Uint32Array.from(this.vocabulary, letterMask);
    return this.vocabularyMasks;
  }

  /**
   * The per-section score and matched-terms arrays, all zero, that `rank` adds into: kept between searches, as a
   * large site's keystrokes spent their time allocating and collecting them. Taken out while a search uses them.
   */
  private takeScratch(): { scores: Float64Array; matched: Uint32Array } {
    const arrays = this.scratchArrays ?? { scores: new Float64Array(this.documentCount), matched: new Uint32Array(this.documentCount) };
    this.scratchArrays = null;
    return arrays;
  }

  private scoreField(postings: FieldPostings, fieldId: number, boost: number, bm25: Bm25, scores: Float64Array, matched: Uint32Array, mask: number, touched: number[]): void {
    const { docs, freqs } = postings;
    const average = this.averages[fieldId] || 1;
    const idf = Math.log(1 + (this.documentCount - docs.length + 0.5) / (docs.length + 0.5));
    const { k, b, d } = bm25;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      const frequency = freqs[i]!;
      const length = this.fieldLengths[doc * FIELDS.length + fieldId]!;
      if (matched[doc] === 0) touched.push(doc);
      scores[doc]! += boost * idf * (d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / average)));
      matched[doc]! |= mask;
    }
  }
}

/**
 * Builds a TermIndex one section at a time. `tokenize` splits a field into words; `termsOf` turns one word into its
 * index terms (none for a stop word). A field's length is its number of distinct words.
 */
export class TermIndexBuilder {
  private readonly counts = new Map<string, Array<Map<number, number> | undefined>>();
  private readonly lengths: number[] = [];

  constructor(
    private readonly tokenize: (text: string) => string[],
    private readonly termsOf: (word: string) => string[],
  ) {}

  add(document: FieldTexts): void {
    const doc = this.lengths.length / FIELDS.length;
    FIELDS.forEach((field, fieldId) => {
      const words = this.tokenize(document[field]);
      this.lengths.push(new Set(words).size);
      for (const word of words) {
        for (const term of this.termsOf(word)) {
          let perField = this.counts.get(term);
          if (!perField) this.counts.set(term, (perField = []));
          const docs = (perField[fieldId] ??= new Map());
          docs.set(doc, (docs.get(doc) ?? 0) + 1);
        }
      }
    });
  }

  finish(): TermIndex {
    return TermIndex.fromCounts(this.lengths, this.counts);
  }
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first position whose term is not before `term`. */
function lowerBound(sorted: readonly string[], term: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < term) low = middle + 1;
    else high = middle;
  }
  return low;
}

function binarySearch(sorted: Int32Array, value: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = sorted[middle]!;
    if (found === value) return true;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

function encodePostings(fields: TermPostings): number[] {
  const flat: number[] = [];
  fields.forEach((postings, fieldId) => {
    if (!postings) return;
    flat.push(fieldId, postings.docs.length);
    let previous = 0;
    postings.docs.forEach((doc, i) => {
      flat.push(doc - previous, postings.freqs[i]!);
      previous = doc;
    });
  });
  return flat;
}

function decodePostings(flat: readonly number[], documentCount: number, term: string): TermPostings {
  const fields: TermPostings = FIELDS.map(() => null);
  let position = 0;
  while (position < flat.length) {
    const fieldId = flat[position++]!;
    const count = flat[position++]!;
    if (!(fieldId in FIELDS) || !Number.isInteger(count) || count < 0 || position + 2 * count > flat.length) {
      throw new Error(`the postings of "${term}" are malformed`);
    }
    const docs = new Int32Array(count);
    const freqs = new Uint16Array(count);
    let doc = 0;
    for (let i = 0; i < count; i++) {
      doc += flat[position++]!;
      if (doc >= documentCount) throw new Error(`the postings of "${term}" name a section past the last`);
      docs[i] = doc;
      freqs[i] = flat[position++]!;
    }
    fields[fieldId] = { docs, freqs };
  }
  return fields;
}
