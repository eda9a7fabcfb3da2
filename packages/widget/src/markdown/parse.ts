/**
 * A small Markdown parser for answers, the initial message and the consent text: paragraphs, headings, lists,
 * block quotes, fenced code, GFM tables, code spans, emphasis, links and citation numbers `[n]`. Raw HTML is never
 * interpreted: it stays text. Links are checked with `safeHref`; refused links become their plain text.
 */
import { safeHref } from './url.js';

export type Inline =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'strong'; readonly children: readonly Inline[] }
  | { readonly type: 'em'; readonly children: readonly Inline[] }
  | { readonly type: 'link'; readonly href: string; readonly children: readonly Inline[] }
  | { readonly type: 'citation'; readonly number: number }
  | { readonly type: 'break' };

export type Block =
  | { readonly type: 'paragraph'; readonly children: readonly Inline[] }
  | { readonly type: 'heading'; readonly level: number; readonly children: readonly Inline[] }
  | { readonly type: 'code'; readonly language: string; readonly text: string }
  | { readonly type: 'list'; readonly ordered: boolean; readonly start: number; readonly items: readonly (readonly Block[])[] }
  | { readonly type: 'quote'; readonly children: readonly Block[] }
  | { readonly type: 'table'; readonly header: readonly (readonly Inline[])[]; readonly rows: readonly (readonly (readonly Inline[])[])[] };

// ---------------------------------------------------------------------------------------------
// Blocks

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:\s+(.*)|$)/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const BLANK = /^\s*$/;
/** A table's delimiter row: `| --- | :---: |`, the outer pipes optional. */
const TABLE_DELIMITER = /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

const indentOf = (line: string): number => /^ */.exec(line)?.[0].length ?? 0;

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || LIST_ITEM.test(line) || QUOTE.test(line);
}

/** A row's cells: split at pipes that are not escaped and not inside a code span, outer pipes dropped. */
function tableCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (let at = 0; at < row.length; at++) {
    const char = row[at]!;
    if (char === '\\' && row[at + 1] === '|') {
      cell += '\\|';
      at += 1;
    } else if (char === '`') {
      inCode = !inCode;
      cell += char;
    } else if (char === '|' && !inCode) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  const trimmed = row.trim();
  if (trimmed.startsWith('|')) cells.shift();
  if (trimmed.endsWith('|') && !trimmed.endsWith('\\|')) cells.pop();
  return cells.map((text) => text.trim());
}

function isTableStart(lines: readonly string[], index: number): boolean {
  const line = lines[index] ?? '';
  const delimiter = lines[index + 1] ?? '';
  return line.includes('|') && TABLE_DELIMITER.test(delimiter) && tableCells(line).length === tableCells(delimiter).length;
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  return parseBlocks(lines);
}

function parseBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (BLANK.test(line)) {
      index += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !(lines[index] ?? '').trim().startsWith(marker)) {
        body.push(lines[index] ?? '');
        index += 1;
      }
      index += 1;
      blocks.push({ type: 'code', language: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]?.length ?? 1, children: parseInline(heading[2] ?? '') });
      index += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (index < lines.length && QUOTE.test(lines[index] ?? '')) {
        quoted.push(QUOTE.exec(lines[index] ?? '')?.[1] ?? '');
        index += 1;
      }
      blocks.push({ type: 'quote', children: parseBlocks(quoted) });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      index = parseList(lines, index, blocks);
      continue;
    }
    if (isTableStart(lines, index)) {
      const header = tableCells(line);
      const rows: Inline[][][] = [];
      index += 2;
      while (index < lines.length && !BLANK.test(lines[index] ?? '') && (lines[index] ?? '').includes('|')) {
        const cells = tableCells(lines[index] ?? '');
        rows.push(header.map((_, column) => parseInline(cells[column] ?? '')));
        index += 1;
      }
      blocks.push({ type: 'table', header: header.map((cell) => parseInline(cell)), rows });
      continue;
    }
    const paragraph: string[] = [];
    while (index < lines.length && !BLANK.test(lines[index] ?? '') && (paragraph.length === 0 || !startsBlock(lines[index] ?? ''))) {
      paragraph.push((lines[index] ?? '').trim());
      index += 1;
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
  }
  return blocks;
}

