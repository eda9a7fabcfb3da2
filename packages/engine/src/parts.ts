/**
 * An index in parts, for a site whose single index file would be too large to download before a reader's first
 * result. The manifest (the file the widget fetches first) holds what ranking needs: the pages, each section's page,
 * the vocabulary and the field lengths. The postings come in parts by term range, and the sections themselves (URL,
 * heading, breadcrumb, text) in parts by position; a query loads the parts it reads, and each part is checked against the content
 * hash the manifest gives it. `searchAsync` and `answerAsync` load what they need; `search` and `answer` work on
 * whatever is loaded, and say so when something is not.
 */
import { contentHash } from './hash.js';
import { describe, IndexLoadError, isObject, REBUILD } from './indexErrors.js';
import { INDEX_FORMAT, INDEX_VERSION, serializeIndex, type DocentIndex, type LoadOptions, type PartLoader } from './indexing.js';
import { FIELDS, TermIndex } from './termIndex.js';
import { isValidShape } from './shape.js';
import { readSynonyms } from './synonyms.js';
import type { HeadingLevel, Section } from './types.js';

export const PART_FORMAT = 'docent-index-part';
/** About this many numbers of postings per part (12,000 numbers are about 10 KB gzip). */
const POSTINGS_PER_PART = 12_000;
/** Sections per part of text. */
const SECTIONS_PER_PART = 32;

export interface IndexPart {
  /** Relative to the manifest's URL, such as `docent-index-4ed1dd9698b00f83/terms-3.json`. */
  path: string;
  content: string;
}

export interface SplitIndex {
  /** The manifest's JSON text, for `docent-index.json`. */
  manifest: string;
  parts: IndexPart[];
}

/**
 * A section in a part of text: `[url after the page's, id when it differs from the url (else 0), heading, level,
 * breadcrumb, text]`, and its shape after them when it has one.
 */
type SectionEntry = [string, string | 0, string, number, string[], string] | [string, string | 0, string, number, string[], string, string];

interface PartRef {
  path: string;
  hash: string;
}

interface Manifest {
  format: typeof INDEX_FORMAT;
  version: number;
  hash: string;
  sectionCount: number;
  layout: 'parts';
  /** `[url, title, description]` of each page. */
  pages: Array<[string, string, string]>;
  /** Each section's page (its position in `pages`): what ranking needs before a section's part arrives. */
  sections: number[];
  terms: { documentCount: number; fieldLengths: number[]; vocabulary: string[]; parts: Array<PartRef & { start: number }> };
  text: { sectionsPerPart: number; parts: PartRef[] };
  synonyms?: string[][];
}

function partFile(index: string, body: Record<string, unknown>): string {
  return JSON.stringify({ format: PART_FORMAT, index, ...body });
}

export interface SplitOptions {
  /** Where the parts go, relative to the manifest. Default `docent-index-<hash>`. */
  folder?: string;
  /** About how many numbers of postings a part holds. Default 12,000 (about 10 KB gzip). */
  postingsPerPart?: number;
  /** How many sections' text a part holds. Default 32. */
  sectionsPerPart?: number;
}

