/**
 * CSV (`.csv`): a table of records, such as a FAQ export or a list of error codes. The first row is the header;
 * every data row becomes its own section (`#row-N`, N counting data rows from 1), headed by the row's first
 * non-empty cell, with one "Header: value" line per column so that a question like "what does E42 mean" finds
 * the row through both its values and its column names.
 */
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { UnreadableContent } from '../documents.js';
import { decodeText } from './decode.js';
import { fileNameOf, htmlDocument, titleFromFileName, yieldToEventLoop } from './document.js';
import { escapeHtml } from './escape.js';

/** Rows converted between two turns of the event loop: a 10 MB file has some 100,000 of them. */
const ROWS_PER_TURN = 2000;

export async function renderCsv(name: string, bytes: Uint8Array): Promise<string> {
  const file = fileNameOf(name);
  const text = decodeText(bytes);
  const delimiter = delimiterOf(text);
  const [header, ...data] = parseRecords(file, text, delimiter, false);
  if (!header) throw new UnreadableContent(`${file} is empty: upload a CSV file whose first line names the columns and whose next lines hold the rows`);
  if (data.length === 0) throw new UnreadableContent(`${file} has a header but no rows: add the rows below the header line, then upload it again`);

  const columns = header.map((cell, index) => cell.trim() || `Column ${index + 1}`);
  const uneven = data.findIndex((row) => row.length !== columns.length);
  if (uneven !== -1) {
    const line = lineOf(file, text, delimiter, uneven + 1);
    const fields = data[uneven]?.length ?? 0;
    throw new UnreadableContent(`${file}: line ${line} has ${fields} field${fields === 1 ? '' : 's'}, but the header has ${columns.length}. Make every row have as many fields as the header.`);
  }

  const sections: string[] = [];
  for (const [index, row] of data.entries()) {
    const number = index + 1;
    const heading = row.find((cell) => cell.trim() !== '')?.trim() ?? `Row ${number}`;
    // Empty cells are left out: "Notes: " on every other row would only add noise to the text searched.
    const lines = row.flatMap((cell, column) => (cell.trim() ? [`<p>${escapeHtml(`${columns[column]}: ${cell.trim()}`)}</p>`] : []));
    sections.push(`<h2 id="row-${number}">${escapeHtml(heading)}</h2>\n${lines.join('\n')}`);
    if (number % ROWS_PER_TURN === 0) await yieldToEventLoop();
  }
  return htmlDocument(titleFromFileName(name), sections.join('\n'));
}

function parseRecords(file: string, text: string, delimiter: string, info: false): string[][];
function parseRecords(file: string, text: string, delimiter: string, info: true): Array<{ record: string[]; info: { lines: number; empty_lines: number } }>;
function parseRecords(file: string, text: string, delimiter: string, info: boolean): unknown[] {
  try {
    return parse(text, {
      delimiter,
      bom: true,
      info,
      // Column counts are checked by the caller, to name the line and the fix in the owner's terms.
      relax_column_count: true,
      // A quote inside an unquoted field (`5" screen`) is common in hand-made files and harmless.
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    const reason = error instanceof CsvError || error instanceof Error ? error.message : String(error);
    throw new UnreadableContent(`${file} is not valid CSV: ${reason}. Check the quotes on that line, or export the file again as CSV`);
  }
}

/**
 * The line the record at `recordIndex` starts on, which differs from its position when a quoted field spans
 * lines or blank lines are skipped. Only needed for an error message, so the file is parsed again, keeping
 * csv-parse's per-record line counts (which make parsing half again as slow) off the usual path.
 */
function lineOf(file: string, text: string, delimiter: string, recordIndex: number): number {
  const records = parseRecords(file, text, delimiter, true);
  const previous = records[recordIndex - 1]?.info;
  const current = records[recordIndex]?.info;
  if (!previous || !current) return recordIndex + 1;
  // The line after the previous record ends, plus the blank lines skipped before this one.
  return previous.lines + 1 + (current.empty_lines - previous.empty_lines);
}

/**
 * Spreadsheets in locales whose decimal separator is a comma (most of Europe) export CSV with `;`, and some tools
 * export tab-separated text as .csv. A header line without any comma but with a `;` or a tab is taken to use that
 * delimiter; anything else is comma-separated.
 */
function delimiterOf(text: string): string {
  const headerLine = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  if (headerLine.includes(',')) return ',';
  if (headerLine.includes(';')) return ';';
  if (headerLine.includes('\t')) return '\t';
  return ',';
}
