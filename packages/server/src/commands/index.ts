import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import picomatch from 'picomatch';
import { checkSynonyms, indexFiles, parseSelector, SynonymError } from '@docent/engine';
import { listPages, indexDirectory } from '@docent/engine/node';
import { UsageError, type Io } from './usage.js';
import { parseCommand } from './args.js';

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Which pages the --include and --exclude globs leave out (paths relative to the folder, such as
 * `releases/**`): a page is left out when includes are given and none matches it, or when an exclude matches it.
 */
function pageFilter(include: readonly string[], exclude: readonly string[]): (file: string) => boolean {
  const included = include.length ? picomatch([...include]) : () => true;
  const excluded = exclude.length ? picomatch([...exclude]) : () => false;
  return (file) => !included(file) || excluded(file);
}

/** The synonym groups of a JSON file (`--synonyms`), checked; a UsageError names the file and what is wrong. */
async function readSynonymsFile(file: string): Promise<string[][]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`index: --synonyms: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give the path of a JSON file of word groups`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`index: --synonyms: ${file} is not valid JSON (${(error as Error).message})`);
  }
  try {
    return checkSynonyms(value);
  } catch (error) {
    if (error instanceof SynonymError) throw new UsageError(`index: --synonyms: ${file}: ${error.message}`);
    throw error;
  }
}

/**
 * Past this size (gzip), `docent index` warns: the widget downloads the index file (the manifest, for an index in
 * parts) before a reader's first result, and 500 KB is what a first search may cost on a slow mobile connection.
 */
export const INDEX_WARNING_GZIP_BYTES = 500 * 1024;

/** `docent index <dir>`: indexes a built site's HTML into docent-index.json. */
export async function runIndex(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('index', args, {
    out: { type: 'string' },
    'base-url': { type: 'string', default: '/' },
    'clean-titles': { type: 'boolean', default: false },
    include: { type: 'string', multiple: true, default: [] },
    exclude: { type: 'string', multiple: true, default: [] },
    'content-selector': { type: 'string' },
    synonyms: { type: 'string' },
  });
  const [dir] = positionals;
  if (!dir || positionals.length > 1) {
    throw new UsageError('index: give exactly one folder, the output of your site build, such as "docent index public"');
  }
  if (!(await isDirectory(dir))) {
    throw new UsageError(`index: "${dir}" is not a folder; build your site first and pass its output folder`);
  }
  const contentSelector = values['content-selector'];
  if (contentSelector !== undefined) {
    const parsed = parseSelector(contentSelector);
    if (typeof parsed === 'string') throw new UsageError(`index: --content-selector: ${parsed}`);
  }
  const synonyms = values.synonyms === undefined ? [] : await readSynonymsFile(values.synonyms);
  const started = performance.now();
  const skipped: string[] = [];
  const leftOut = pageFilter(values.include, values.exclude);
  const filtered = new Set<string>();
  const options = {
    baseUrl: values['base-url'],
    cleanTitles: values['clean-titles'],
    ...(contentSelector ? { contentSelector } : {}),
    exclude: (file: string) => {
      const out = leftOut(file);
      if (out) filtered.add(file);
      return out;
    },
    onSkip: (file: string, reason: string) => {
      skipped.push(file);
      io.err(`docent: index: skipped ${path.join(dir, file)}: ${reason}\n`);
    },
  };
  const pages = await listPages(dir, options);
  if (pages.length === 0) {
    const globs = filtered.size ? ': --include and --exclude left out every page; check the globs, which are relative to the folder' : '; pass the folder your generator writes HTML into';
    throw new UsageError(`index: "${dir}" holds no .html pages to index${globs}`);
  }
  if (filtered.size) io.err(`docent: index: left out ${filtered.size} pages that --include or --exclude rule out\n`);
  const index = await indexDirectory(dir, { ...options, synonyms });
  const out = values.out ?? path.join(dir, 'docent-index.json');
  const { layout, files } = indexFiles(index);
  for (const file of files) {
    const target = file.path ? path.join(path.dirname(out), file.path) : out;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
  const ms = Math.round(performance.now() - started);
  const first = files[0]!.content;
  const kib = (Buffer.byteLength(first) / 1024).toFixed(1);
  const gzipBytes = gzipSync(first).length;
  if (gzipBytes > INDEX_WARNING_GZIP_BYTES) {
    io.err(
      `docent: index: the index ${layout === 'parts' ? 'manifest ' : ''}is ${(gzipBytes / 1024).toFixed(0)} KiB gzip, over ${INDEX_WARNING_GZIP_BYTES / 1024} KiB; readers download all of it before their first result. ` +
        'Leave out pages nobody searches with --exclude (release notes, generated reference), or serve the project with docent serve, which searches on the server\n',
    );
  }
  const indexed = new Set(index.sections.map((section) => section.pageUrl)).size;
  const inParts = layout === 'parts' ? `, with ${files.length - 1} parts in ${path.join(path.dirname(out), path.dirname(files[1]!.path))}` : '';
  io.out(`Indexed ${indexed} pages${skipped.length ? ` (${skipped.length} skipped)` : ''} into ${index.sections.length} sections in ${ms} ms: ${out} (${kib} KiB${inParts})\n`);
  return 0;
}