/** Writes an index as a manifest and its parts. */
export function splitIndex(index: DocentIndex, options: SplitOptions = {}): SplitIndex {
  const folder = options.folder ?? `docent-index-${index.hash}`;
  const postingsPerPart = Math.max(1, options.postingsPerPart ?? POSTINGS_PER_PART);
  const sectionsPerPart = Math.max(1, options.sectionsPerPart ?? SECTIONS_PER_PART);
  const whole = index.terms.toJSON();
  const parts: IndexPart[] = [];
  const termParts: Manifest['terms']['parts'] = [];
  let start = 0;
  while (start < whole.vocabulary.length || (start === 0 && termParts.length === 0)) {
    let end = start;
    let size = 0;
    while (end < whole.vocabulary.length && (end === start || size + whole.postings[end]!.length <= postingsPerPart)) size += whole.postings[end++]!.length;
    const path = `${folder}/terms-${termParts.length}.json`;
    const content = partFile(index.hash, { postings: whole.postings.slice(start, end) });
    parts.push({ path, content });
    termParts.push({ start, path, hash: contentHash(content) });
    start = end;
    if (end >= whole.vocabulary.length) break;
  }
  const textParts: PartRef[] = [];
  for (let first = 0; first < index.sections.length; first += sectionsPerPart) {
    const path = `${folder}/text-${textParts.length}.json`;
    const entries = index.sections.slice(first, first + sectionsPerPart).map((section): SectionEntry => {
      const entry: SectionEntry = [section.url.slice(section.pageUrl.length), section.id === section.url ? 0 : section.id, section.heading, section.level, section.breadcrumb, section.text];
      return section.shape ? [...entry, section.shape] : entry;
    });
    const content = partFile(index.hash, { sections: entries });
    parts.push({ path, content });
    textParts.push({ path, hash: contentHash(content) });
  }
  const pageIds = new Map<string, number>();
  const pages: Manifest['pages'] = [];
  const sections = index.sections.map((section) => {
    let page = pageIds.get(section.pageUrl);
    if (page === undefined) {
      page = pages.length;
      pageIds.set(section.pageUrl, page);
      pages.push([section.pageUrl, section.pageTitle, section.description]);
    }
    return page;
  });
  const manifest: Manifest = {
    format: INDEX_FORMAT,
    version: INDEX_VERSION,
    hash: index.hash,
    sectionCount: index.sections.length,
    layout: 'parts',
    pages,
    sections,
    terms: { documentCount: whole.documentCount, fieldLengths: whole.fieldLengths, vocabulary: whole.vocabulary, parts: termParts },
    text: { sectionsPerPart, parts: textParts },
    ...(index.synonyms ? { synonyms: index.synonyms.groups.map((group) => [...group]) } : {}),
  };
  return { manifest: JSON.stringify(manifest), parts };
}

function fail(message: string): never {
  throw new IndexLoadError(`${message} ${REBUILD}`);
}

