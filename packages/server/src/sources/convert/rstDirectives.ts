/**
 * reStructuredText explicit markup (lines starting with `..`): directives, comments, targets, footnotes and
 * substitution definitions. What each becomes:
 * - code directives (`code-block`, `code`, `sourcecode`, plus `parsed-literal`, `math`): their content as code;
 * - directives that hold no prose for a reader (`toctree`, `image`, `include`, `raw`, …): dropped, content and all
 *   (`raw` could carry scripts; `include` names files this file cannot reach);
 * - every other directive, admonitions (`note`, `warning`, …) included: its argument and content as ordinary
 *   blocks, its options (`:maxdepth: 2`) dropped;
 * - footnotes and citations: their text as a paragraph;
 * - comments, hyperlink targets (`.. _label:`) and substitution definitions: dropped.
 */
import { escapeHtml } from './escape.js';
import { dedent, endOfIndented, indentOf, isBlank, trimBlankLines } from './rstLines.js';

const CODE = new Set(['code-block', 'code', 'sourcecode', 'parsed-literal', 'math']);
const DROPPED = new Set([
  'toctree',
  'include',
  'literalinclude',
  'raw',
  'image',
  'highlight',
  'meta',
  'contents',
  'sectnum',
  'section-numbering',
  'index',
  'target-notes',
  'header',
  'footer',
  'default-role',
  'role',
  'title',
  'tabularcolumns',
  'currentmodule',
  'module',
]);
/** Directives whose argument is a path or class names rather than text a reader sees. */
const ARGUMENT_NOT_TEXT = new Set(['figure', 'container', 'class', 'only', 'ifconfig', 'csv-table', 'list-table', 'table']);

/** Renders nested blocks (passed in to keep the block reader and this file from importing each other). */
export type RenderBlocks = (lines: string[]) => string;

export interface Rendered {
  html: string;
  /** Index of the first line after the construct. */
  next: number;
}

/** `lines[start]` starts with `..` followed by a space or nothing. */
export function explicitMarkup(lines: readonly string[], start: number, renderBlocks: RenderBlocks): Rendered {
  const first = (lines[start] ?? '').trimEnd();
  const next = endOfIndented(lines, start + 1);
  const body = lines.slice(start + 1, next);

  const directive = /^\.\.\s+([A-Za-z0-9][\w:+.-]*?)::(?:\s+(.*))?$/.exec(first);
  if (directive?.[1]) return { html: renderDirective(directive[1].toLowerCase(), (directive[2] ?? '').trim(), body, renderBlocks), next };

  const footnote = /^\.\.\s+\[[^\]]+\](?:\s+(.*))?$/.exec(first);
  if (footnote) return { html: renderBlocks([footnote[1] ?? '', ...dedent(body)]), next };

  // Comments, `.. _target: url`, and `.. |name| image:: file`.
  return { html: '', next };
}

function renderDirective(name: string, argument: string, body: string[], renderBlocks: RenderBlocks): string {
  if (DROPPED.has(name)) return '';
  const { hadOptions, content, startsAfterBlank } = splitOptions(body);
  if (CODE.has(name)) {
    const code = trimBlankLines(content).join('\n');
    if (!code) return '';
    // `code-block:: python`: the argument is the language. `math` and `parsed-literal` have none.
    const language = name === 'math' || name === 'parsed-literal' ? '' : (argument.split(/\s+/)[0] ?? '');
    const attribute = language ? ` class="language-${escapeHtml(language)}"` : '';
    return `<pre><code${attribute}>${escapeHtml(code)}</code></pre>`;
  }
  const lead = argument && !ARGUMENT_NOT_TEXT.has(name) ? [argument, ...(hadOptions || startsAfterBlank ? [''] : [])] : [];
  const html = renderBlocks([...lead, ...content]);
  return html ? `<div class="${escapeHtml(name)}">${html}</div>` : '';
}

/**
 * The directive body without its leading options (`:linenos:`, `:caption: Example`, each perhaps continued on
 * more-indented lines) and without its common indentation.
 */
function splitOptions(body: string[]): { hadOptions: boolean; content: string[]; startsAfterBlank: boolean } {
  const lines = dedent(body);
  const startsAfterBlank = isBlank(lines[0]);
  let index = 0;
  let hadOptions = false;
  while (index < lines.length && /^:[^:\s][^:]*:(\s|$)/.test(lines[index] ?? '')) {
    hadOptions = true;
    index += 1;
    while (index < lines.length && !isBlank(lines[index]) && indentOf(lines[index] ?? '') > 0) index += 1;
  }
  return { hadOptions, content: trimBlankLines(lines.slice(index)), startsAfterBlank };
}
