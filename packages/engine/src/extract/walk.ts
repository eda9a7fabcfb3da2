/**
 * The walk over a page's content root that cuts it into draft sections: one per heading (h1–h3 always, h4–h6 when
 * they carry an anchor, as API entries do), one per API entry of a definition list with ids (Sphinx's `dt[id]`),
 * and no section for the title of a callout, which stays text of the section it is in.
 */
import { anchorOf, namedAnchor } from './anchors.js';
import { CALLOUT_TITLE, isCallout, isChrome, isPermalink, SECTION_HEADING_TAGS } from './chrome.js';
import type { HeadingLevel } from '../types.js';
import { BLOCK_TAGS, collapse, hasAncestor, textContent, type Element } from './tree.js';


export interface DraftSection {
  /** Empty for the page section until an h1 claims it. */
  heading: string;
  level: HeadingLevel;
  anchor: string | null;
  parents: string[];
  blocks: string[];
}

const CELL_TAGS: ReadonlySet<string> = new Set(['td', 'th']);
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
  const page: DraftSection = { heading: '', level: 1, anchor: null, parents: [], blocks: [] };
  const drafts: DraftSection[] = [page];
  let current = page;
  let claimedPage = false;
  let stack: Array<{ level: HeadingLevel; heading: string }> = [];
  let block = '';
  /** The id of an empty anchor seen since the last text: the anchor of a heading right after it. */
  let pendingAnchor: string | null = null;

  const flush = (): void => {
    const text = collapse(block);
    if (text) current.blocks.push(text);
    block = '';
  };
  const addBlock = (text: string): void => {
    flush();
    block = text;
    flush();
  };
  const start = (level: HeadingLevel, heading: string, anchor: string | null): void => {
    flush();
    pendingAnchor = null;
    if (level === 1 && !claimedPage && drafts.length === 1) {
      page.heading = heading;
      claimedPage = true;
    } else {
      while (stack.length && (stack[stack.length - 1]?.level ?? 0) >= level) stack.pop();
      current = { heading, level, anchor, parents: stack.map((entry) => entry.heading), blocks: [] };
      drafts.push(current);
      claimedPage ||= level === 1;
    }
    stack.push({ level, heading });
  };

  /** Handles a heading element; false when it is to be read as ordinary content (a heading inside a link). */
  const heading = (element: Element, level: HeadingLevel, inCallout: boolean): boolean => {
    if (hasAncestor(element, (parent) => parent.tag === 'a')) return false;
    const text = headingText(element);
    if (!text) {
      pendingAnchor = anchorOf(element, pendingAnchor);
      return true;
    }
    if (linksElsewhere(element)) return true;
    if (inCallout || CALLOUT_TITLE.test(text)) {
      addBlock(text);
      return true;
    }
    const opensPage = level === 1 && !claimedPage && drafts.length === 1;
    const anchor = opensPage ? null : anchorOf(element, pendingAnchor);
    if (level > ALWAYS_SECTION_LEVEL && !anchor) addBlock(text);
    else start(level, text, anchor);
    return true;
  };

  /** A definition list of API entries: each `dt[id]` starts a section; after the list, its section goes on. */
  const entries = (list: Element, inCallout: boolean): void => {
    flush();
    const resume = current;
    const resumeStack = stack;
    const level = Math.min(6, (stack[stack.length - 1]?.level ?? 1) + 1) as HeadingLevel;
    for (const child of list.children) {
      if (typeof child !== 'string' && isEntryTerm(child) && !isChrome(child)) {
        const text = entryHeading(child);
        if (text) {
          flush();
          current = { heading: text, level, anchor: child.attrs.id ?? null, parents: resumeStack.map((entry) => entry.heading), blocks: [] };
          drafts.push(current);
          stack = [...resumeStack, { level, heading: text }];
          continue;
        }
      }
      visit({ ...list, children: [child] }, inCallout);
      flush();
    }
    flush();
    current = resume;
    stack = resumeStack;
  };

  const visit = (element: Element, inCallout: boolean): void => {
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
      if (level && heading(child, level, inCallout)) continue;
      if (child.tag === 'dl' && child.children.some((item) => typeof item !== 'string' && isEntryTerm(item))) {
        entries(child, inCallout);
        continue;
      }
      if (child.tag === 'br' || CELL_TAGS.has(child.tag)) block += ' ';
      const isBlock = BLOCK_TAGS.has(child.tag);
      if (isBlock) flush();
      visit(child, inCallout || isCallout(child));
      if (isBlock) flush();
      else if (CELL_TAGS.has(child.tag)) block += ' ';
    }
  };
  visit(root, false);
  flush();
  return drafts;
}
