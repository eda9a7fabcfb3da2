/**
 * Where the content of a page is, and what around and inside it is chrome: the rules that let the extractor read
 * the HTML of any documentation generator, not only Docusaurus.
 */
import { parseSelector, querySelector, type Selector } from './selectors.js';
import { classesOf, collapse, findFirst, textContent, type Element } from './tree.js';

function selector(text: string): Selector {
  const parsed = parseSelector(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/**
 * The content roots of known generators, most specific first: the first that matches is the content. A page none of
 * them matches is read from `article`, then `main`, then `[role=main]`, then `body`, with chrome removed.
 */
const CONTENT_ROOTS: readonly Selector[] = [
  '[data-docent-content]',
  // MkDocs Material, VitePress, Starlight, Antora, GitBook and docsify exports, Docsy (Hugo), Hugo Book.
  'article.md-content__inner',
  '.vp-doc',
  '.sl-markdown-content',
  'article.doc',
  '.markdown-section',
  '.td-content',
  'article.markdown',
  // Jekyll themes (Just the Docs, Minima) and Node.js's documentation.
  '#main-content',
  '.post-content',
  '#apicontent',
  // Sphinx (basic, alabaster, Read the Docs and Furo themes).
  'div.body[role=main]',
  'div[itemprop=articleBody]',
  'article[role=main]',
  // DocBook's content is the body between its navheader and navfooter (chrome below); AsciiDoc reuses DocBook's
  // class names (sect1) for parts of a page, so they are never taken as the root.
  'article',
  'main',
  '[role=main]',
  'body',
].map(selector);

/** The content root: the owner's selector when it matches, else the first known root, else the whole document. */
export function contentRoot(document: Element, custom: Selector | null): Element {
  if (custom) {
    const found = querySelector(document, custom);
    if (found) return found;
  }
  for (const root of CONTENT_ROOTS) {
    const found = querySelector(document, root);
    if (found) return found;
  }
  return document;
}

const REMOVED_TAGS: ReadonlySet<string> = new Set([
  'nav', 'header', 'footer', 'aside', 'script', 'style', 'noscript', 'svg', 'button', 'template', 'iframe', 'object',
  'canvas', 'select', 'textarea', 'input', 'head', 'form',
]);

const REMOVED_ROLES: ReadonlySet<string> = new Set(['navigation', 'search', 'banner', 'contentinfo', 'tablist', 'toolbar']);

/** Chrome by class name: Docusaurus's classic theme, permalinks (Sphinx, MkDocs, VitePress) and edit buttons. */
const REMOVED_CLASSES: ReadonlySet<string> = new Set([
  'headerlink', 'header-anchor', 'hash-link', 'anchorjs-link', 'theme-doc-breadcrumbs', 'pagination-nav',
  'theme-doc-toc-mobile', 'theme-doc-footer', 'theme-edit-this-page', 'theme-doc-version-banner',
  'theme-doc-version-badge', 'md-content__button', 'md-source-file', 'edit-page-link', 'edit-link', 'page-edit',
]);

/**
 * Words that mark chrome in a class or id (`md-sidebar`, `sphinxsidebar`, `global-nav`, `navheader`): the parts of
 * the name split on `-` and `_` are compared with these.
 */
const CHROME_WORDS: ReadonlySet<string> = new Set([
  'nav', 'navbar', 'navigation', 'sidebar', 'sphinxsidebar', 'sidenav', 'breadcrumb', 'breadcrumbs', 'toc',
  'navheader', 'navfooter', 'pagination', 'footer', 'skip', 'related', 'prevnext', 'searchbox', 'menu', 'topbar',
]);

function namesChrome(name: string): boolean {
  return name.split(/[-_]+/).some((part) => CHROME_WORDS.has(part.toLowerCase()));
}

/**
 * Whether an element's id marks it as chrome. Section wrappers take their id from their heading (Sphinx's
 * `div.section#s-related-objects-reference`, DocBook's `div.sect1`, `<section>`), and a wrapper named after the page
 * (Django's `#topics-pagination`) holds the page's h1: a chrome word in such an id names a topic, not chrome.
 */
function idNamesChrome(element: Element, classes: readonly string[]): boolean {
  const id = element.attrs.id;
  if (id === undefined || !namesChrome(id)) return false;
  if (element.tag === 'section' || classes.some((name) => name === 'section' || /^sect\d$/.test(name))) return false;
  return findFirst(element, (child) => child.tag === 'h1') === null;
}

const EDIT_LINK = /^(edit|improve|suggest (an )?edits?( to)?|view (the )?source( of)?)( this| the)?( page| doc| document)?( on (github|gitlab|bitbucket))?$/i;

export const SECTION_HEADING_TAGS: Readonly<Record<string, 1 | 2 | 3 | 4 | 5 | 6>> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

function holdsMainHeading(element: Element): boolean {
  return findFirst(element, (child) => child.tag === 'h1' || child.tag === 'h2') !== null;
}

/** Whether an element inside the content root is chrome, left out with everything in it. */
export function isChrome(element: Element): boolean {
  const { attrs, tag } = element;
  if ('data-docent-ignore' in attrs) return true;
  if (attrs.role && REMOVED_ROLES.has(attrs.role)) return true;
  if (attrs['aria-hidden'] === 'true') return true;
  const classes = classesOf(element);
  if (classes.some((name) => REMOVED_CLASSES.has(name))) return true;
  if (tag === 'a' && EDIT_LINK.test(collapse(textContent(element)))) return true;
  if (tag in SECTION_HEADING_TAGS || tag === 'pre' || tag === 'code') return false;
  const named = classes.some(namesChrome) || idNamesChrome(element, classes);
  if (!named && !REMOVED_TAGS.has(tag)) return false;
  // Many themes wrap the page's h1 in a <header> (Docusaurus), or the name section of a man page in #header
  // (AsciiDoc): a header holding the page's heading is content, not chrome.
  if ((tag === 'header' || attrs.id === 'header') && holdsMainHeading(element)) return false;
  return true;
}

/** Admonitions and other callouts: their headings are titles of a box, not sections. */
const CALLOUT_CLASSES: ReadonlySet<string> = new Set([
  'admonition', 'theme-admonition', 'callout', 'alert', 'note', 'warning', 'tip', 'hint', 'caution', 'important',
  'danger', 'attention', 'seealso', 'versionadded', 'versionchanged', 'deprecated', 'starlight-aside', 'custom-block',
  'notice', 'sidebar-content',
]);

export function isCallout(element: Element): boolean {
  if (element.tag === 'details' || element.attrs.role === 'note' || element.attrs.role === 'alert') return true;
  return classesOf(element).some((name) => CALLOUT_CLASSES.has(name) || name.startsWith('admonition-'));
}

/** A permalink mark inside a heading (`¶`, `#`, `§`, `🔗`, or an empty link to the heading). */
export function isPermalink(element: Element): boolean {
  if (element.tag !== 'a' || !(element.attrs.href ?? '').startsWith('#')) return false;
  const text = collapse(textContent(element));
  return text === '' || /^[¶#§🔗]$/u.test(text) || text.toLowerCase() === 'permalink';
}
