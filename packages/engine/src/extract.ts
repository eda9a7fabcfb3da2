import { Parser } from 'htmlparser2';
import type { ExtractOptions, HtmlPage, Section } from './types.js';

/** A minimal element tree: enough to remove chrome and walk headings, nothing more. */
interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Array<Element | string>;
  parent: Element | null;
}

/**
 * How deep the tree goes. Elements nested deeper are flattened into their ancestor at this depth (their text is
 * kept), so that the walks below, which recurse, stay far from the stack's limit on any page.
 */
export const MAX_DEPTH = 256;

function parseHtml(html: string): Element {
  const root: Element = { tag: '#root', attrs: {}, children: [], parent: null };
  let current = root;
  let depth = 0;
  /** Open tags past MAX_DEPTH, not in the tree. */
  let flattened = 0;
  const addText = (text: string): void => {
    const last = current.children[current.children.length - 1];
    if (typeof last === 'string') current.children[current.children.length - 1] = last + text;
    else current.children.push(text);
  };
  const parser = new Parser(
    {
      onopentag(tag, attrs) {
        if (depth >= MAX_DEPTH) {
          flattened += 1;
          // A flattened block still separates words.
          if (BLOCK_TAGS.has(tag)) addText(' ');
          return;
        }
        const element: Element = { tag, attrs, children: [], parent: current };
        current.children.push(element);
        current = element;
        depth += 1;
      },
      ontext: addText,
      onclosetag(tag) {
        if (flattened > 0) {
          flattened -= 1;
          if (BLOCK_TAGS.has(tag)) addText(' ');
          return;
        }
        current = current.parent ?? root;
        depth = Math.max(0, depth - 1);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return root;
}

function findFirst(element: Element, predicate: (element: Element) => boolean): Element | null {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (predicate(child)) return child;
    const found = findFirst(child, predicate);
    if (found) return found;
  }
  return null;
}

function collapse(text: string): string {
  return text.replace(/[\s\u200b\u200c\u200d\ufeff]+/g, ' ').trim();
}

function textContent(element: Element, skip: (element: Element) => boolean = () => false): string {
  let text = '';
  for (const child of element.children) {
    if (typeof child === 'string') text += child;
    else if (!skip(child)) text += (BLOCK_TAGS.has(child.tag) ? ' ' : '') + textContent(child, skip);
  }
  return text;
}

const REMOVED_TAGS = new Set([
  'nav',
  'header',
  'footer',
  'aside',
  'script',
  'style',
  'noscript',
  'svg',
  'button',
  'template',
  'iframe',
  'object',
  'canvas',
  'select',
  'textarea',
  'input',
  'head',
]);

/** Page chrome inside the article: Docusaurus (classic theme), and the heading permalinks of
 * Sphinx and MkDocs (`headerlink`) and VitePress (`header-anchor`). */
const REMOVED_CLASSES = [
  'headerlink',
  'header-anchor',
  'theme-doc-breadcrumbs',
  'pagination-nav',
  'theme-doc-toc-mobile',
  'theme-doc-footer',
  'hash-link',
  'theme-edit-this-page',
  'theme-doc-version-banner',
  'theme-doc-version-badge',
];

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
]);

const CELL_TAGS = new Set(['td', 'th']);
const SECTION_HEADINGS: Record<string, 1 | 2 | 3> = { h1: 1, h2: 2, h3: 3 };

function classes(element: Element): string[] {
  return (element.attrs.class ?? '').split(/\s+/).filter(Boolean);
}

function containsSectionHeading(element: Element): boolean {
  return findFirst(element, (child) => child.tag in SECTION_HEADINGS) !== null;
}

function isRemoved(element: Element): boolean {
  if ('data-docent-ignore' in element.attrs) return true;
  if (element.attrs.role === 'tablist') return true;
  const elementClasses = classes(element);
  if (REMOVED_CLASSES.some((name) => elementClasses.includes(name))) return true;
  if (!REMOVED_TAGS.has(element.tag)) return false;
  // Docusaurus and many themes wrap the page's h1 in a <header> inside the article: that
  // header is content, not chrome.
  if (element.tag === 'header' && containsSectionHeading(element)) return false;
  return true;
}

function insideLink(element: Element): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) if (parent.tag === 'a') return true;
  return false;
}

/**
 * The heading's anchor: its own `id`, else an anchor inside it (`<a id>`, `<a name>`, a
 * permalink `<a href="#…">`), else the id of a wrapping element it opens (Sphinx puts the id on
 * `<section>`).
 */
