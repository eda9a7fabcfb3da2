/**
 * `docent source add|list|remove`: a project's web sources, in the database `docent serve` uses. A running server
 * syncs a new source within seconds and drops a removed one's content from its index; `docent sync --wait` syncs
 * without a server.
 */
import { durationText, parseDuration } from '../config/duration.js';
import { sourceBody } from '../routes/sources.js';
import type { SourceInput } from '../sources/types.js';
import { ConflictError } from '../store/types.js';
import { ADMIN_HELP, ADMIN_OPTIONS, existingProject, projectIdArg, withStore } from './admin.js';
import { parseCommand } from './args.js';
import { UsageError, type Io } from './usage.js';

export const SOURCE_USAGE = new Map<string, string>([
  [
    'add',
    `  source add               Add a url or sitemap source and print its id
      --project <id>       The project (required)
      --type <type>        url (a page and its subpages) or sitemap (required)
      --url <url>          The start page or the sitemap, http or https (required)
      --include <glob>     sitemap: only URL paths matching this glob (repeatable)
      --exclude <glob>     sitemap: skip URL paths matching this glob (repeatable)
      --subpages           url: also the linked pages under the same path
      --max-depth <n>      url: how many links away subpages may be, 0 to 10 (default 3)
      --sync-interval <d>  Sync this source this often, such as 30m, 6h or 1d (default: as the project says)
${ADMIN_HELP}`,
  ],
  ['list', `  source list              A project's sources: status, documents, last sync, error\n      --project <id>       The project (required)\n${ADMIN_HELP}`],
  ['remove', `  source remove <id>       Remove a source and everything indexed from it\n      --project <id>       The project (required)\n${ADMIN_HELP}`],
]);

function httpUrl(value: string | undefined): string {
  if (!value) throw new UsageError('source add: --url is required, such as --url https://docs.example.com/sitemap.xml');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`source add: --url must be a full URL, such as https://docs.example.com/sitemap.xml; got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`source add: --url must start with https:// or http://; got "${value}"`);
  return url.href;
}

interface AddValues {
  type?: string;
  url?: string;
  include?: string[];
  exclude?: string[];
  subpages?: boolean;
  'max-depth'?: string;
  'sync-interval'?: string;
}

/** `--sync-interval`, checked as the API checks `sync_interval`. */
function syncInterval(values: AddValues): { sync_interval?: string } {
  const interval = values['sync-interval'];
  if (interval === undefined) return {};
  if (parseDuration(interval) === null) throw new UsageError(`source add: --sync-interval must be a duration such as 30m, 6h or 1d; got "${interval}"`);
  return { sync_interval: interval };
}

/** The source the options describe; options of the other type are a usage error. */
export function sourceInput(values: AddValues): SourceInput {
  const url = httpUrl(values.url);
  if (values.type === 'sitemap') {
    if (values.subpages || values['max-depth'] !== undefined) throw new UsageError('source add: --subpages and --max-depth are for url sources; a sitemap lists its pages');
    return { type: 'sitemap', url, ...(values.include?.length ? { include: values.include } : {}), ...(values.exclude?.length ? { exclude: values.exclude } : {}), ...syncInterval(values) };
  }
  if (values.type === 'url') {
    if (values.include?.length || values.exclude?.length) throw new UsageError('source add: --include and --exclude are for sitemap sources');
    const depth = values['max-depth'];
    if (depth !== undefined && !(/^\d+$/.test(depth) && Number(depth) <= 10)) throw new UsageError(`source add: --max-depth must be a whole number from 0 to 10; got "${depth}"`);
    return { type: 'url', url, ...(values.subpages ? { include_subpages: true } : {}), ...(depth !== undefined ? { max_depth: Number(depth) } : {}), ...syncInterval(values) };
  }
  throw new UsageError(`source add: --type must be url or sitemap${values.type ? `; got "${values.type}"` : ''}`);
}

async function add(args: string[], io: Io): Promise<number> {
  const { values } = parseCommand('source add', args, {
    ...ADMIN_OPTIONS,
    project: { type: 'string' },
    type: { type: 'string' },
    url: { type: 'string' },
    include: { type: 'string', multiple: true },
    exclude: { type: 'string', multiple: true },
    subpages: { type: 'boolean', default: false },
    'max-depth': { type: 'string' },
    'sync-interval': { type: 'string' },
  });
  const projectId = projectIdArg('source add', values.project, '--project my-project');
  const input = sourceInput(values);
  return withStore('source add', values.db, false, async (store) => {
    await existingProject('source add', store, projectId);
    let source;
    try {
      source = await store.addSource(projectId, input, false);
    } catch (error) {
      if (error instanceof ConflictError) throw new Error(`source add: ${error.message}; docent sync --project ${projectId} fetches it again`);
      throw error;
    }
    io.err(`Added the ${source.type} source ${source.id} to ${projectId}. A running docent serve syncs it within seconds; without one, run docent sync --project ${projectId} --wait.\n`);
    io.out(values.json ? `${JSON.stringify(sourceBody(source), null, 2)}\n` : `${source.id}\n`);
    return 0;
  });
}

async function list(args: string[], io: Io): Promise<number> {
  const { values } = parseCommand('source list', args, { ...ADMIN_OPTIONS, project: { type: 'string' } });
  const projectId = projectIdArg('source list', values.project, '--project my-project');
  return withStore('source list', values.db, false, async (store) => {
    await existingProject('source list', store, projectId);
    const sources = await store.listSources(projectId, 1000);
    if (values.json) {
      io.out(`${JSON.stringify(sources.map((source) => ({ ...sourceBody(source), report: source.report })), null, 2)}\n`);
      return 0;
    }
    if (!sources.length) {
      io.out(`No sources in ${projectId} yet: docent source add --project ${projectId} --type sitemap --url <sitemap> adds one.\n`);
      return 0;
    }
    for (const source of sources) {
      const synced = source.lastSyncedAt ? `synced ${source.lastSyncedAt.slice(0, 16).replace('T', ' ')}` : 'never synced';
      const schedule = source.syncIntervalMs === null ? '' : `  every ${durationText(source.syncIntervalMs)}`;
      io.out(`${source.id}  ${source.type.padEnd(7)}  ${source.status.padEnd(7)}  ${String(source.documentCount).padStart(5)} documents  ${synced}${schedule}  ${source.config.url}\n`);
      if (source.error) io.out(`    error: ${source.error}\n`);
      const report = source.report;
      if (report) io.out(`    last sync: ${report.fetched} fetched, ${report.added} added, ${report.changed} changed, ${report.unchanged} unchanged, ${report.removed} removed, ${report.failed} failed\n`);
      for (const failure of report?.failures ?? []) io.out(`    failed: ${failure.url}: ${failure.reason}\n`);
    }
    return 0;
  });
}

async function remove(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('source remove', args, { ...ADMIN_OPTIONS, project: { type: 'string' } });
  const projectId = projectIdArg('source remove', values.project, '--project my-project');
  const [sourceId] = positionals;
  if (!sourceId) throw new UsageError('source remove: give the source id as docent source list shows it, such as src_4k9m2x7q1d');
  return withStore('source remove', values.db, false, async (store) => {
    await existingProject('source remove', store, projectId);
    if (!(await store.deleteSource(projectId, sourceId))) throw new Error(`source remove: ${projectId} has no source ${sourceId}; docent source list --project ${projectId} shows its sources`);
    io.err(`Removed ${sourceId} and everything indexed from it.\n`);
    return 0;
  });
}

export const SOURCE_COMMANDS: Record<string, (args: string[], io: Io) => Promise<number>> = { add, list, remove };
