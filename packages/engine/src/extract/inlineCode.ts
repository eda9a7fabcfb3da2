/**
 * Inline code in a section's text (`npm install` in a sentence, `apiUrl` in a table cell): the walk marks where a
 * `code` element opens and closes in the text it gathers, and each line's marks become spans in its shape (see
 * shape.ts), so that an answer can give the code back as code.
 */
import { collapse, MARK_CLOSE, MARK_OPEN, textContent, type Element } from './tree.js';

/** Where inline code opens and closes in gathered text: the tree's marks, which no page text holds. */
export const CODE_OPEN = MARK_OPEN;
export const CODE_CLOSE = MARK_CLOSE;

export interface TextWithCode {
  text: string;
  /** Where the inline code is: [start, end) offsets in `text`, in order. */
  code: Array<readonly [number, number]>;
}

/**
 * A collapsed line's text without its marks, and where its inline code is, spaces at the ends of a span left out.
 * Code still open at the end of the line (a block inside a `code` element) is code up to there.
 */
export function withoutCodeMarks(marked: string): TextWithCode {
  if (!marked.includes(CODE_OPEN)) return { text: marked, code: [] };
  let text = '';
  const spans: Array<[number, number]> = [];
  let depth = 0;
  let opened = 0;
  for (const character of marked) {
    if (character === CODE_OPEN) {
      if (depth++ === 0) opened = text.length;
    } else if (character === CODE_CLOSE) {
      if (depth > 0 && --depth === 0) spans.push([opened, text.length]);
    } else if (character !== ' ' || (text !== '' && !text.endsWith(' '))) {
      // Spaces on both sides of a mark make one, as the browser shows them.
      text += character;
    }
  }
  if (depth > 0) spans.push([opened, text.length]);
  const trimmed = text.trimEnd();
  const code: Array<readonly [number, number]> = [];
  for (const [opening, closing] of spans) {
    let start = opening;
    let end = Math.min(trimmed.length, closing);
    while (start < end && trimmed.charAt(start) === ' ') start++;
    while (end > start && trimmed.charAt(end - 1) === ' ') end--;
    if (end > start) code.push([start, end]);
  }
  return { text: trimmed, code };
}

/** An element's text with its `code` elements marked. */
const markCode = (element: Element, text: string): string => (element.tag === 'code' ? CODE_OPEN + text + CODE_CLOSE : text);

/** A table row as one line, its cells separated by tabs, with where its inline code is; null for a row of empty cells. */
export function rowWithCode(row: Element, skip: (element: Element) => boolean): TextWithCode | null {
  const cells = row.children
    .filter((cell): cell is Element => typeof cell !== 'string' && (cell.tag === 'td' || cell.tag === 'th') && !skip(cell))
    .map((cell) => withoutCodeMarks(collapse(textContent(cell, skip, markCode))));
  if (!cells.some((cell) => cell.text)) return null;
  const code: Array<readonly [number, number]> = [];
  let offset = 0;
  for (const cell of cells) {
    for (const [start, end] of cell.code) code.push([offset + start, offset + end]);
    offset += cell.text.length + 1;
  }
  return { text: cells.map((cell) => cell.text).join('\t'), code };
}
