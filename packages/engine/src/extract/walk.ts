/**
 * The walk over a page's content root that cuts it into draft sections: one per heading (h1–h3 always, h4–h6 when
 * they carry an anchor, as API entries do), one per API entry of a definition list with ids (Sphinx's `dt[id]`),
 * and no section for the title of a callout (a heading inside one, or a "Note" heading without an anchor), which
 * stays text of the section it is in. A tab panel's text opens with its tab's label.
 */
import { anchorOf, namedAnchor } from './anchors.js';
import { isCallout, isChrome, isPermalink, SECTION_HEADING_TAGS } from './chrome.js';
import type { HeadingLevel } from '../types.js';
import { CALLOUT_TITLE, type LineShape } from '../shape.js';
import { codeLanguage, codeLines, isCodeTitle } from './blocks.js';
import { CODE_CLOSE, CODE_OPEN, rowWithCode, withoutCodeMarks } from './inlineCode.js';
import { tabLabel } from './tabs.js';
import { BLOCK_TAGS, collapse, hasAncestor, textContent, type Element } from './tree.js';


export interface DraftSection {
  /** Empty for the page section until an h1 claims it. */
  heading: string;
  level: HeadingLevel;
  anchor: string | null;
  parents: string[];
  /** The lines of the section's text: one per paragraph, list item, table row and code line. */
  blocks: string[];
  /** What each line is, in the same order (see shape.ts). */
  shapes: LineShape[];
}

/** Headings deeper than h3 are sections only with an anchor (an API entry); without one they are text. */
const ALWAYS_SECTION_LEVEL = 3;
/** API signatures can run long; a heading keeps this many characters. */
const MAX_ENTRY_HEADING = 160;

export function headingText(heading: Element): string {
  return collapse(textContent(heading, (child) => isChrome(child) || isPermalink(child)));
}

/** A heading that is only a link to another page: a site's name over every page, not a section of this one. */
function linksElsewhere(heading: Element): boolean {
  let outside = '';
  let linked = false;
  const walk = (element: Element): void => {
    for (const child of element.children) {
      if (typeof child === 'string') outside += child;
      else if (child.tag === 'a' && child.attrs.href !== undefined && !child.attrs.href.startsWith('#')) linked = true;
      else if (!isChrome(child) && !isPermalink(child)) walk(child);
    }
  };
  walk(heading);
  return linked && outside.trim() === '';
}

function isEntryTerm(element: Element): boolean {
  return element.tag === 'dt' && Boolean(element.attrs.id);
}

function entryHeading(term: Element): string {
  const text = headingText(term);
  return text.length > MAX_ENTRY_HEADING ? `${text.slice(0, MAX_ENTRY_HEADING - 1).trimEnd()}…` : text;
}

