/**
 * reStructuredText (`.rst`) for repositories documented with Sphinx. npm has no maintained reStructuredText
 * parser, so this reads a documented subset, enough for the text and sections of typical docs:
 *
 * - section titles underlined, or over- and underlined, with any punctuation character; levels are assigned in
 *   order of first appearance, as docutils does (the first style is h1, the next h2, …), and ids follow
 *   docutils' `make_id` ("Getting Started!" → `getting-started`) so anchors match Sphinx's output;
 * - paragraphs, block quotes (indented blocks), transitions (`----`);
 * - bullet lists (`-`, `*`, `+`) and enumerated lists (`1.`, `(a)`, `#.`, `iv)`), nested by indentation;
 * - definition lists (a term line followed by an indented definition) and field lists (`:Author: Ada`);
 * - literal blocks after `::` (expanded as docutils does: `Example::` → "Example:"), doctest blocks (`>>>`);
 * - line blocks (`| line`), grid and simple tables (as rows of cell text, see rstTables.ts);
 * - explicit markup as listed in rstDirectives.ts: code directives kept as code, admonitions' content kept,
 *   options dropped, comments and targets dropped;
 * - inline markup reduced to its text, as listed in rstInline.ts.
 *
 * Not read: quoted (unindented) literal blocks, option lists (read as paragraphs), substitution values (a
 * `|name|` shows its name), `.. include::`, hyperlink target names as extra ids, section titles inside
 * indented blocks, and the exact column spans of tables. Malformed input never fails: what the subset does not
 * recognise is kept as paragraph text.
 */
import { decodeText } from './decode.js';
import { htmlDocument, titleFromFileName } from './document.js';
import { escapeHtml } from './escape.js';
import { explicitMarkup, type Rendered } from './rstDirectives.js';
import { stripInline } from './rstInline.js';
import { dedent, endOfIndented, expandTabs, indentOf, isBlank } from './rstLines.js';
import { gridTable, isGridTableStart, isSimpleTableStart, simpleTable } from './rstTables.js';
import { docutilsId, uniqueIds, type UniqueIds } from './slug.js';

/** Section state of the document: only top-level blocks can be section titles. */
interface Sections {
  /** Adornment styles in order of first appearance, e.g. `o=` (over- and underline) or `u-`. */
  styles: string[];
  nextId: UniqueIds;
  title: string;
}

