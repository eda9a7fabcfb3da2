/**
 * Connected mode: the REST API's shapes (packages/server/openapi.yaml) turned into the shapes the UI renders.
 * Everything the server sends is checked before use, and its text only ever reaches the screen as text: snippets
 * are HTML-escaped here and get `<mark>` around the query's words, like the static results, for `Highlighted`.
 */
import { STRINGS } from '../strings.js';
import { ReaderFacingError } from './errors.js';
import type { Answer, AnswerStart, Citation, PageHit, PageLink, SectionHit } from './types.js';

/** `SearchResult` of the contract. */
export interface ApiSearchResult {
  readonly url: string;
  readonly title: string;
  readonly heading: string | null;
  readonly breadcrumb: readonly string[];
  readonly snippet: string;
  readonly score: number;
}

/** `Citation` of the contract. */
export interface ApiCitation {
  readonly number: number;
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

/** `Answer` of the contract (the JSON response, and the data of the `done` event). */
export interface ApiAnswer {
  readonly conversation_id: string;
  readonly message_id: string;
  readonly answer: string;
  readonly answered: boolean;
  readonly citations: readonly ApiCitation[];
}

/** The data of the `sources` event. */
export interface ApiSources {
  readonly conversation_id: string;
  readonly message_id: string;
  readonly citations: readonly ApiCitation[];
}

// ---------------------------------------------------------------------------------------------
// Checks: a response that does not have the contract's shape is refused, never half-rendered.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

function unreadable(): ReaderFacingError {
  return new ReaderFacingError(STRINGS.unreadableResponse);
}

function isSearchResult(value: unknown): value is ApiSearchResult {
  return (
    isObject(value) &&
    isString(value.url) &&
    isString(value.title) &&
    (value.heading === null || isString(value.heading)) &&
    isStringArray(value.breadcrumb) &&
    isString(value.snippet) &&
    typeof value.score === 'number'
  );
}

function isCitation(value: unknown): value is ApiCitation {
  return isObject(value) && Number.isInteger(value.number) && isString(value.title) && isString(value.url) && isString(value.snippet);
}

export function readSearchResults(body: unknown): ApiSearchResult[] {
  if (!isObject(body) || !Array.isArray(body.results) || !body.results.every(isSearchResult)) throw unreadable();
  return body.results;
}

export function readSources(data: unknown): ApiSources {
  if (!isObject(data) || !isString(data.conversation_id) || !isString(data.message_id)) throw unreadable();
  if (!Array.isArray(data.citations) || !data.citations.every(isCitation)) throw unreadable();
  return { conversation_id: data.conversation_id, message_id: data.message_id, citations: data.citations };
}

export function readAnswer(data: unknown): ApiAnswer {
  const sources = readSources(data);
  const { answer, answered } = data as Json;
  if (!isString(answer) || typeof answered !== 'boolean') throw unreadable();
  return { ...sources, answer, answered };
}

export function readDelta(data: unknown): string {
  if (!isObject(data) || !isString(data.text)) throw unreadable();
  return data.text;
}

// ---------------------------------------------------------------------------------------------
// Highlighting: the server's snippets are plain text; the static results mark the query's words.

const WORD = /[\p{L}\p{N}]+(?:['’_][\p{L}\p{N}]+)*/gu;
/** Words never worth marking (the engine leaves them out of its index, so static results never mark them). */
const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from how i if in into is it its of on or so that the then there this to was what when where which who why will with you your'.split(' '),
);

function normalize(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/['’]s$/, '')
    .replace(/['’]/g, '');
}

/** A light stemmer, close to the engine's: `retries` and `retried` → `retri`, `configuring` → `configur`. */
function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let result = word;
  if (result.endsWith('ies') && result.length > 4) result = `${result.slice(0, -3)}i`;
  else if (result.endsWith('s') && !/(ss|us|is|ys)$/.test(result)) result = result.slice(0, -1);
  if (result.endsWith('ing') && result.length > 5) result = result.slice(0, -3);
  else if (result.endsWith('ed') && result.length > 4 && !result.endsWith('eed')) result = result.slice(0, -2);
  if (result.endsWith('e') && result.length > 4) result = result.slice(0, -1);
  if (result.endsWith('y') && result.length > 3 && !/[aeiouy]/.test(result.charAt(result.length - 2))) result = `${result.slice(0, -1)}i`;
  return result;
}

/** The query's words, as prefixes to look for: what the reader typed, and its stem. */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const word of query.match(WORD) ?? []) {
    const normalized = normalize(word);
    if (normalized === '' || STOP_WORDS.has(normalized)) continue;
    terms.add(normalized);
    terms.add(stem(normalized));
  }
  return [...terms];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/**
 * `text` HTML-escaped, with `<mark>` around each word that starts with a query word or shares its stem (search as
 * you type marks `sitem` in `sitemap`, like the static results). The only markup in the result is `<mark>`.
 */
export function markQuery(text: string, terms: readonly string[]): string {
  if (terms.length === 0) return escapeHtml(text);
  let html = '';
  let position = 0;
  for (const match of text.matchAll(WORD)) {
    const word = normalize(match[0]);
    const stemmed = stem(word);
    if (!terms.some((term) => word.startsWith(term) || stemmed.startsWith(term))) continue;
    const start = match.index ?? 0;
    const end = start + match[0].length;
    html += `${escapeHtml(text.slice(position, start))}<mark>${escapeHtml(match[0])}</mark>`;
    position = end;
  }
  return html + escapeHtml(text.slice(position));
}

// ---------------------------------------------------------------------------------------------
// Search results: the API ranks sections across pages; the UI shows them grouped under their page.

/** The page a section URL belongs to: the URL without its `#heading`. */
function pageUrlOf(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

export interface GroupOptions {
  /** Sections in all. */
  readonly limit: number;
  /** Sections under one page, as in the static results. */
  readonly perPage?: number;
}

/**
 * Sections (best first) grouped by page, pages in the order of their best section, at most `perPage` sections per
 * page and `limit` in all: the same shape and order the engine gives static mode.
 */
export function toPageHits(results: readonly ApiSearchResult[], query: string, { limit, perPage = 3 }: GroupOptions): PageHit[] {
  const terms = queryTerms(query);
  const pages = new Map<string, { page: PageHit; sections: SectionHit[] }>();
  let count = 0;
  for (const result of results) {
    if (count >= limit) break;
    const pageUrl = pageUrlOf(result.url);
    let entry = pages.get(pageUrl);
    if (!entry) {
      const sections: SectionHit[] = [];
      entry = { page: { pageUrl, pageTitle: result.title, score: result.score, sections }, sections };
      pages.set(pageUrl, entry);
    }
    if (entry.sections.length >= perPage) continue;
    const heading = result.heading ?? '';
    entry.sections.push({
      url: result.url,
      heading,
      ...(heading ? { headingHtml: markQuery(heading, terms) } : {}),
      breadcrumb: result.breadcrumb,
      snippet: markQuery(result.snippet, terms),
      score: result.score,
    });
    count += 1;
  }
  return [...pages.values()].map((entry) => entry.page);
}

// ---------------------------------------------------------------------------------------------
// Answers

/** `page#heading:~:text=words` → `page#heading` (the section without the text fragment). */
export function sectionUrlOf(url: string): string {
  const directive = url.indexOf(':~:');
  if (directive === -1) return url;
  return url.slice(0, directive).replace(/#$/, '');
}

/** The API's citation has no breadcrumb: the page title stands for it. */
export function toCitation(citation: ApiCitation): Citation {
  return { number: citation.number, url: citation.url, sectionUrl: sectionUrlOf(citation.url), title: citation.title, breadcrumb: [citation.title] };
}

export function toAnswerStart(sources: ApiSources): AnswerStart {
  return { conversationId: sources.conversation_id, messageId: sources.message_id, citations: sources.citations.map(toCitation) };
}

/**
 * The UI's `Answer`. When the docs do not cover the question, the API lists the closest sections as citations;
 * the UI shows those as the closest pages (one link per page) under its own "not covered" text.
 */
export function toAnswer(api: ApiAnswer): Answer {
  if (api.answered) return { answered: true, markdown: api.answer, citations: api.citations.map(toCitation), closest: [] };
  const closest = new Map<string, PageLink>();
  for (const citation of api.citations) {
    const url = sectionUrlOf(citation.url);
    if (!closest.has(pageUrlOf(url))) closest.set(pageUrlOf(url), { url, title: citation.title });
  }
  return { answered: false, markdown: api.answer, citations: [], closest: [...closest.values()] };
}
