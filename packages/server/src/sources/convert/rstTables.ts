/**
 * reStructuredText tables, kept as rows of cell text: grid tables (`+---+---+` borders, `|` between cells) and
 * simple tables (columns marked by `=====  =====` borders). Cells spanning several columns or rows are read
 * approximately: their text is kept, their span is not.
 */
import { escapeHtml } from './escape.js';
import type { Rendered } from './rstDirectives.js';
import { isBlank } from './rstLines.js';
import { stripInline } from './rstInline.js';

const GRID_BORDER = /^\+[-=+]+\+$/;
const SIMPLE_BORDER = /^=+( +=+)+$/;

export function isGridTableStart(line: string): boolean {
  return GRID_BORDER.test(line.trimEnd());
}

export function isSimpleTableStart(line: string): boolean {
  return SIMPLE_BORDER.test(line.trimEnd());
}

export function gridTable(lines: readonly string[], start: number): Rendered {
  let next = start;
  while (next < lines.length && /^[+|]/.test(lines[next] ?? '')) next += 1;
  const rows: string[][] = [];
  let cells: string[] = [];
  for (const line of lines.slice(start, next).map((text) => text.trimEnd())) {
    if (GRID_BORDER.test(line)) {
      if (cells.some(Boolean)) rows.push(cells);
      cells = [];
      continue;
    }
    const parts = line.replace(/^\||\|$/g, '').split('|');
    parts.forEach((part, column) => {
      cells[column] = `${cells[column] ?? ''} ${part.trim()}`.trim();
    });
  }
  if (cells.some(Boolean)) rows.push(cells);
  return { html: table(rows), next };
}

export function simpleTable(lines: readonly string[], start: number): Rendered {
  const border = (lines[start] ?? '').trimEnd();
  const columnStarts = [...border.matchAll(/=+/g)].map((match) => match.index);
  const rows: string[][] = [];
  let next = start + 1;
  for (; next < lines.length; next += 1) {
    const line = (lines[next] ?? '').trimEnd();
    if (isSimpleTableStart(line) || /^-+( +-+)*$/.test(line)) {
      // A border followed by a blank line (or the end) closes the table; others separate header and body.
      if (isSimpleTableStart(line) && isBlank(lines[next + 1])) {
        next += 1;
        break;
      }
      continue;
    }
    if (isBlank(line)) continue;
    rows.push(columnStarts.map((from, column) => line.slice(from, columnStarts[column + 1] ?? line.length).trim()));
  }
  return { html: table(rows), next };
}

function table(rows: string[][]): string {
  if (rows.length === 0) return '';
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(stripInline(cell))}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n${body}\n</table>`;
}