const ADORNMENT = /^([!-/:-@[-`{-~])\1+$/;
const BULLET = /^([-*+\u2022\u2023\u2043])(?: +|$)/;
const ENUMERATOR = /^(?:\((?:\d+|#|[A-Za-z]|[ivxlcdm]+|[IVXLCDM]+)\)|(?:\d+|#|[A-Za-z]|[ivxlcdm]+|[IVXLCDM]+)[.)])(?: +|$)/;
const FIELD = /^:([^:\s][^:]*):(?:\s+(.*))?$/;

export function renderRst(name: string, bytes: Uint8Array): string {
  const lines = decodeText(bytes)
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => expandTabs(line).trimEnd());
  const sections: Sections = { styles: [], nextId: uniqueIds(docutilsId, 'section'), title: '' };
  const body = renderBlocks(lines, sections);
  return htmlDocument(sections.title || titleFromFileName(name), body);
}

function renderBlocks(lines: readonly string[], sections: Sections | null): string {
  const nested = (inner: string[]): string => renderBlocks(inner, null);
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (isBlank(line)) {
      index += 1;
      continue;
    }
    const rendered = block(lines, index, sections, nested);
    if (rendered.html) out.push(rendered.html);
    // Every construct consumes at least its first line, so the loop always ends.
    index = Math.max(rendered.next, index + 1);
  }
  return out.join('\n');
}

function block(lines: readonly string[], index: number, sections: Sections | null, nested: (lines: string[]) => string): Rendered {
  const line = lines[index] ?? '';
  if (indentOf(line) > 0) {
    const next = endOfIndented(lines, index);
    return { html: `<blockquote>${nested(dedent(lines.slice(index, next)))}</blockquote>`, next };
  }
  if (sections) {
    const title = sectionTitle(lines, index, sections);
    if (title) return title;
  }
  if (ADORNMENT.test(line) && line.length >= 4 && isBlank(lines[index + 1])) return { html: '<hr>', next: index + 1 };
  if (line === '..' || line.startsWith('.. ')) return explicitMarkup(lines, index, nested);
  if (isGridTableStart(line)) return gridTable(lines, index);
  if (isSimpleTableStart(line)) return simpleTable(lines, index);
  if (BULLET.test(line)) return list(lines, index, 'ul', BULLET, nested);
  if (ENUMERATOR.test(line)) return list(lines, index, 'ol', ENUMERATOR, nested);
  if (line.startsWith('>>>')) return untilBlank(lines, index, (block) => `<pre><code>${escapeHtml(block.join('\n'))}</code></pre>`);
  if (line === '|' || line.startsWith('| ')) {
    return untilBlank(lines, index, (block) => `<p>${block.map((text) => escapeHtml(stripInline(text.replace(/^\|\s?/, '')))).join('<br>\n')}</p>`);
  }
  const field = FIELD.exec(line);
  if (field) return fieldItem(lines, index, field[1] ?? '', field[2] ?? '', nested);
  if (!line.endsWith('::') && !isBlank(lines[index + 1]) && indentOf(lines[index + 1] ?? '') > 0) return definitionList(lines, index, nested);
  return paragraph(lines, index);
}

function sectionTitle(lines: readonly string[], index: number, sections: Sections): Rendered | null {
  const line = lines[index] ?? '';
  const second = lines[index + 1] ?? '';
  const third = lines[index + 2] ?? '';
  if (ADORNMENT.test(line) && !isBlank(second) && !ADORNMENT.test(second.trim()) && ADORNMENT.test(third) && third[0] === line[0]) {
    return { html: heading(second.trim(), `o${line[0]}`, sections), next: index + 3 };
  }
  if (!ADORNMENT.test(line) && ADORNMENT.test(second)) {
    const text = line.trim();
    // docutils accepts an underline shorter than its title only from 4 characters on ("Title underline too short").
    if (second.length >= text.length || second.length >= 4) return { html: heading(text, `u${second[0]}`, sections), next: index + 2 };
  }
  return null;
}

function heading(source: string, style: string, sections: Sections): string {
  if (!sections.styles.includes(style)) sections.styles.push(style);
  const level = sections.styles.indexOf(style) + 1;
  const text = stripInline(source);
  if (level === 1) sections.title ||= text;
  const tag = `h${Math.min(level, 6)}`;
  return `<${tag} id="${escapeHtml(sections.nextId(text))}">${escapeHtml(text)}</${tag}>`;
}

/** Items of one list: each marker at this indentation, its text, and the lines indented under it. */
function list(lines: readonly string[], index: number, tag: 'ul' | 'ol', marker: RegExp, nested: (lines: string[]) => string): Rendered {
  const items: string[] = [];
  let next = index;
  while (next < lines.length) {
    const line = lines[next] ?? '';
    const match = marker.exec(line);
    if (!match) break;
    const end = endOfIndented(lines, next + 1);
    items.push(`<li>${nested([line.slice(match[0].length), ...dedent(lines.slice(next + 1, end))])}</li>`);
    next = end;
    // Blank lines between items keep the list going; anything else ends it.
    let after = next;
    while (after < lines.length && isBlank(lines[after])) after += 1;
    if (after >= lines.length || !marker.exec(lines[after] ?? '')) break;
    next = after;
  }
  return { html: `<${tag}>\n${items.join('\n')}\n</${tag}>`, next };
}

function fieldItem(lines: readonly string[], index: number, name: string, value: string, nested: (lines: string[]) => string): Rendered {
  const next = endOfIndented(lines, index + 1);
  const body = dedent(lines.slice(index + 1, next));
  // `:orphan:` and other file-wide flags have no value and say nothing to a reader.
  if (!value && body.every(isBlank)) return { html: '', next };
  // "Author: Ada" reads as one paragraph; a value that starts on the next lines follows the name as its own blocks.
  const content = value ? [`${name}: ${value}`, ...body] : [`${name}:`, '', ...body];
  return { html: nested(content), next };
}

function definitionList(lines: readonly string[], index: number, nested: (lines: string[]) => string): Rendered {
  const items: string[] = [];
  let next = index;
  while (next < lines.length && !isBlank(lines[next]) && indentOf(lines[next] ?? '') === 0 && indentOf(lines[next + 1] ?? '') > 0 && !isBlank(lines[next + 1])) {
    // "term : classifier": the classifier is a type annotation, kept after the term.
    const term = stripInline((lines[next] ?? '').replace(/\s+:\s+/g, ' '));
    const end = endOfIndented(lines, next + 1);
    items.push(`<dt>${escapeHtml(term)}</dt><dd>${nested(dedent(lines.slice(next + 1, end)))}</dd>`);
    next = end;
    while (next < lines.length && isBlank(lines[next])) next += 1;
  }
  return { html: `<dl>\n${items.join('\n')}\n</dl>`, next };
}

/** A paragraph runs to the next blank or indented line; a final `::` makes the indented block after it literal. */
function paragraph(lines: readonly string[], index: number): Rendered {
  let next = index;
  while (next < lines.length && !isBlank(lines[next]) && (next === index || indentOf(lines[next] ?? '') === 0)) next += 1;
  let text = lines.slice(index, next).join('\n');
  let literal = '';
  if (text.endsWith('::')) {
    // "Example::" → "Example:", "Example ::" → "Example", and a lone "::" disappears.
    text = text === '::' ? '' : text.endsWith(' ::') || text.endsWith('\n::') ? text.slice(0, -2).trimEnd() : text.slice(0, -1);
    let start = next;
    while (start < lines.length && isBlank(lines[start])) start += 1;
    if (start < lines.length && indentOf(lines[start] ?? '') > 0) {
      const end = endOfIndented(lines, start);
      literal = `<pre><code>${escapeHtml(dedent(lines.slice(start, end)).join('\n'))}</code></pre>`;
      next = end;
    }
  }
  const html = text.trim() ? `<p>${escapeHtml(stripInline(text).replace(/\s+/g, ' ').trim())}</p>` : '';
  return { html: [html, literal].filter(Boolean).join('\n'), next };
}

function untilBlank(lines: readonly string[], index: number, render: (block: string[]) => string): Rendered {
  let next = index;
  while (next < lines.length && !isBlank(lines[next])) next += 1;
  return { html: render(lines.slice(index, next)), next };
}
