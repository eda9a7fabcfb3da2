/**
 * Reads the docs the way the docs checks need them: every doc and page (website/docs/**, website/src/pages/**,
 * without the generated API pages in docs/api), its fenced code blocks and its inline code, each with the file
 * and line it comes from so a failure can name them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const WEBSITE = join(__dirname, '..', '..');
export const REPOSITORY = join(WEBSITE, '..');
const ROOTS = [join(WEBSITE, 'docs'), join(WEBSITE, 'src', 'pages')];

/** A fenced code block: its language, its `title="…"` and its text, de-indented as far as its fence is. */
export interface CodeBlock {
  /** `docs/quickstart.mdx:42`: the file (relative to website/) and the line of the opening fence. */
  where: string;
  file: string;
  line: number;
  language: string;
  title: string;
  code: string;
}

/** One inline code span (`…`) of the prose. */
export interface InlineCode {
  where: string;
  file: string;
  text: string;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return dir === ROOTS[0] && name === 'api' ? [] : markdownFiles(path);
    return /\.mdx?$/.test(name) ? [path] : [];
  });
}

/** Every doc and page, as paths relative to website/ (`docs/quickstart.mdx`). */
export const DOC_FILES: string[] = ROOTS.flatMap(markdownFiles).map((path) => relative(WEBSITE, path));

const TEXT = new Map(DOC_FILES.map((file) => [file, readFileSync(join(WEBSITE, file), 'utf8')]));

export function textOf(file: string): string {
  return TEXT.get(file) ?? '';
}

const OPENING = /^([ \t]*)(`{3,}|~{3,})[ \t]*([^\s`{]*)(.*)$/;

interface Split {
  blocks: CodeBlock[];
  /** The file with every fenced block blanked out (lines kept, so line numbers still hold). */
  prose: string[];
}

/**
 * CommonMark fences: a block ends at a fence of the same character at least as long as the one that opened it,
 * so a ````md block that shows a ```ts block is one block (the inner one is text, not a snippet of its own).
 */
function split(file: string): Split {
  const lines = textOf(file).split('\n');
  const blocks: CodeBlock[] = [];
  const prose = [...lines];
  for (let at = 0; at < lines.length; at++) {
    const opening = OPENING.exec(lines[at] ?? '');
    if (!opening) continue;
    const [, indent = '', fence = '', language = '', meta = ''] = opening;
    const closing = new RegExp(`^[ \\t]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let end = at + 1;
    while (end < lines.length && !closing.test(lines[end] ?? '')) end++;
    const body = lines.slice(at + 1, end).map((line) => dedent(line, indent.length));
    blocks.push({
      where: `${file}:${at + 1}`,
      file,
      line: at + 1,
      language: language.toLowerCase(),
      title: /title="([^"]*)"/.exec(meta)?.[1] ?? '',
      code: body.join('\n'),
    });
    for (let blank = at; blank <= end && blank < lines.length; blank++) prose[blank] = '';
    at = end;
  }
  return { blocks, prose };
}

/** Drops up to `width` leading spaces: a block inside a list item is indented with its fence. */
function dedent(line: string, width: number): string {
  let cut = 0;
  while (cut < width && (line[cut] === ' ' || line[cut] === '\t')) cut++;
  return line.slice(cut);
}

const SPLITS = new Map(DOC_FILES.map((file) => [file, split(file)]));

export const CODE_BLOCKS: CodeBlock[] = DOC_FILES.flatMap((file) => SPLITS.get(file)?.blocks ?? []);

/** Inline code spans of the prose, code blocks left out; a span may not cross a blank line. */
export const INLINE_CODE: InlineCode[] = DOC_FILES.flatMap((file) => {
  const prose = SPLITS.get(file)?.prose ?? [];
  const spans: InlineCode[] = [];
  prose.forEach((line, index) => {
    for (const match of line.matchAll(/(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)/g)) {
      spans.push({ where: `${file}:${index + 1}`, file, text: (match[2] ?? '').trim() });
    }
  });
  return spans;
});

/** The prose of a file (code blocks blanked out), for names that may appear outside code. */
export function proseOf(file: string): string {
  return (SPLITS.get(file)?.prose ?? []).join('\n');
}
