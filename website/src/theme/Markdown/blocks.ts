/**
 * The Markdown the REST API's descriptions use, read into blocks: paragraphs, ATX headings, bullet and numbered
 * lists, GFM tables and fenced code. Anything else reads as a paragraph. Inline marks are read by inline.ts.
 */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'heading'; depth: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'code'; language: string | undefined; text: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w#+.-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])\s+(.*)$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** The cells of a table row: split on `|` that is neither escaped nor inside a code span. */
function cellsOf(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let position = 0; position < body.length; position++) {
    const character = body[position]!;
    if (character === '\\' && body[position + 1] === '|') {
      cell += '|';
      position += 1;
    } else if (character === '`') {
      inCode = !inCode;
      cell += character;
    } else if (character === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else cell += character;
  }
  cells.push(cell.trim());
  return cells;
}

function startsBlock(line: string, next: string | undefined): boolean {
  return FENCE.test(line) || HEADING.test(line) || LIST_ITEM.test(line) || (line.trim().startsWith('|') && next !== undefined && TABLE_DIVIDER.test(next));
}

export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !lines[index]!.trim().startsWith(marker)) body.push(lines[index++]!);
      index += 1;
      blocks.push({ kind: 'code', language: fence[2] || undefined, text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', depth: heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6, text: heading[2]! });
      index += 1;
      continue;
    }
    if (line.trim().startsWith('|') && index + 1 < lines.length && TABLE_DIVIDER.test(lines[index + 1]!)) {
      const head = cellsOf(line);
      const rows: string[][] = [];
      index += 2;
      while (index < lines.length && lines[index]!.trim().startsWith('|')) rows.push(cellsOf(lines[index++]!));
      blocks.push({ kind: 'table', head, rows });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[1]!);
      const items: string[] = [];
      while (index < lines.length) {
        const current = LIST_ITEM.exec(lines[index]!);
        if (current) {
          items.push(current[2]!);
        } else if (/^\s{2,}\S/.test(lines[index]!) && items.length) {
          items[items.length - 1] += ` ${lines[index]!.trim()}`;
        } else break;
        index += 1;
      }
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    if (!line.trim()) {
      index += 1;
      continue;
    }
    const paragraph: string[] = [line.trim()];
    index += 1;
    while (index < lines.length && lines[index]!.trim() && !startsBlock(lines[index]!, lines[index + 1])) paragraph.push(lines[index++]!.trim());
    blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
  }
  return blocks;
}
