import { ContentHasher, contentHash } from './hash.js';
import { describe, IndexLoadError, isObject, REBUILD } from './indexErrors.js';
import { nameWords } from './nameWords.js';
import { readPartsManifest } from './parts.js';
import { isCodeLine, isValidShape, parseShape } from './shape.js';
import { readSynonyms, synonymsField, type Synonyms, type SynonymGroups } from './synonyms.js';
import { TermIndex, TermIndexBuilder, type FieldTexts, type SerializedTerms } from './termIndex.js';
import { termsOfWord, words } from './text.js';
import type { Section } from './types.js';

export { IndexLoadError } from './indexErrors.js';

export const INDEX_FORMAT = 'docent-index';
/**
 * 2: the engine's own inverted index (`terms`) replaced MiniSearch's (`search`), and sections may be h4–h6 and API
 * entries. The tokenizer and the terms of a word are part of the format: a change to them needs a new version.
 */
export const INDEX_VERSION = 2;
/** Index file versions this engine reads. */
export const SUPPORTED_INDEX_VERSIONS: readonly number[] = [2];

/** A loaded or freshly built index: the sections and the search structure over them. */
export interface DocentIndex {
  readonly format: typeof INDEX_FORMAT;
  readonly version: number;
  /** Content hash of the sections (16 hex characters). */
  readonly hash: string;
  readonly sections: readonly Section[];
  /** The inverted index over the sections (use `search` and `answer`). */
  readonly terms: TermIndex;
  /** For an index read in parts: loads the postings and the text a query needs (`searchAsync`, `answerAsync`). */
  readonly parts?: PartLoader;
  /** The site's synonyms, which queries expand to; absent when it gives none. */
  readonly synonyms?: Synonyms;
}

export interface BuildOptions {
  /** Groups of words that mean the same to the site's readers (see synonyms.ts); checked with `checkSynonyms`. */
  synonyms?: SynonymGroups;
}


/** Loads the parts of an index that come in parts. */
export interface PartLoader {
  /** Loads the postings of these terms and the text of these sections (positions), those not loaded yet. */
  ensure(needs: { terms?: Iterable<string>; sections?: Iterable<number> }): Promise<void>;
  /** Whether the text of the section at this position is loaded. */
  hasText(id: number): boolean;
}

/** The JSON shape of an index file. */
export interface SerializedIndex {
  format: typeof INDEX_FORMAT;
  version: number;
  hash: string;
  sectionCount: number;
  sections: Section[];
  terms: SerializedTerms;
  /** The site's synonym groups, when it gives any. */
  synonyms?: string[][];
}

/** One section in a fixed order of fields. */
function canonicalItem(section: Section): unknown[] {
  const item: unknown[] = [section.id, section.url, section.pageUrl, section.pageTitle, section.heading, section.level, section.breadcrumb, section.text, section.description];
  if (section.shape) item.push(section.shape);
  return item;
}

/** A stable serialisation of the sections (fixed key order), the input of the content hash. */
function canonicalSections(sections: readonly Section[]): string {
  return JSON.stringify(sections.map(canonicalItem));
}

export function hashSections(sections: readonly Section[]): string {
  return contentHash(canonicalSections(sections));
}

/** Characters of a page's first paragraph that stand for its description when it has none (a man page's NAME line). */
const LEAD_CHARACTERS = 200;

/**
 * The fields of each section as they are indexed. The page's description (its meta description, else the start of
 * its first paragraph) describes the whole page: it is indexed once, on the page's first section with text, the one a
 * result links to (a title followed at once by a subheading is a section with nothing to show).
 */
function indexedFields(copy: readonly Section[]): FieldTexts[] {
  // Each page's first section with text, which gives the lead; a page without text keeps its first section.
  const holders = new Map<string, Section>();
  for (const section of copy) {
    const holder = holders.get(section.pageUrl);
    if (!holder || (!holder.text && section.text)) holders.set(section.pageUrl, section);
  }
  const namesIn = nameWords(copy);
  return copy.map((section) => {
    const description = holders.get(section.pageUrl) === section ? section.description || leadOf(section.text) : '';
    const heading = `${section.heading} ${namesIn(section.heading)}`.trim();
    return { pageTitle: section.pageTitle, heading, text: indexedText(section), description };
  });
}

/**
 * A section's text as its words are indexed: code block lines in lower case, so that a name in code is one term
 * (`totalCommittedMemory`), not the words a camel-case split makes of it (total, committed, memory). A sample of a
 * report or a config spelled that way held the words of many questions in prose and won them. Prose, inline code
 * and headings keep the split, so `readFileSync` in a sentence is still found by "read file".
 */