function anchorOf(heading: Element): string | null {
  if (heading.attrs.id) return heading.attrs.id;
  const named = findFirst(heading, (child) => child.tag === 'a' && Boolean(child.attrs.id || child.attrs.name));
  if (named) return named.attrs.id || named.attrs.name || null;
  const parent = heading.parent;
  if (parent && parent.attrs.id && parent.tag !== '#root') {
    const firstElement = parent.children.find((child): child is Element => typeof child !== 'string');
    if (firstElement === heading) return parent.attrs.id;
  }
  const permalink = findFirst(heading, (child) => child.tag === 'a' && (child.attrs.href ?? '').startsWith('#'));
  const href = permalink?.attrs.href;
  return href && href.length > 1 ? decodeFragment(href.slice(1)) : null;
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function encodeFragment(anchor: string): string {
  return encodeURI(anchor).replace(/#/g, '%23');
}

function pagePath(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** `Quickstart | Docent docs` → `Quickstart`. */
export function cleanTitle(title: string): string {
  const separator = title.lastIndexOf(' | ');
  if (separator <= 0) return title;
  const cleaned = title.slice(0, separator).trim();
  return cleaned || title;
}

interface DraftSection {
  heading: string;
  level: 1 | 2 | 3;
  anchor: string | null;
  parents: string[];
  blocks: string[];
}

/**
 * Splits one HTML page into sections, one per h1–h3. Text before the first heading belongs to
 * the page's h1 section. Returns `[]` for a page with `<meta name="docent" content="false">`.
 */
export function extractSections(page: HtmlPage, options: ExtractOptions = {}): Section[] {
  const document = parseHtml(page.html);
  const pageUrl = pagePath(page.url);

  let rawTitle = '';
  let description = '';
  let optedOut = false;
  const scanHead = (element: Element): void => {
    for (const child of element.children) {
      if (typeof child === 'string') continue;
      if (child.tag === 'title' && !rawTitle) rawTitle = collapse(textContent(child));
      else if (child.tag === 'meta') {
        const name = (child.attrs.name ?? '').toLowerCase();
        const content = child.attrs.content ?? '';
        if (name === 'description' && !description) description = collapse(content);
        if (name === 'docent' && content.trim().toLowerCase() === 'false') optedOut = true;
      } else if (child.tag !== 'body' && child.tag !== 'svg') scanHead(child);
    }
  };
  scanHead(document);
  if (optedOut) return [];

  const root =
    findFirst(document, (element) => 'data-docent-content' in element.attrs) ??
    findFirst(document, (element) => element.tag === 'article') ??
    findFirst(document, (element) => element.tag === 'main') ??
    findFirst(document, (element) => element.tag === 'body') ??
    document;

  const headingText = (heading: Element): string => collapse(textContent(heading, isRemoved));
  const firstH1 = findFirst(root, (element) => element.tag === 'h1' && !insideLink(element));
  const h1Text = firstH1 ? headingText(firstH1) : '';
  const pageTitle = (options.cleanTitles ? cleanTitle(rawTitle) : rawTitle) || h1Text || pageUrl;

  const drafts: DraftSection[] = [];
  // The page section: holds text before the first heading and is claimed by the first h1.
  let current: DraftSection = { heading: '', level: 1, anchor: null, parents: [], blocks: [] };
  drafts.push(current);
  let claimedPageSection = false;
  const headingStack: Array<{ level: number; heading: string }> = [];
  let block = '';

  const flush = (): void => {
    const text = collapse(block);
    if (text) current.blocks.push(text);
    block = '';
  };

  const startSection = (element: Element, level: 1 | 2 | 3, heading: string): void => {
    flush();
    if (level === 1 && !claimedPageSection && drafts.length === 1) {
      current.heading = heading;
      claimedPageSection = true;
    } else {
      while (headingStack.length && (headingStack[headingStack.length - 1]?.level ?? 0) >= level) headingStack.pop();
      current = {
        heading,
        level,
        anchor: level === 1 ? null : anchorOf(element),
        parents: headingStack.map((entry) => entry.heading),
        blocks: [],
      };
      drafts.push(current);
      claimedPageSection ||= level === 1;
    }
    headingStack.push({ level, heading });
  };

  const visit = (element: Element): void => {
    for (const child of element.children) {
      if (typeof child === 'string') {
        block += child;
        continue;
      }
      if (isRemoved(child)) continue;
      const level = SECTION_HEADINGS[child.tag];
      if (level && !insideLink(child)) {
        const heading = headingText(child);
        if (heading) {
          startSection(child, level, heading);
          continue;
        }
      }
      if (child.tag === 'br' || CELL_TAGS.has(child.tag)) block += ' ';
      const isBlock = BLOCK_TAGS.has(child.tag);
      if (isBlock) flush();
      visit(child);
      if (isBlock) flush();
      else if (CELL_TAGS.has(child.tag)) block += ' ';
    }
  };
  visit(root);
  flush();

  const sections: Section[] = [];
  const seenIds = new Map<string, number>();
  for (const draft of drafts) {
    const heading = draft.heading || pageTitle;
    const text = draft.blocks.join('\n');
    if (draft === drafts[0] && !draft.heading && !text) continue;
    const url = draft.anchor ? `${pageUrl}#${encodeFragment(draft.anchor)}` : pageUrl;
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
    });
  }
  return sections;
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
