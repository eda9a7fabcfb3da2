/** Line helpers for the reStructuredText reader: indentation is its block structure. */

export function isBlank(line: string | undefined): boolean {
  return line === undefined || line.trim() === '';
}

export function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Tabs to spaces with stops every 8 columns, as docutils reads them. */
export function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let expanded = '';
  for (const character of line) {
    expanded += character === '\t' ? ' '.repeat(8 - (expanded.length % 8)) : character;
  }
  return expanded;
}

/**
 * The end (exclusive) of the indented block starting at `start`: every following line that is blank or indented,
 * without the blank lines that trail it.
 */
export function endOfIndented(lines: readonly string[], start: number): number {
  let end = start;
  while (end < lines.length && (isBlank(lines[end]) || indentOf(lines[end] ?? '') > 0)) end += 1;
  while (end > start && isBlank(lines[end - 1])) end -= 1;
  return end;
}

/** The lines without the indentation they all share. */
export function dedent(lines: readonly string[]): string[] {
  const indents = lines.filter((line) => !isBlank(line)).map(indentOf);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => (isBlank(line) ? '' : line.slice(common)));
}

/** Without leading and trailing blank lines. */
export function trimBlankLines(lines: readonly string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && isBlank(lines[start])) start += 1;
  while (end > start && isBlank(lines[end - 1])) end -= 1;
  return lines.slice(start, end);
}
