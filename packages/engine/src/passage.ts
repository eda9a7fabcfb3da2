/**
 * Passages: the part of a section an answer quotes, whole and with its structure. A passage opens with the sentence
 * that answers (with the paragraph's start when that sentence is its first or second, and with the sentence before
 * it when it starts with "This" or "It"), takes along what its prose
 * announces (a code block after "run:", the list after "the following:"), and gives back code blocks fenced with
 * their language, lists with their depth, tables as tables and callouts as quotes with their title.
 */
import { CALLOUT_TITLE, isProseLine, parseShape, type LineShape } from './shape.js';
import { escapeMarkdown, splitSentences } from './text.js';
import type { Section } from './types.js';

type UnitKind = 'prose' | 'heading' | 'code' | 'list' | 'table';

/** A block of a section: a paragraph, a heading, a whole code block, list or table. Lines `start` to `end - 1`. */
interface Unit {
  kind: UnitKind;
  start: number;
  end: number;
  callout: boolean;
}

export interface PassageLimits {
  /** Most sentences of prose the passage holds. */
  maxSentences: number;
  /** Take the rest of the section when it is short, rather than only the part that answers. */
  wholeWhenShort: boolean;
}

/** Where a passage starts (a line, and a sentence of that line) and which lines it holds. */
interface Range {
  start: number;
  end: number;
  firstSentence: number;
}

export interface Passage {
  markdown: string;
  /** The sentences of prose, in order: what the citation's text fragment spans. */
  sentences: string[];
}

/** Words that refer back to what came before: a sentence opening with one cannot open a passage. */
const REFERS_BACK = /^(this|that|these|those|it|its|they|them|their|such|here|there|then|also|however|otherwise|instead|so|thus|likewise|similarly|as a result|in that case|for (this|that) reason)\b/i;
/** The rest of a short section is taken while the passage stays within these many characters of text and lines of code. */
const MAX_TEXT_CHARACTERS = 700;
const MAX_CODE_LINES = 40;
/** Rows of a table an answer gives, the header row included. */
const MAX_TABLE_ROWS = 12;
/** A section this short (lines, prose characters) is quoted whole from where the answer starts. */
const SHORT_SECTION_LINES = 30;

function unitsOf(shapes: readonly LineShape[]): Unit[] {
  const units: Unit[] = [];
  for (let start = 0; start < shapes.length; ) {
    const first = shapes[start]!;
    let end = start + 1;
    let kind: UnitKind;
    const sameBox = (line: LineShape): boolean => line.callout === first.callout;
    if (first.depth > 0) {
      kind = 'list';
      while (end < shapes.length && shapes[end]!.depth > 0 && sameBox(shapes[end]!)) end++;
    } else if (first.kind === 'C' || first.kind === 'c') {
      kind = 'code';
      while (end < shapes.length && shapes[end]!.kind === 'c' && shapes[end]!.depth === 0 && sameBox(shapes[end]!)) end++;
    } else if (first.kind === 'T' || first.kind === 't') {
      kind = 'table';
      while (end < shapes.length && shapes[end]!.kind === 't' && sameBox(shapes[end]!)) end++;
    } else kind = first.kind === 'h' ? 'heading' : 'prose';
    units.push({ kind, start, end, callout: first.callout });
    start = end;
  }
  return units;
}

/** Characters of text (prose and table rows, not code) in lines `start` to `end - 1`. */
function textLength(lines: readonly string[], shapes: readonly LineShape[], start: number, end: number): number {
  let length = 0;
  for (let line = start; line < end; line++) if (shapes[line]!.kind !== 'C' && shapes[line]!.kind !== 'c') length += lines[line]!.length;
  return length;
}

function codeLineCount(shapes: readonly LineShape[], start: number, end: number): number {
  let count = 0;
  for (let line = start; line < end; line++) if (shapes[line]!.kind === 'C' || shapes[line]!.kind === 'c') count++;
  return count;
}

/** A callout's title line: a heading in the box, or a paragraph of one title word ("warning", "Note:"). */
function isCalloutTitle(unit: Unit | undefined, lines: readonly string[]): boolean {
  return unit !== undefined && unit.callout && unit.end - unit.start === 1 && (unit.kind === 'heading' || CALLOUT_TITLE.test(lines[unit.start]!));
}

/**
 * The lines a passage holds, from the sentence `sentence` of line `line`: back to a sentence that does not refer
 * back and to the prose that leads into a code block, list or table; on to what the prose announces with a colon,
 * and to the end of a short section.
 */
