/**
 * The anchor a section links to. Generators put it in different places: on the heading (Docusaurus, MkDocs), on an
 * inner link (Sphinx's permalink, Node.js's `#` mark, DocBook's `<a name>`), on an element the heading opens
 * (Sphinx's `<section id>`, DocBook's `<div class="sect1" id>` a few wrappers up), or on an empty anchor just
 * before it.
 */
import { isPermalink } from './chrome.js';
import { collapse, findFirst, textContent, type Element } from './tree.js';

/** How many wrappers up an id may sit: DocBook nests the heading in three `div`s inside the section's. */
const MAX_WRAPPERS = 5;

export function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function isEmpty(node: Element | string): boolean {
  return typeof node === 'string' ? node.trim() === '' : collapse(textContent(node)) === '';
}

/** Whether nothing but whitespace and empty elements comes before `child` in `parent`. */
function opensWith(parent: Element, child: Element): boolean {
  for (const sibling of parent.children) {
    if (sibling === child) return true;
    if (!isEmpty(sibling)) return false;
  }
  return false;
}

function enclosingId(heading: Element): string | null {
  let element = heading;
  for (let step = 0; step < MAX_WRAPPERS; step++) {
    const parent = element.parent;
    if (!parent || parent.tag === '#root' || parent.tag === 'body' || !opensWith(parent, element)) return null;
    if (parent.attrs.id) return parent.attrs.id;
    element = parent;
  }
  return null;
}

/**
 * The heading's anchor: its own id, else a named anchor inside it, else the target of its permalink, else the id
 * of an element it opens, else `preceding` (the id of an empty anchor right before it), else null.
 */
export function anchorOf(heading: Element, preceding: string | null): string | null {
  if (heading.attrs.id) return heading.attrs.id;
  const named = findFirst(heading, (child) => child.tag === 'a' && Boolean(child.attrs.id || child.attrs.name));
  if (named) return named.attrs.id || named.attrs.name || null;
  const permalink = findFirst(heading, isPermalink);
  const href = permalink?.attrs.href;
  if (href && href.length > 1) return decodeFragment(href.slice(1));
  return enclosingId(heading) ?? preceding;
}

/** The id an empty element gives to what follows it (`<a name="x"></a>`, `<span id="x"></span>`), or null. */
export function namedAnchor(element: Element): string | null {
  const id = element.attrs.id || (element.tag === 'a' ? element.attrs.name : undefined);
  return id && isEmpty(element) ? id : null;
}