/** Parses one list starting at `start`; appends it to `blocks` and returns the index after it. */
function parseList(lines: readonly string[], start: number, blocks: Block[]): number {
  const first = LIST_ITEM.exec(lines[start] ?? '');
  const baseIndent = first?.[1]?.length ?? 0;
  /** Where an item's content starts (`1. ` is three wide): lines under the item lose this much indentation. */
  const contentIndent = baseIndent + (first?.[2]?.length ?? 1) + 1;
  const ordered = /\d/.test(first?.[2] ?? '');
  const startNumber = ordered ? Number.parseInt(first?.[2] ?? '1', 10) : 1;
  const items: string[][] = [];
  let index = start;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const item = LIST_ITEM.exec(line);
    if (item && (item[1]?.length ?? 0) <= baseIndent + 1 && /\d/.test(item[2] ?? '') === ordered) {
      items.push([item[3] ?? '']);
      index += 1;
      continue;
    }
    if (item && (item[1]?.length ?? 0) <= baseIndent + 1) break; // a list of the other kind starts
    const current = items[items.length - 1];
    if (!current) break;
    if (BLANK.test(line)) {
      const next = lines[index + 1] ?? '';
      const continues = !BLANK.test(next) && (indentOf(next) > baseIndent || LIST_ITEM.test(next));
      if (!continues) break;
      current.push('');
      index += 1;
      continue;
    }
    if (indentOf(line) > baseIndent) {
      current.push(line.slice(Math.min(indentOf(line), contentIndent)));
      index += 1;
      continue;
    }
    if (startsBlock(line) || current[current.length - 1] === '') break;
    current.push(line.trim()); // lazy continuation of the item's paragraph
    index += 1;
  }
  blocks.push({ type: 'list', ordered, start: startNumber, items: items.map((itemLines) => parseBlocks(itemLines)) });
  return index;
}

// ---------------------------------------------------------------------------------------------
// Inlines

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

function pushText(nodes: Inline[], text: string): void {
  if (text === '') return;
  const last = nodes[nodes.length - 1];
  if (last?.type === 'text') nodes[nodes.length - 1] = { type: 'text', text: last.text + text };
  else nodes.push({ type: 'text', text });
}

/** The index of the `]` closing the `[` at `open`, or -1. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    const character = text[index];
    if (character === '\\') index += 1;
    else if (character === '`') {
      const end = text.indexOf('`', index + 1);
      if (end !== -1) index = end;
    } else if (character === '[') depth += 1;
    else if (character === ']') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** Reads `(url "title")` at `open`; returns the URL and the index after `)`. */