function rangeOf(lines: readonly string[], shapes: readonly LineShape[], line: number, sentence: number, limits: PassageLimits): Range {
  const units = unitsOf(shapes);
  let first = units.findIndex((unit) => line >= unit.start && line < unit.end);
  let firstSentence = 0;
  const unit = units[first]!;
  if (unit.kind === 'prose') {
    const sentences = splitSentences(lines[line]!);
    // A paragraph is quoted from its start when the answer is in its first two sentences.
    firstSentence = sentence <= 1 ? 0 : Math.min(sentence, sentences.length - 1);
    while (firstSentence > 0 && REFERS_BACK.test(sentences[firstSentence]!)) firstSentence--;
    if (firstSentence === 0 && REFERS_BACK.test(sentences[0] ?? '') && units[first - 1]?.kind === 'prose') first--;
  } else if (unit.kind === 'heading' && first + 1 < units.length) {
    first++;
  } else if (unit.kind !== 'heading' && units[first - 1]?.kind === 'prose' && units[first - 1]!.callout === unit.callout) {
    first--;
  }
  // A quote from a callout keeps the callout's title.
  if (isCalloutTitle(units[first - 1], lines) && units[first]!.callout) {
    first--;
    firstSentence = 0;
  }
  let last = first;
  const announces = (index: number): boolean => {
    const at = units[index]!;
    return (at.kind === 'prose' || at.kind === 'list' || at.kind === 'heading') && /:$/.test(lines[at.end - 1]!);
  };
  while (last + 1 < units.length && (announces(last) || units[last]!.kind === 'heading' || isCalloutTitle(units[last], lines))) last++;
  const start = units[first]!.start;
  const fits = (end: number): boolean =>
    textLength(lines, shapes, start, end) <= MAX_TEXT_CHARACTERS && codeLineCount(shapes, start, end) <= MAX_CODE_LINES;
  if (limits.wholeWhenShort && lines.length <= SHORT_SECTION_LINES) {
    while (last + 1 < units.length && fits(units[last + 1]!.end)) last++;
  }
  return { start, end: units[last]!.end, firstSentence };
}

/** The longest run of backticks in `text` (0 when it has none). */
function longestBacktickRun(text: string): number {
  return Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
}

/** Backticks enough to fence code that itself holds a run of them. */
function fenceFor(code: readonly string[]): string {
  return '`'.repeat(Math.max(2, ...code.map(longestBacktickRun)) + 1);
}

/** A table row's cells as Markdown, the inline code of each (`code`, offsets in the row) as code spans. */
function rowCells(row: string, code: ReadonlyArray<readonly [number, number]>): string[] {
  let start = 0;
  return row.split('\t').map((cell) => {
    const markdown = inlineMarkdown(cell, start, code, true);
    start += cell.length + 1;
    return markdown || ' ';
  });
}

function tableMarkdown(rows: readonly string[], shapes: readonly LineShape[]): string[] {
  const cells = rows.slice(0, MAX_TABLE_ROWS).map((row, at) => rowCells(row, shapes[at]?.code ?? []));
  const columns = Math.max(...cells.map((row) => row.length));
  const line = (row: readonly string[]): string => `| ${Array.from({ length: columns }, (_, at) => row[at] ?? ' ').join(' | ')} |`;
  return [line(cells[0]!), line(Array.from({ length: columns }, () => '---')), ...cells.slice(1).map(line)];
}

/** Where each of a line's sentences starts in it (-1 for one not found as it is). */
function sentenceStarts(text: string, sentences: readonly string[]): number[] {
  let cursor = 0;
  return sentences.map((sentence) => {
    const start = text.indexOf(sentence, cursor);
    if (start >= 0) cursor = start + sentence.length;
    return start;
  });
}

