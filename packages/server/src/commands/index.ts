import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { serializeIndex } from '@docent/engine';
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

/** `docent index <dir>`: indexes a built site's HTML into docent-index.json. */
export async function runIndex(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('index', args, {
    out: { type: 'string' },
    'base-url': { type: 'string', default: '/' },
    'clean-titles': { type: 'boolean', default: false },
  });
  const [dir] = positionals;
  if (!dir || positionals.length > 1) {
    throw new UsageError('index: give exactly one folder, the output of your site build, such as "docent index public"');
  }
  if (!(await isDirectory(dir))) {
    throw new UsageError(`index: "${dir}" is not a folder; build your site first and pass its output folder`);
  }
  const started = performance.now();
  const skipped: string[] = [];
  const options = {
    baseUrl: values['base-url'],
    cleanTitles: values['clean-titles'],
    onSkip: (file: string, reason: string) => {
      skipped.push(file);
      io.err(`docent: index: skipped ${path.join(dir, file)}: ${reason}\n`);
    },
  };
  const pages = await listPages(dir, options);
  if (pages.length === 0) {
    throw new UsageError(`index: "${dir}" holds no .html pages; pass the folder your generator writes HTML into`);
  }
  const index = await indexDirectory(dir, options);
  const json = serializeIndex(index);
  const out = values.out ?? path.join(dir, 'docent-index.json');
  await writeFile(out, json);
  const ms = Math.round(performance.now() - started);
  const kib = (Buffer.byteLength(json) / 1024).toFixed(1);
  io.out(`Indexed ${pages.length - skipped.length} pages${skipped.length ? ` (${skipped.length} skipped)` : ''} into ${index.sections.length} sections in ${ms} ms: ${out} (${kib} KiB)\n`);
  return 0;
}
