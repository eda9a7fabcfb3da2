/**
 * The shape of a section's text: what each line of it is (a paragraph, a code line, a list item, a table row…), so
 * that an answer can give back a passage with its structure. A section's `shape` holds one token per line of its
 * text, separated by spaces, and is empty when every line is a paragraph:
 *
 *     token = [">"] kind [depth] [":" language] ["`" span ("," span)*]     span = start "-" end
 *
 * - kind `p` a paragraph, `h` a heading inside the text (a callout's title, a minor heading), `C` the first line of a
 *   code block and `c` each next line, `u` a bullet item, `o` a numbered item, `i` more of the item above (a second
 *   paragraph, a code block under it), `T` the first row of a table and `t` each next row (cells separated by tabs);
 * - depth, on all but table rows: how many lists the line is in (1 for a top-level item), absent outside lists;
 * - `>` when the line is inside a callout (admonition, note, warning, details);
 * - language, on `C` only: the code block's language, when the page names it;
 * - spans, on prose lines and table rows: where the line's inline code is (`npm install`), as character offsets in
 *   the line, start inclusive and end exclusive, in order.
 */

/** A heading that is only the title of a box: "Note", "Warning", "See also"… */
export const CALLOUT_TITLE = /^(note|warning|tip|hint|important|caution|danger|attention|error|info|information|see also|example|deprecated|remark)s?:?$/i;

export type LineKind = 'p' | 'h' | 'C' | 'c' | 'u' | 'o' | 'i' | 'T' | 't';

export interface LineShape {
  kind: LineKind;
  /** How many lists the line is in; 0 outside lists. */
  depth: number;
  /** Whether the line is inside a callout. */
  callout: boolean;
  /** The code block's language (on `C`), else `''`. */
  language: string;
  /** Where the line's inline code is: [start, end) offsets in the line, in order. Absent when it has none. */
  code?: ReadonlyArray<readonly [number, number]>;
}

const TOKEN = /^(>?)([phCcuoiTt])(\d*)(?::([\w+#.-]+))?(?:`(\d+-\d+(?:,\d+-\d+)*))?$/;
const PARAGRAPH: LineShape = { kind: 'p', depth: 0, callout: false, language: '' };

export function formatLineShape(line: LineShape): string {
  const spans = line.code?.length ? `\`${line.code.map(([start, end]) => `${start}-${end}`).join(',')}` : '';
  return `${line.callout ? '>' : ''}${line.kind}${line.depth || ''}${line.language ? `:${line.language}` : ''}${spans}`;
}

function parseSpans(text: string | undefined): Array<readonly [number, number]> | undefined {
  return text?.split(',').map((span) => {
    const [start, end] = span.split('-').map(Number);
    return [start!, end!] as const;
  });
}

/** The token list of a section's lines; `''` when all are plain paragraphs. */
export function formatShape(lines: readonly LineShape[]): string {
  const tokens = lines.map(formatLineShape);
  return tokens.every((token) => token === 'p') ? '' : tokens.join(' ');
}

/**
 * The shape of each of `count` lines. A missing or malformed shape (an index from before shapes, a token that does
 * not parse, a count that does not match) reads as paragraphs: the text is still right, only its structure is lost.
 */
export function parseShape(shape: string | undefined, count: number): LineShape[] {
  const tokens = shape ? shape.split(' ') : [];
  const parsed = tokens.length === count ? tokens.map((token) => TOKEN.exec(token)) : [];
  if (parsed.length !== count || parsed.some((match) => !match)) return Array.from({ length: count }, () => PARAGRAPH);
  return parsed.map((match) => {
    const code = parseSpans(match![5]);
    return { kind: match![2] as LineKind, depth: Number(match![3] || 0), callout: match![1] === '>', language: match![4] ?? '', ...(code ? { code } : {}) };
  });
}

/** A line of sentences: a paragraph, a list item or more of one (not a heading, code or a table row). */
export function isProseLine(line: LineShape): boolean {
  return line.kind === 'p' || line.kind === 'u' || line.kind === 'o' || line.kind === 'i';
}

/** A line of a code block. */
export function isCodeLine(line: LineShape): boolean {
  return line.kind === 'C' || line.kind === 'c';
}

/** Whether a shape is well formed for a text of `count` lines (for checking an index as it loads). */
export function isValidShape(shape: string, count: number): boolean {
  if (shape === '') return true;
  const tokens = shape.split(' ');
  return tokens.length === count && tokens.every((token) => TOKEN.test(token));
}