function indexedText(section: Section): string {
  if (!section.shape) return section.text;
  const lines = section.text.split('\n');
  const shapes = parseShape(section.shape, lines.length);
  return lines.map((line, i) => (isCodeLine(shapes[i]!) ? line.toLowerCase() : line)).join('\n');
}

/** The start of a text's first line, which stands for the description of a page that has none. */
function leadOf(text: string): string {
  return text.split('\n', 1)[0]!.slice(0, LEAD_CHARACTERS);
}

const termsOf = (word: string): string[] => termsOfWord(word);

function copyOf(sections: readonly Section[]): Section[] {
  return sections.map((section) => ({ ...section, breadcrumb: [...section.breadcrumb] }));
}

/** Builds the search index over sections (in the order given, which fixes the ranking of ties). */
export function buildIndex(sections: readonly Section[], options: BuildOptions = {}): DocentIndex {
  const copy = copyOf(sections);
  const terms = TermIndex.build(indexedFields(copy), words, termsOf);
  return { format: INDEX_FORMAT, version: INDEX_VERSION, hash: hashSections(copy), sections: copy, terms, ...synonymsField(options.synonyms ?? []) };
}

// The core is typed without DOM or Node libraries; both have this timer.
declare function setTimeout(callback: () => void, ms: number): unknown;
/** A pause in which the host (browser or server) handles what waits: long work is done in chunks between them. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The same index as buildIndex, built `chunkSize` sections at a time with the event loop free in between, so a
 * server rebuilding a large project's index keeps answering meanwhile.
 */
export async function buildIndexAsync(sections: readonly Section[], chunkSize = 200, options: BuildOptions = {}): Promise<DocentIndex> {
  const synonyms = synonymsField(options.synonyms ?? []);
  const copy = copyOf(sections);
  const builder = new TermIndexBuilder(words, termsOf);
  const fields = indexedFields(copy);
  for (let start = 0; start < fields.length; start += chunkSize) {
    for (const document of fields.slice(start, start + chunkSize)) builder.add(document);
    await yieldToEventLoop();
  }
  const terms = builder.finish();
  // The hash of canonicalSections(copy), fed one chunk of items at a time: `[` item `,` item … `]`.
  const hasher = new ContentHasher().update('[');
  for (let start = 0; start < copy.length; start += chunkSize) {
    const items = copy.slice(start, start + chunkSize).map((section) => JSON.stringify(canonicalItem(section)));
    hasher.update(`${start > 0 ? ',' : ''}${items.join(',')}`);
    await yieldToEventLoop();
  }
  return { format: INDEX_FORMAT, version: INDEX_VERSION, hash: hasher.update(']').digest(), sections: copy, terms, ...synonyms };
}

/** The index file's JSON text. */
export function serializeIndex(index: DocentIndex): string {
  const file: SerializedIndex = {
    format: INDEX_FORMAT,
    version: INDEX_VERSION,
    hash: index.hash,
    sectionCount: index.sections.length,
    sections: [...index.sections],
    terms: index.terms.toJSON(),
    ...(index.synonyms ? { synonyms: index.synonyms.groups.map((group) => [...group]) } : {}),
  };
  return JSON.stringify(file);
}

export interface LoadOptions {
  /** Recompute the content hash and reject an index whose sections were changed. Default `true`. */
  verifyHash?: boolean;
  /**
   * For an index in parts: fetches a part's text by its path relative to the index file's URL. Each part is checked
   * against the hash the index gives it when it arrives.
   */
  fetchPart?: (path: string) => Promise<string>;
}



/** Whether JSON text ends inside an object, array or string: the mark of a cut-off file. */
function hasUnclosedBrackets(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) depth++;
    else if (char === 0x7d || char === 0x5d) depth--;
  }
  return inString || depth > 0;
}

function parseText(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) {
    throw new IndexLoadError(
      'the index file is empty. Check that the index URL points at the file the build wrote; ' + REBUILD,
    );
  }
  if (trimmed.startsWith('<')) {
    throw new IndexLoadError(
      'the index file is HTML, not JSON (usually a "page not found" page): check the index URL ' +
        '(default /docent-index.json) and that the file was deployed.',
    );
  }
  try {
    return JSON.parse(trimmed) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const ending = trimmed.slice(-30);
    const truncated = /end of (JSON )?(input|data)/i.test(reason) || hasUnclosedBrackets(trimmed);
    throw new IndexLoadError(
      truncated
        ? `the index file is not valid JSON: it looks truncated (${trimmed.length} characters, ending ` +
            `with ${JSON.stringify(ending)}). The download or the upload was cut short: deploy the whole ` +
            `file again, or ${REBUILD.charAt(0).toLowerCase()}${REBUILD.slice(1)}`
        : `the index file is not valid JSON (${reason}). ${REBUILD}`,
    );
  }
}


const STRING_FIELDS = ['id', 'url', 'pageUrl', 'pageTitle', 'heading', 'text', 'description'] as const;

