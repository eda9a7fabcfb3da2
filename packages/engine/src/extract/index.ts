/**
 * One HTML page → its sections. The page's content root is found (the owner's selector, a known generator's root,
 * else `article`/`main`/`body`), chrome is left out, and the content is cut at headings and API entries.
 */
import { formatShape } from '../shape.js';
import type { ExtractOptions, HtmlPage, Section } from '../types.js';
import { contentRoot } from './chrome.js';
import { parseSelector, type Selector } from './selectors.js';
import { cleanTitle } from './titles.js';
import { collapse, parseHtml, textContent, type Element } from './tree.js';
import { walkSections, type DraftSection } from './walk.js';

export { cleanTitle, sharedTitleSuffix, withoutSuffix } from './titles.js';
export { parseSelector } from './selectors.js';
export { MAX_DEPTH } from './tree.js';

export interface PageExtraction {
  sections: Section[];
  /** Why the page gives no sections (it opts out, or is a generated page), or null. */
  skipped: string | null;
}

interface Head {
  title: string;
  description: string;
  optedOut: boolean;
  noindex: boolean;
}

function readHead(document: Element): Head {
  const head: Head = { title: '', description: '', optedOut: false, noindex: false };
  const scan = (element: Element): void => {
    for (const child of element.children) {
      if (typeof child === 'string') continue;
      if (child.tag === 'title' && !head.title) head.title = collapse(textContent(child));
      else if (child.tag === 'meta') {
        const name = (child.attrs.name ?? '').toLowerCase();
        const content = (child.attrs.content ?? '').trim().toLowerCase();
        if (name === 'description' && !head.description) head.description = collapse(child.attrs.content ?? '');
        if (name === 'docent' && content === 'false') head.optedOut = true;
        if (name === 'robots' && /\bnoindex\b/.test(content)) head.noindex = true;
      } else if (child.tag !== 'body' && child.tag !== 'svg') scan(child);
    }
  };
  scan(document);
  return head;
}

function pagePath(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

function encodeFragment(anchor: string): string {
  return encodeURI(anchor).replace(/#/g, '%23');
}

/** Generated pages by name: Sphinx's general and module indexes, and not-found pages. */
const GENERATED_NAME = /^(genindex(-[\w-]+)?|(py-|[\w]+-)?modindex|404)$/i;
/** A page named search with less text than this is a search form, not an article about searching. */
const SEARCH_PAGE_WORDS = 80;

function lastSegment(url: string): string {
  const path = pagePath(url).replace(/[?].*$/, '').replace(/\/+$/, '');
  return (path.slice(path.lastIndexOf('/') + 1) || '').replace(/\.html?$/i, '');
}

function generatedReason(url: string, head: Head, drafts: readonly DraftSection[]): string | null {
  const name = lastSegment(url);
  if (GENERATED_NAME.test(name)) return 'it is a generated index or not-found page';
  if (head.noindex) return 'it asks not to be indexed (<meta name="robots" content="noindex">)';
  if (name.toLowerCase() === 'search') {
    const words = drafts.reduce((count, draft) => count + draft.blocks.join(' ').split(/\s+/).filter(Boolean).length, 0);
    if (words < SEARCH_PAGE_WORDS) return 'it is a search page';
  }
  return null;
}

/** Drops an entry that repeats the one before it (`Quickstart | Docent docs` › `Quickstart`). */
function breadcrumbOf(entries: string[]): string[] {
  const breadcrumb: string[] = [];
  for (const entry of entries) {
    const previous = breadcrumb[breadcrumb.length - 1];
    if (previous !== undefined && (previous === entry || cleanTitle(previous) === entry)) continue;
    breadcrumb.push(entry);
  }
  return breadcrumb;
}

function toSections(drafts: readonly DraftSection[], pageUrl: string, pageTitle: string, description: string): Section[] {
  const sections: Section[] = [];
  const seenIds = new Map<string, number>();
  for (const draft of drafts) {
    const heading = draft.heading || pageTitle;
    const text = draft.blocks.join('\n');
    if (draft === drafts[0] && !draft.heading && !text) continue;
    // An API entry or heading with nothing under it and no anchor of its own adds nothing to find.
    if (draft !== drafts[0] && !text && !draft.anchor) continue;
    const url = draft.anchor ? `${pageUrl}#${encodeFragment(draft.anchor)}` : pageUrl;
    const shape = formatShape(draft.shapes);
    const repeats = (seenIds.get(url) ?? 0) + 1;
    seenIds.set(url, repeats);
    sections.push({
      id: repeats === 1 ? url : `${url}~${repeats}`,
      url,
      pageUrl,
      pageTitle,
      heading,
      level: draft.level,
      breadcrumb: breadcrumbOf([pageTitle, ...draft.parents, heading]),
      text,
      description,
      ...(shape ? { shape } : {}),
    });
  }
  return sections;
}

const selectorCache = new Map<string, Selector>();

/** The owner's `contentSelector`, parsed once per text; throws the parser's message when it is not valid. */
export function contentSelector(text: string | undefined): Selector | null {
  if (!text) return null;
  let selector = selectorCache.get(text);
  if (!selector) {
    const parsed = parseSelector(text);
    if (typeof parsed === 'string') throw new Error(parsed);
    selector = parsed;
    selectorCache.set(text, selector);
  }
  return selector;
}

/** A page's sections, or why it gives none. */
export function extractPage(page: HtmlPage, options: ExtractOptions = {}): PageExtraction {
  const document = parseHtml(page.html);
  const pageUrl = pagePath(page.url);
  const head = readHead(document);
  if (head.optedOut) return { sections: [], skipped: 'it opts out with <meta name="docent" content="false">' };
  const drafts = walkSections(contentRoot(document, contentSelector(options.contentSelector)));
  if (options.skipGeneratedPages !== false) {
    const reason = generatedReason(page.url, head, drafts);
    if (reason) return { sections: [], skipped: reason };
  }
  const firstH1 = drafts.find((draft) => draft.level === 1 && draft.heading)?.heading;
  const pageTitle = (options.cleanTitles ? cleanTitle(head.title) : head.title) || firstH1 || pageUrl;
  const sections = toSections(drafts, pageUrl, pageTitle, head.description);
  if (!sections.length) return { sections, skipped: NO_TEXT };
  return { sections, skipped: null };
}

/** Why a page with no text left after the chrome is gone is not indexed, and what to try. */
const NO_TEXT = 'it has no text once its navigation and other page chrome are left out; if it does, name where the text is with a content selector (docent index --content-selector)';

/**
 * Splits one HTML page into sections: one per h1–h3, per h4–h6 with an anchor and per API entry with an id. Text
 * before the first heading belongs to the page's h1 section. Returns `[]` for a page with `<meta name="docent"
 * content="false">` and for generated pages (indexes, search and not-found pages, `noindex`).
 */
export function extractSections(page: HtmlPage, options: ExtractOptions = {}): Section[] {
  return extractPage(page, options).sections;
}