function linkDestination(text: string, open: number): { url: string; end: number } | null {
  if (text[open] !== '(') return null;
  let index = open + 1;
  while (text[index] === ' ') index += 1;
  let url = '';
  if (text[index] === '<') {
    const close = text.indexOf('>', index);
    if (close === -1) return null;
    url = text.slice(index + 1, close);
    index = close + 1;
  } else {
    let depth = 0;
    const begin = index;
    for (; index < text.length; index += 1) {
      const character = text[index];
      if (character === '\\') index += 1;
      else if (character === '(') depth += 1;
      else if (character === ')') {
        if (depth === 0) break;
        depth -= 1;
      } else if (character === ' ' || character === '\n') break;
    }
    url = text.slice(begin, index);
  }
  while (text[index] === ' ' || text[index] === '\n') index += 1;
  const title = /^(?:"[^"]*"|'[^']*')\s*/.exec(text.slice(index));
  if (title) index += title[0].length;
  if (text[index] !== ')') return null;
  return { url: url.replace(/\\([!-/:-@[-`{-~])/g, '$1'), end: index + 1 };
}

function findCloser(text: string, from: number, delimiter: string): number {
  let index = text.indexOf(delimiter, from);
  while (index !== -1) {
    const before = text[index - 1] ?? '';
    const after = text[index + delimiter.length] ?? '';
    const escaped = before === '\\';
    const intraword = delimiter[0] === '_' && /\w/.test(after);
    if (!escaped && !/\s/.test(before) && !intraword && index > from) return index;
    index = text.indexOf(delimiter, index + 1);
  }
  return -1;
}

export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  let index = 0;
  let plainStart = 0;
  const flush = (until: number): void => pushText(nodes, text.slice(plainStart, until));

  while (index < text.length) {
    const character = text[index] ?? '';
    const next = text[index + 1] ?? '';

    if (character === '\\' && PUNCTUATION.test(next)) {
      flush(index);
      pushText(nodes, next);
      index += 2;
      plainStart = index;
      continue;
    }
    if (character === '\\' && next === '\n') {
      flush(index);
      nodes.push({ type: 'break' });
      index += 2;
      plainStart = index;
      continue;
    }
    if (character === '`') {
      const run = /^`+/.exec(text.slice(index))?.[0] ?? '`';
      const close = text.indexOf(run, index + run.length);
      if (close !== -1) {
        flush(index);
        let code = text.slice(index + run.length, close).replace(/\n/g, ' ');
        if (code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
        nodes.push({ type: 'code', text: code });
        index = close + run.length;
        plainStart = index;
        continue;
      }
      index += run.length;
      continue;
    }
    if (character === '[') {
      const citations = /^\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/.exec(text.slice(index));
      if (citations) {
        flush(index);
        for (const number of (citations[1] ?? '').split(',')) nodes.push({ type: 'citation', number: Number(number.trim()) });
        index += citations[0].length;
        plainStart = index;
        continue;
      }
      const close = closingBracket(text, index);
      const destination = close === -1 ? null : linkDestination(text, close + 1);
      if (destination) {
        flush(index);
        const children = parseInline(text.slice(index + 1, close));
        const href = safeHref(destination.url);
        if (href === null) children.forEach((child) => (child.type === 'text' ? pushText(nodes, child.text) : nodes.push(child)));
        else nodes.push({ type: 'link', href, children });
        index = destination.end;
        plainStart = index;
        continue;
      }
    }
    if (character === '<') {
      const autolink = /^<(https?:\/\/[^\s<>]+)>/i.exec(text.slice(index));
      if (autolink?.[1]) {
        flush(index);
        nodes.push({ type: 'link', href: autolink[1], children: [{ type: 'text', text: autolink[1] }] });
        index += autolink[0].length;
        plainStart = index;
        continue;
      }
    }
    if (character === '*' || character === '_') {
      const double = next === character;
      const delimiter = double ? character + character : character;
      const opensWord = !/\s/.test(text[index + delimiter.length] ?? ' ');
      const leftFlanking = character === '*' || !/\w/.test(text[index - 1] ?? '');
      if (opensWord && leftFlanking) {
        const close = findCloser(text, index + delimiter.length, delimiter);
        if (close !== -1) {
          flush(index);
          const children = parseInline(text.slice(index + delimiter.length, close));
          nodes.push(double ? { type: 'strong', children } : { type: 'em', children });
          index = close + delimiter.length;
          plainStart = index;
          continue;
        }
      }
      index += delimiter.length;
      continue;
    }
    index += 1;
  }
  flush(text.length);
  return nodes;
}

/** The plain text of inline nodes (for labels and copies). */
export function inlineText(nodes: readonly Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.text;
        case 'citation':
          return `[${node.number}]`;
        case 'break':
          return '\n';
        default:
          return inlineText(node.children);
      }
    })
    .join('');
}