function isPartRef(value: unknown): value is PartRef {
  return isObject(value) && typeof value.path === 'string' && /^[^/][^?#]*\.json$/.test(value.path) && !value.path.includes('..') && typeof value.hash === 'string' && /^[0-9a-f]{16}$/.test(value.hash);
}

function readPages(value: unknown): Manifest['pages'] {
  if (!Array.isArray(value) || !value.every((page) => Array.isArray(page) && page.length === 3 && page.every((field) => typeof field === 'string'))) {
    fail(`"pages" is ${describe(value)}, expected an array of [url, title, description].`);
  }
  return value as Manifest['pages'];
}

/** The sections as ranking sees them before their parts arrive: page, title and description only. */
function readSections(value: unknown, count: number, pages: Manifest['pages']): Section[] {
  if (!Array.isArray(value) || value.length !== count) fail(`"sections" is ${describe(value)}, expected the pages of ${count} sections.`);
  return value.map((page: unknown, position) => {
    const owner = typeof page === 'number' ? pages[page] : undefined;
    if (!owner) fail(`sections[${position}] names page ${describe(page)}, which the manifest does not list.`);
    const [pageUrl, pageTitle, description] = owner;
    return { id: pageUrl, url: pageUrl, pageUrl, pageTitle, heading: '', level: 1, breadcrumb: [], text: '', description };
  });
}

/** A section of a part of text, on the section as the manifest gave it; throws a message naming what is wrong. */
function readEntry(entry: unknown, base: Section): Section {
  if (!Array.isArray(entry) || (entry.length !== 6 && entry.length !== 7)) throw new Error(`a section is ${describe(entry)}, expected [url, id, heading, level, breadcrumb, text, shape?]`);
  const [suffix, id, heading, level, breadcrumb, text, shape] = entry as unknown[];
  if (typeof suffix !== 'string' || (id !== 0 && typeof id !== 'string') || typeof heading !== 'string' || typeof text !== 'string') throw new Error('a section has a url, id, heading or text that is not text');
  if (![1, 2, 3, 4, 5, 6].includes(level as number)) throw new Error(`a section has level ${describe(level)}, expected a whole number from 1 to 6`);
  if (!Array.isArray(breadcrumb) || !breadcrumb.every((item) => typeof item === 'string')) throw new Error('a section has a breadcrumb that is not an array of text');
  if (shape !== undefined && (typeof shape !== 'string' || !isValidShape(shape, text.split('\n').length))) throw new Error(`a section has shape ${describe(shape)}, expected one token per line of its text`);
  const url = base.pageUrl + suffix;
  return { ...base, id: id === 0 ? url : id, url, heading, level: level as HeadingLevel, breadcrumb, text, ...(shape ? { shape } : {}) };
}

/** Fetches parts once each (a failed load is forgotten, so a retry fetches again) and puts them in the index. */
class Parts implements PartLoader {
  private readonly pending = new Map<string, Promise<void>>();
  private readonly textLoaded: boolean[];

  constructor(
    private readonly manifest: Manifest,
    private readonly sections: Section[],
    private readonly terms: TermIndex,
    private readonly fetchPart: (path: string) => Promise<string>,
  ) {
    this.textLoaded = manifest.text.parts.map(() => false);
  }

  hasText(id: number): boolean {
    return this.textLoaded[Math.floor(id / this.manifest.text.sectionsPerPart)] === true;
  }

  async ensure(needs: { terms?: Iterable<string>; sections?: Iterable<number> }): Promise<void> {
    const loads: Array<Promise<void>> = [];
    for (const part of needs.terms ? this.terms.missingParts(needs.terms) : []) loads.push(this.load(this.manifest.terms.parts[part]!, (body) => this.addPostings(part, body)));
    const textParts = new Set<number>();
    for (const id of needs.sections ?? []) if (id >= 0 && id < this.sections.length && !this.hasText(id)) textParts.add(Math.floor(id / this.manifest.text.sectionsPerPart));
    for (const part of textParts) loads.push(this.load(this.manifest.text.parts[part]!, (body) => this.addText(part, body)));
    await Promise.all(loads);
  }

  private load(ref: PartRef, add: (body: Record<string, unknown>) => void): Promise<void> {
    let pending = this.pending.get(ref.path);
    if (!pending) {
      pending = this.read(ref).then(add);
      pending.catch(() => this.pending.delete(ref.path));
      this.pending.set(ref.path, pending);
    }
    return pending;
  }

  private async read(ref: PartRef): Promise<Record<string, unknown>> {
    let text: string;
    try {
      text = await this.fetchPart(ref.path);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new IndexLoadError(`the part ${ref.path} could not be loaded (${reason}). Deploy the folder ${ref.path.split('/')[0]} beside the index file, from the same build.`);
    }
    if (contentHash(text) !== ref.hash) fail(`the part ${ref.path} does not match the hash the index gives it: it comes from another build or was changed.`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      fail(`the part ${ref.path} is not valid JSON.`);
    }
    if (!isObject(body) || body.format !== PART_FORMAT || body.index !== this.manifest.hash) fail(`the part ${ref.path} is not a part of this index.`);
    return body;
  }

  private addPostings(part: number, body: Record<string, unknown>): void {
    const postings = body.postings;
    if (!Array.isArray(postings) || !postings.every((flat) => Array.isArray(flat) && flat.every((value) => Number.isInteger(value)))) {
      fail(`the part ${this.manifest.terms.parts[part]!.path} holds no postings.`);
    }
    try {
      this.terms.addPart(part, postings as number[][]);
    } catch (error) {
      fail(`the part ${this.manifest.terms.parts[part]!.path} is malformed (${(error as Error).message}).`);
    }
  }

  private addText(part: number, body: Record<string, unknown>): void {
    const first = part * this.manifest.text.sectionsPerPart;
    const count = Math.min(this.manifest.text.sectionsPerPart, this.sections.length - first);
    const path = this.manifest.text.parts[part]!.path;
    const entries = body.sections;
    if (!Array.isArray(entries) || entries.length !== count) fail(`the part ${path} does not hold its ${count} sections.`);
    let read: Section[];
    try {
      read = entries.map((entry, offset) => readEntry(entry, this.sections[first + offset]!));
    } catch (error) {
      fail(`the part ${path} is malformed (${(error as Error).message}).`);
    }
    // New section objects: whatever was computed from a section before its part arrived is not reused.
    read.forEach((section, offset) => (this.sections[first + offset] = section));
    this.textLoaded[part] = true;
  }
}

/** Reads a manifest (the checks of `loadIndex` on format, version, hash and count are done). */
export function readPartsManifest(data: Record<string, unknown>, options: LoadOptions): DocentIndex {
  const fetchPart = options.fetchPart;
  if (!fetchPart) {
    throw new IndexLoadError('this index comes in parts, and the caller gave no way to fetch them (LoadOptions.fetchPart).');
  }
  const count = data.sectionCount as number;
  const pages = readPages(data.pages);
  const sections = readSections(data.sections, count, pages);
  const terms = data.terms;
  const text = data.text;
  if (!isObject(terms) || !Array.isArray(terms.vocabulary) || !terms.vocabulary.every((term) => typeof term === 'string') || !Array.isArray(terms.fieldLengths) || !Array.isArray(terms.parts) || !terms.parts.every((part) => isPartRef(part) && Number.isInteger((part as { start?: unknown }).start))) {
    fail(`"terms" is ${describe(terms)}, expected the vocabulary, the field lengths and the parts of the postings.`);
  }
  if (terms.documentCount !== count || terms.fieldLengths.length !== count * FIELDS.length) fail('"terms" does not describe the manifest\'s sections.');
  if (!isObject(text) || !Number.isInteger(text.sectionsPerPart) || (text.sectionsPerPart as number) < 1 || !Array.isArray(text.parts) || !text.parts.every(isPartRef) || text.parts.length !== Math.ceil(count / (text.sectionsPerPart as number))) {
    fail(`"text" is ${describe(text)}, expected the parts of the section text.`);
  }
  const manifest = { ...data, pages, terms, text } as unknown as Manifest;
  let termIndex: TermIndex;
  try {
    termIndex = TermIndex.withoutPostings(count, terms.fieldLengths as number[], terms.vocabulary as string[], manifest.terms.parts.map((part) => part.start));
  } catch (error) {
    fail(`"terms" is malformed (${(error as Error).message}).`);
  }
  const parts = new Parts(manifest, sections, termIndex, fetchPart);
  return { format: INDEX_FORMAT, version: manifest.version, hash: manifest.hash, sections, terms: termIndex, parts, ...readSynonyms(data.synonyms) };
}

/**
 * Above this size, an index is written in parts: a file this large takes seconds to download on a phone before the
 * first result (2 MiB of JSON is about 450 KiB gzip). A smaller index stays one file.
 */
export const PARTS_THRESHOLD_BYTES = 2 * 1024 * 1024;

/**
 * The files of an index, the first being the index file itself (the manifest, for an index in parts) and the others
 * its parts, at their paths relative to it: one file up to `threshold` bytes, parts above.
 */
export function indexFiles(index: DocentIndex, threshold = PARTS_THRESHOLD_BYTES): { layout: 'file' | 'parts'; files: IndexPart[] } {
  const whole = serializeIndex(index);
  if (whole.length <= threshold) return { layout: 'file', files: [{ path: '', content: whole }] };
  const split = splitIndex(index);
  return { layout: 'parts', files: [{ path: '', content: split.manifest }, ...split.parts] };
}
