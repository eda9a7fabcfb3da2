/**
 * Connected mode: the REST API's shapes (`@docent/contract/api`, as openapi.yaml defines them) turned into the shapes
 * the UI renders.
 * Everything the server sends is checked before use, and its text only ever reaches the screen as text. The search's
 * headings and snippets come marked by the server's engine, as in static mode: they are taken only when they hold
 * nothing but escaped text and `<mark>` tags, which `Highlighted` renders as text.
 */
import type { ApiAnswer, ApiAnswerSources, ApiCitation, ApiSearchPage, ApiSearchPageSection } from '@docent/contract/api';
import { STRINGS } from '../strings.js';
import { ReaderFacingError } from './errors.js';
import type { Answer, AnswerStart, Citation, PageHit, PageLink, SectionHit } from './types.js';

// ---------------------------------------------------------------------------------------------
// Checks: a response that does not have the contract's shape is refused, never half-rendered.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

function unreadable(): ReaderFacingError {
  return new ReaderFacingError(STRINGS.unreadableResponse);
}

/** Escaped text (the five entities the engine writes) with `<mark>`…`</mark>` around words: no other markup. */
const ESCAPED_TEXT = '(?:[^<>&]|&(?:amp|lt|gt|quot|#39);)';
const MARKED_HTML = new RegExp(`^(?:${ESCAPED_TEXT}|<mark>${ESCAPED_TEXT}+</mark>)*$`);
const isMarkedHtml = (value: unknown): value is string => isString(value) && MARKED_HTML.test(value);

function isSearchSection(value: unknown): value is ApiSearchPageSection {
  return (
    isObject(value) &&
    isString(value.url) &&
    // A heading comes with its HTML; the part of a page before its first heading has neither.
    (value.heading === null ? value.heading_html === null : isString(value.heading) && isMarkedHtml(value.heading_html)) &&
    isStringArray(value.breadcrumb) &&
    isMarkedHtml(value.snippet_html) &&
    typeof value.score === 'number'
  );
}

function isSearchPage(value: unknown): value is ApiSearchPage {
  return (
    isObject(value) &&
    isString(value.url) &&
    isString(value.title) &&
    typeof value.score === 'number' &&
    Array.isArray(value.sections) &&
    value.sections.length > 0 &&
    value.sections.every(isSearchSection)
  );
}

function isCitation(value: unknown): value is ApiCitation {
  return isObject(value) && Number.isInteger(value.number) && isString(value.title) && isString(value.url) && isString(value.snippet);
}

export function readSearchPages(body: unknown): ApiSearchPage[] {
  if (!isObject(body) || !Array.isArray(body.pages) || !body.pages.every(isSearchPage)) throw unreadable();
  return body.pages;
}

export function readSources(data: unknown): ApiAnswerSources {
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
// Search results: the pages as the server's engine groups and marks them, the shape static mode gets from the engine.

function toSectionHit(section: ApiSearchPageSection): SectionHit {
  return {
    url: section.url,
    heading: section.heading ?? '',
    ...(section.heading_html === null ? {} : { headingHtml: section.heading_html }),
    breadcrumb: section.breadcrumb,
    snippet: section.snippet_html,
    score: section.score,
  };
}

export function toPageHit(page: ApiSearchPage): PageHit {
  return { pageUrl: page.url, pageTitle: page.title, score: page.score, sections: page.sections.map(toSectionHit) };
}

/** The page a section URL belongs to: the URL without its `#heading`. */
function pageUrlOf(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
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

export function toAnswerStart(sources: ApiAnswerSources): AnswerStart {
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