function checkSection(value: unknown, position: number): Section {
  const where = `sections[${position}]`;
  if (!isObject(value)) throw new IndexLoadError(`${where} is ${describe(value)}, expected a section object. ${REBUILD}`);
  for (const field of STRING_FIELDS) {
    if (typeof value[field] !== 'string') {
      throw new IndexLoadError(
        `${where}.${field} is ${value[field] === undefined ? 'missing' : describe(value[field])}, expected a string. ${REBUILD}`,
      );
    }
  }
  if (![1, 2, 3, 4, 5, 6].includes(value.level as number)) {
    throw new IndexLoadError(`${where}.level is ${describe(value.level)}, expected a whole number from 1 to 6. ${REBUILD}`);
  }
  const breadcrumb = value.breadcrumb;
  if (!Array.isArray(breadcrumb) || !breadcrumb.every((entry) => typeof entry === 'string')) {
    throw new IndexLoadError(`${where}.breadcrumb is ${describe(breadcrumb)}, expected an array of strings. ${REBUILD}`);
  }
  if (value.shape !== undefined && (typeof value.shape !== 'string' || !isValidShape(value.shape, (value.text as string).split('\n').length))) {
    throw new IndexLoadError(`${where}.shape is ${describe(value.shape)}, expected one token per line of its text. ${REBUILD}`);
  }
  return value as unknown as Section;
}

/**
 * Loads an index file (its JSON text or the parsed object), checking every part of it.
 * Throws `IndexLoadError` naming the problem and the fix.
 */
export function loadIndex(input: string | unknown, options: LoadOptions = {}): DocentIndex {
  const data = typeof input === 'string' ? parseText(input) : input;
  if (!isObject(data)) {
    throw new IndexLoadError(`expected a JSON object, got ${describe(data)}. ${REBUILD}`);
  }
  if (data.format !== INDEX_FORMAT) {
    throw new IndexLoadError(
      `"format" is ${data.format === undefined ? 'missing' : describe(data.format)}, expected "${INDEX_FORMAT}": ` +
        `this file is not a Docent index. Check the index URL (default /docent-index.json).`,
    );
  }
  if (typeof data.version !== 'number' || !SUPPORTED_INDEX_VERSIONS.includes(data.version)) {
    throw new IndexLoadError(
      `unsupported index version ${describe(data.version)}; this version of @docent/engine reads version ` +
        `${SUPPORTED_INDEX_VERSIONS.join(', ')}. ${REBUILD} (build it with the same @docent/engine version as the widget).`,
    );
  }
  if (typeof data.hash !== 'string' || !/^[0-9a-f]{16}$/.test(data.hash)) {
    throw new IndexLoadError(`"hash" is ${data.hash === undefined ? 'missing' : describe(data.hash)}, expected 16 hex characters. ${REBUILD}`);
  }
  if (typeof data.sectionCount !== 'number' || !Number.isInteger(data.sectionCount) || data.sectionCount < 0) {
    throw new IndexLoadError(
      `"sectionCount" is ${data.sectionCount === undefined ? 'missing' : describe(data.sectionCount)}, expected a whole number. ${REBUILD}`,
    );
  }
  if (data.layout === 'parts') return readPartsManifest(data, options);
  if (!Array.isArray(data.sections)) {
    throw new IndexLoadError(`"sections" is ${data.sections === undefined ? 'missing' : describe(data.sections)}, expected an array. ${REBUILD}`);
  }
  if (data.sections.length !== data.sectionCount) {
    throw new IndexLoadError(
      `the file says it has ${data.sectionCount} sections but holds ${data.sections.length}: it was edited or ` +
        `assembled from different builds. ${REBUILD}`,
    );
  }
  const sections = data.sections.map(checkSection);
  if (!isObject(data.terms)) {
    throw new IndexLoadError(`"terms" is ${data.terms === undefined ? 'missing' : describe(data.terms)}, expected the search index object. ${REBUILD}`);
  }
  if (options.verifyHash !== false && hashSections(sections) !== data.hash) {
    throw new IndexLoadError(
      `the sections do not match the content hash ${data.hash}: the file was changed after it was built. ${REBUILD}`,
    );
  }
  let terms: TermIndex;
  try {
    terms = TermIndex.fromJSON(data.terms as unknown as SerializedTerms);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new IndexLoadError(`the "terms" part is malformed (${reason}). ${REBUILD}`);
  }
  if (terms.documentCount !== sections.length) {
    throw new IndexLoadError(
      `the search part indexes ${terms.documentCount} sections but the file holds ${sections.length}. ${REBUILD}`,
    );
  }
  return { format: INDEX_FORMAT, version: data.version, hash: data.hash, sections, terms, ...readSynonyms(data.synonyms) };
}

