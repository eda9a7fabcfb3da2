/**
 * A page's HTML made ready for the Markdown writer, with the same content rules as the index (extract/chrome.ts):
 * the content root without chrome; tab panels labelled with their tab's name; code blocks reduced to their
 * language, title and exact text; callouts turned into quotes that know their kind; links and images made absolute.
 */
import { contentRoot, isCallout, isChrome, isPermalink } from '../../extract/chrome.js';
import { CALLOUT_TITLE } from '../../shape.js';
import { contentSelector } from '../../extract/index.js';
import { classesOf, collapse, parseHtml, textContent, type Element } from '../../extract/tree.js';
import { toHtml } from './serialize.js';

export interface PrepareOptions {
  /** The page's absolute URL: relative links and images are resolved against it. */
  url: string;
  /** A CSS selector for the content root, as `docent index --content-selector` takes. */
  contentSelector?: string;
}

function elements(node: Element): Element[] {
  return node.children.filter((child): child is Element => typeof child !== 'string');
}

function descendants(node: Element, predicate: (element: Element) => boolean, found: Element[] = []): Element[] {
  for (const child of elements(node)) {
    if (predicate(child)) found.push(child);
    descendants(child, predicate, found);
  }
  return found;
}

function make(tag: string, attrs: Record<string, string>, children: Array<Element | string>, parent: Element): Element {
  const created: Element = { tag, attrs, children: [], parent };
  created.children = children.map((child) => (typeof child === 'string' ? child : { ...child, parent: created }));
  return created;
}

/** Each tab panel starts with its tab's name in bold; hidden panels are shown, since a copy has no tabs to click. */
function labelTabs(root: Element): void {
  for (const tablist of descendants(root, (element) => element.attrs.role === 'tablist')) {
    const labels = descendants(tablist, (element) => element.attrs.role === 'tab').map((tab) => collapse(textContent(tab)));
    // The panels sit beside the tab list or a few levels up from it (the OpenAPI theme wraps the list twice).
    let panels: Element[] = [];
    for (let container = tablist.parent, depth = 0; container && depth < 4 && panels.length === 0; container = container.parent, depth += 1) {
      panels = descendants(container, (element) => element.attrs.role === 'tabpanel');
    }
    panels.forEach((panel, position) => {
      delete panel.attrs.hidden;
      const label = labels[position];
      if (label) panel.children.unshift(make('p', {}, [make('strong', {}, [label], panel)], panel));
    });
  }
}

const LINE_NUMBER = /(^|[-_])(linenos?|line-?numbers?|codeLineNumber)|^codeLineNumber/i;
const CODE_TITLE = /codeBlockTitle|code-block-caption|code-title|filename/i;
const LANGUAGE_CLASS = /^(?:language|lang|highlight)-([\w#+.-]+)$/;

/** A code block's text as the reader sees it: `<br>` is a line break, line numbers are left out. */
function codeText(node: Element): string {
  let text = '';
  for (const child of node.children) {
    if (typeof child === 'string') text += child;
    else if (child.tag === 'br') text += '\n';
    else if (!classesOf(child).some((name) => LINE_NUMBER.test(name))) text += codeText(child);
  }
  return text;
}

function languageOf(pre: Element): string {
  const candidates = [...elements(pre).filter((child) => child.tag === 'code'), pre];
  for (let parent = pre.parent, depth = 0; parent && depth < 3; parent = parent.parent, depth += 1) candidates.push(parent);
  for (const candidate of candidates) {
    for (const name of classesOf(candidate)) {
      const language = LANGUAGE_CLASS.exec(name)?.[1];
      if (language && language !== 'default' && language !== 'none') return language;
    }
  }
  return '';
}

/** The file name shown above a code block (Docusaurus's title, Sphinx's caption), taken out of the flow. */
function takeTitle(pre: Element): string {
  let branch = pre;
  for (let parent = pre.parent, depth = 0; parent && depth < 3; branch = parent, parent = parent.parent, depth += 1) {
    for (const sibling of elements(parent)) {
      if (sibling === branch) break;
      if (classesOf(sibling).some((name) => CODE_TITLE.test(name))) {
        parent.children = parent.children.filter((child) => child !== sibling);
        return collapse(textContent(sibling));
      }
    }
  }
  return '';
}

function prepareCode(pre: Element): void {
  const title = takeTitle(pre);
  const language = languageOf(pre);
  const text = codeText(pre).replace(/\n$/, '');
  pre.attrs = { 'data-language': language, 'data-title': title };
  pre.children = [make('code', {}, [text], pre)];
}

const CALLOUT_KINDS: ReadonlySet<string> = new Set([
  'note', 'tip', 'info', 'important', 'warning', 'caution', 'danger', 'hint', 'attention', 'error', 'seealso',
  'deprecated', 'success', 'example', 'abstract', 'question', 'quote', 'bug', 'failure',
]);

function calloutKind(element: Element): string {
  for (const name of classesOf(element)) {
    const kind = name.replace(/^(theme-admonition-|admonition-|callout-|alert-)/, '').toLowerCase();
    if (CALLOUT_KINDS.has(kind)) return kind;
  }
  return '';
}

const CALLOUT_TITLE_CLASS = /admonitionHeading|admonition-title|callout-title|alert-title|starlight-aside__title/i;

/** The box's title element: a marked one, or a first child that reads like "Note". */
function calloutTitle(callout: Element): Element | null {
  const first = elements(callout)[0];
  const marked = descendants(callout, (element) => classesOf(element).some((name) => CALLOUT_TITLE_CLASS.test(name)))[0];
  if (marked) return marked;
  return first && CALLOUT_TITLE.test(collapse(textContent(first))) ? first : null;
}

function prepareCallout(callout: Element): void {
  const kind = calloutKind(callout);
  if (!kind) return;
  const titleElement = calloutTitle(callout);
  const title = titleElement ? collapse(textContent(titleElement)) : '';
  if (titleElement?.parent) titleElement.parent.children = titleElement.parent.children.filter((child) => child !== titleElement);
  callout.tag = 'blockquote';
  callout.attrs = { 'data-callout': kind, 'data-title': title };
}

function absolute(value: string, base: string): string | null {
  if (/^\s*javascript:/i.test(value)) return null;
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
}

/** Leaves out chrome and permalink marks, and rewrites what stays, depth first. */
function prune(node: Element, options: PrepareOptions): void {
  node.children = node.children.filter((child) => typeof child === 'string' || !(isChrome(child) || isPermalink(child) || 'hidden' in child.attrs));
  for (const child of elements(node)) {
    if (child.tag === 'pre') {
      prepareCode(child);
      continue;
    }
    if (child.tag !== 'details' && isCallout(child)) prepareCallout(child);
    if (child.tag === 'a' && child.attrs.href !== undefined) {
      const href = absolute(child.attrs.href, options.url);
      if (href === null) delete child.attrs.href;
      else child.attrs.href = href;
    }
    if (child.tag === 'img' && child.attrs.src) child.attrs.src = absolute(child.attrs.src, options.url) ?? '';
    prune(child, options);
  }
}

/** The page's content as HTML the Markdown writer reads, and whether it has an `h1` of its own. */
export function prepareContent(html: string, options: PrepareOptions): { html: string; hasTitle: boolean } {
  const root = contentRoot(parseHtml(html), contentSelector(options.contentSelector));
  labelTabs(root);
  prune(root, options);
  const hasTitle = descendants(root, (element) => element.tag === 'h1').length > 0;
  return { html: toHtml({ ...root, tag: '#content' }), hasTitle };
}