export function walkSections(root: Element): DraftSection[] {
  const page: DraftSection = { heading: '', level: 1, anchor: null, parents: [], blocks: [], shapes: [] };
  const drafts: DraftSection[] = [page];
  let current = page;
  let claimedPage = false;
  let stack: Array<{ level: HeadingLevel; heading: string }> = [];
  let block = '';
  /** The id of an empty anchor seen since the last text: the anchor of a heading right after it. */
  let pendingAnchor: string | null = null;
  /** The lists the walk is in (true for a numbered one), and the items, with how many lines each has so far. */
  const lists: boolean[] = [];
  const items: Array<{ ordered: boolean; lines: number }> = [];
  /** The tables the walk is in, with how many rows each has so far. */
  const tables: number[] = [];
  let callouts = 0;

  const push = (text: string, kind: LineShape['kind'], language = '', code: ReadonlyArray<readonly [number, number]> = []): void => {
    current.blocks.push(text);
    const shape: LineShape = { kind, depth: kind === 'T' || kind === 't' ? 0 : items.length, callout: callouts > 0, language };
    current.shapes.push(code.length ? { ...shape, code } : shape);
  };
  /** The kind of a line of prose here: a paragraph, or a list item's first line or further line. */
  const proseKind = (): LineShape['kind'] => {
    const item = items[items.length - 1];
    if (!item) return 'p';
    item.lines += 1;
    return item.lines > 1 ? 'i' : item.ordered ? 'o' : 'u';
  };
  const flush = (): void => {
    const { text, code } = withoutCodeMarks(collapse(block));
    if (text) push(text, proseKind(), '', code);
    block = '';
  };
  const addBlock = (text: string): void => {
    flush();
    if (text) push(text, 'h');
  };
  const addCode = (pre: Element): void => {
    flush();
    const lines = codeLines(pre, isChrome);
    if (!lines.length) return;
    const item = items[items.length - 1];
    if (item) item.lines += 1;
    lines.forEach((line, position) => push(line, position === 0 ? 'C' : 'c', position === 0 ? codeLanguage(pre) : ''));
  };
  const addRow = (row: Element): void => {
    flush();
    const cells = rowWithCode(row, (element) => isChrome(element) || isPermalink(element));
    if (!cells) return;
    const rows = tables[tables.length - 1] ?? 0;
    if (tables.length) tables[tables.length - 1] = rows + 1;
    push(cells.text, rows === 0 ? 'T' : 't', '', cells.code);
  };
  /** Walks a container that gives its lines a structure (list, item, table, callout), flushing around it. */
  const within = (element: Element, enter: () => void, leave: () => void): void => {
    flush();
    enter();
    visit(element);
    flush();
    leave();
  };
  const start = (level: HeadingLevel, heading: string, anchor: string | null): void => {
    flush();
    pendingAnchor = null;
    if (level === 1 && !claimedPage && drafts.length === 1) {
      page.heading = heading;
      claimedPage = true;
    } else {
      while (stack.length && (stack[stack.length - 1]?.level ?? 0) >= level) stack.pop();
      current = { heading, level, anchor, parents: stack.map((entry) => entry.heading), blocks: [], shapes: [] };
      drafts.push(current);
      claimedPage ||= level === 1;
    }
    stack.push({ level, heading });
  };

  /** Handles a heading element; false when it is to be read as ordinary content (a heading inside a link). */
  const heading = (element: Element, level: HeadingLevel): boolean => {
    if (hasAncestor(element, (parent) => parent.tag === 'a')) return false;
    const text = headingText(element);
    if (!text) {
      pendingAnchor = anchorOf(element, pendingAnchor);
      return true;
    }
    if (linksElsewhere(element)) return true;
    const opensPage = level === 1 && !claimedPage && drafts.length === 1;
    const anchor = opensPage ? null : anchorOf(element, pendingAnchor);
    // "Note" over a callout's text is its title; "EXAMPLES" with an anchor is a man page's section.
    if (callouts > 0 || (CALLOUT_TITLE.test(text) && !anchor)) {
      addBlock(text);
      return true;
    }
    if (level > ALWAYS_SECTION_LEVEL && !anchor) addBlock(text);
    else start(level, text, anchor);
    return true;
  };

  /** A definition list of API entries: each `dt[id]` starts a section; after the list, its section goes on. */
  const entries = (list: Element): void => {
    flush();
    const resume = current;
    const resumeStack = stack;
    const level = Math.min(6, (stack[stack.length - 1]?.level ?? 1) + 1) as HeadingLevel;
    for (const child of list.children) {
      if (typeof child !== 'string' && isEntryTerm(child) && !isChrome(child)) {
        const text = entryHeading(child);
        if (text) {
          flush();
          current = { heading: text, level, anchor: child.attrs.id ?? null, parents: resumeStack.map((entry) => entry.heading), blocks: [], shapes: [] };
          drafts.push(current);
          stack = [...resumeStack, { level, heading: text }];
          continue;
        }
      }
      visit({ ...list, children: [child] });
      flush();
    }
    flush();
    current = resume;
    stack = resumeStack;
  };

  const visit = (element: Element): void => {
    for (const child of element.children) {
      if (typeof child === 'string') {
        block += child;
        if (child.trim()) pendingAnchor = null;
        continue;
      }
      if (isChrome(child)) continue;
      const anchor = namedAnchor(child);
      if (anchor) {
        pendingAnchor = anchor;
        continue;
      }
      const level = SECTION_HEADING_TAGS[child.tag];
      if (level && heading(child, level)) continue;
      if (child.tag === 'dl' && child.children.some((item) => typeof item !== 'string' && isEntryTerm(item))) {
        entries(child);
        continue;
      }
      if (child.tag === 'pre') addCode(child);
      else if (isCodeTitle(child)) addBlock(headingText(child));
      else if (child.tag === 'tr') addRow(child);
      else if (child.tag === 'ul' || child.tag === 'ol') within(child, () => lists.push(child.tag === 'ol'), () => lists.pop());
      else if (child.tag === 'li' && lists.length) {
        within(child, () => items.push({ ordered: lists[lists.length - 1] === true, lines: 0 }), () => items.pop());
      } else if (child.tag === 'table') within(child, () => tables.push(0), () => tables.pop());
      else if (isCallout(child)) within(child, () => (callouts += 1), () => (callouts -= 1));
      else {
        if (child.tag === 'br') block += ' ';
        const isBlock = BLOCK_TAGS.has(child.tag);
        if (isBlock) flush();
        const label = tabLabel(child);
        if (label) addBlock(label);
        const isCode = child.tag === 'code';
        if (isCode) block += CODE_OPEN;
        visit(child);
        if (isCode) block += CODE_CLOSE;
        if (isBlock) flush();
      }
    }
  };
  visit(root);
  flush();
  return drafts;
}