/** Inline code as Markdown: in a run of backticks longer than any inside it, padded when it starts or ends with one. */
function codeSpanMarkdown(code: string): string {
  const fence = '`'.repeat(longestBacktickRun(code) + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

/**
 * A piece of a line (a sentence, a table cell) as Markdown: the parts of the line's inline code (`code`, offsets in
 * the line) that fall in it as code spans, the rest escaped. `start` is where the piece is in the line; -1 gives it
 * all escaped. In a table cell, code holding a `|` stays escaped text: GFM would end the cell there.
 */
function inlineMarkdown(piece: string, start: number, code: ReadonlyArray<readonly [number, number]>, inTable = false): string {
  if (start < 0 || !code.length) return escapeMarkdown(piece);
  let markdown = '';
  let position = 0;
  for (const [from, to] of code) {
    const begin = Math.max(position, from - start);
    const end = Math.min(piece.length, to - start);
    if (end <= begin || (inTable && piece.slice(begin, end).includes('|'))) continue;
    markdown += escapeMarkdown(piece.slice(position, begin)) + codeSpanMarkdown(piece.slice(begin, end));
    position = end;
  }
  return markdown + escapeMarkdown(piece.slice(position));
}

/** Writes a passage's lines as Markdown, every sentence of prose followed by its citation marker. */
function render(lines: readonly string[], shapes: readonly LineShape[], range: Range, number: number, limits: PassageLimits): Passage {
  const blocks: Array<{ text: string; callout: boolean }> = [];
  const sentences: string[] = [];
  /** Where the content of an item at each depth starts, for the lines under it. */
  const indents: number[] = [0];
  const counters: number[] = [];
  let codeLinesLeft = MAX_CODE_LINES;
  const prose = (text: string, shape: LineShape, skip = 0): string => {
    const room = Math.max(0, limits.maxSentences - sentences.length);
    const all = splitSentences(text);
    const kept = all.slice(skip, skip + room);
    sentences.push(...kept);
    const starts = shape.code ? sentenceStarts(text, all).slice(skip, skip + room) : [];
    return kept.map((sentence, at) => `${inlineMarkdown(sentence, starts[at] ?? -1, shape.code ?? [])} [${number}]`).join(' ');
  };
  /** The passage ends before prose that finds no room left, and before a code block past the limit of lines. */
  const full = (line: number): boolean => {
    const shape = shapes[line]!;
    if (isProseLine(shape)) return sentences.length >= limits.maxSentences;
    if (shape.kind !== 'C') return false;
    let end = line + 1;
    while (end < range.end && shapes[end]!.kind === 'c') end++;
    return end - line > codeLinesLeft;
  };
  for (let line = range.start; line < range.end; line++) {
    if (full(line)) break;
    const shape = shapes[line]!;
    const text = lines[line]!;
    const indent = ' '.repeat(indents[shape.depth] ?? 0);
    if (shape.depth === 0) counters.length = 0;
    const add = (markdown: string): void => {
      if (markdown.trim()) blocks.push({ text: markdown, callout: shape.callout });
    };
    if (shape.kind === 'C') {
      let end = line + 1;
      while (end < range.end && shapes[end]!.kind === 'c') end++;
      const code = lines.slice(line, end);
      codeLinesLeft -= code.length;
      const fence = fenceFor(code);
      add([`${fence}${shape.language}`, ...code, fence].map((row) => (row ? indent + row : row)).join('\n'));
      line = end - 1;
    } else if (shape.kind === 'T') {
      let end = line + 1;
      while (end < range.end && shapes[end]!.kind === 't') end++;
      add(tableMarkdown(lines.slice(line, end), shapes.slice(line, end)).join('\n'));
      line = end - 1;
    } else if (shape.kind === 'u' || shape.kind === 'o') {
      counters.length = shape.depth;
      counters[shape.depth - 1] = (counters[shape.depth - 1] ?? 0) + 1;
      const marker = shape.kind === 'o' ? `${counters[shape.depth - 1]}. ` : '- ';
      indents[shape.depth] = (indents[shape.depth - 1] ?? 0) + marker.length;
      const item = prose(text, shape);
      if (item) blocks.push({ text: `${' '.repeat(indents[shape.depth - 1] ?? 0)}${marker}${item}`, callout: shape.callout });
    } else if (shape.kind === 'h' || (isProseLine(shape) && shape.callout && CALLOUT_TITLE.test(text))) {
      const title = CALLOUT_TITLE.test(text) ? text.charAt(0).toUpperCase() + text.slice(1).replace(/:$/, '') : text;
      add(`${indent}**${escapeMarkdown(title)}**`);
    } else if (shape.kind !== 'c' && shape.kind !== 't') {
      add(indent + prose(text, shape, line === range.start ? range.firstSentence : 0));
    }
  }
  // Items of one list stay together; other blocks are separated by a blank line. A callout's lines are quoted.
  let markdown = '';
  blocks.forEach((block, position) => {
    const previous = blocks[position - 1];
    const tight = previous && /^\s*(- |\d+\. )/.test(block.text) && /^\s*(- |\d+\. )/.test(previous.text);
    const separator = position === 0 ? '' : tight ? '\n' : block.callout && previous?.callout ? '\n>\n' : '\n\n';
    const text = block.callout ? block.text.split('\n').map((row) => `> ${row}`.trimEnd()).join('\n') : block.text;
    markdown += separator + text;
  });
  return { markdown, sentences };
}

/** The passage of a section that starts at sentence `sentence` of line `line`, as Markdown with its citation `number`. */
export function passageOf(section: Section, line: number, sentence: number, number: number, limits: PassageLimits): Passage {
  const lines = section.text.split('\n');
  const shapes = parseShape(section.shape, lines.length);
  return render(lines, shapes, rangeOf(lines, shapes, line, sentence, limits), number, limits);
}
