/**
 * A minimal element tree over htmlparser2's events: enough to find the content, drop chrome and walk headings.
 */
import { Parser } from 'htmlparser2';

export interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Array<Element | string>;
  parent: Element | null;
}

/**
 * How deep the tree goes. Elements nested deeper are flattened into their ancestor at this depth (their text is
 * kept), so that the walks, which recurse, stay far from the stack's limit on any page.
 */
export const MAX_DEPTH = 256;

export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav',
  'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'ul',
]);

/**
 * Table parts whose start ends the cells and rows still open before it, as HTML parsers do: minified pages leave out
 * `</th>`, `</td>` and `</tr>`, and a `<tbody>` after a header row must not land inside its last cell.
 */
const CLOSED_BY: Readonly<Record<string, ReadonlySet<string>>> = {
  tr: new Set(['td', 'th', 'tr']),
  thead: new Set(['td', 'th', 'tr', 'thead', 'tbody', 'tfoot']),
  tbody: new Set(['td', 'th', 'tr', 'thead', 'tbody', 'tfoot']),
  tfoot: new Set(['td', 'th', 'tr', 'thead', 'tbody', 'tfoot']),
};

/**
 * Two characters no page shows, kept out of the tree's text so that a walk can use them as marks in the text it
 * gathers (where inline code opens and closes: inlineCode.ts).
 */
export const MARK_OPEN = '\u0001';
export const MARK_CLOSE = '\u0002';
const MARKS = /[\u0001\u0002]/g;

export function parseHtml(html: string): Element {
  const root: Element = { tag: '#root', attrs: {}, children: [], parent: null };
  let current = root;
  let depth = 0;
  const closeImplied = (tag: string): void => {
    const closes = CLOSED_BY[tag];
    while (closes && current.parent && closes.has(current.tag)) {
      current = current.parent;
      depth -= 1;
    }
  };
  /** Open tags past MAX_DEPTH, not in the tree. */
  let flattened = 0;
  const addText = (raw: string): void => {
    const text = raw.includes(MARK_OPEN) || raw.includes(MARK_CLOSE) ? raw.replace(MARKS, '') : raw;
    const last = current.children[current.children.length - 1];
    if (typeof last === 'string') current.children[current.children.length - 1] = last + text;
    else current.children.push(text);
  };
  const parser = new Parser(
    {
      onopentag(tag, attrs) {
        if (flattened === 0) closeImplied(tag);
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
        // Closes the innermost open element of that name; a close tag with none open (one closed by
        // closeImplied already) changes nothing.
        let levels = 1;
        let closing: Element | null = current;
        while (closing && closing.tag !== tag) {
          closing = closing.parent;
          levels += 1;
        }
        if (!closing || closing === root) return;
        current = closing.parent ?? root;
        depth = Math.max(0, depth - levels);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return root;
}

export function findFirst(element: Element, predicate: (element: Element) => boolean): Element | null {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (predicate(child)) return child;
    const found = findFirst(child, predicate);
    if (found) return found;
  }
  return null;
}

export function collapse(text: string): string {
  return text.replace(/[\s\u200b\u200c\u200d\ufeff]+/g, ' ').trim();
}

/** An element's text, `skip`ped elements left out; `wrap` may put marks around the text of each element. */
export function textContent(element: Element, skip: (element: Element) => boolean = () => false, wrap?: (element: Element, text: string) => string): string {
  let text = '';
  for (const child of element.children) {
    if (typeof child === 'string') text += child;
    else if (!skip(child)) {
      const inner = textContent(child, skip, wrap);
      text += (BLOCK_TAGS.has(child.tag) ? ' ' : '') + (wrap ? wrap(child, inner) : inner);
    }
  }
  return text;
}

export function classesOf(element: Element): string[] {
  return (element.attrs.class ?? '').split(/\s+/).filter(Boolean);
}

export function hasAncestor(element: Element, predicate: (element: Element) => boolean): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) if (predicate(parent)) return true;
  return false;
}
