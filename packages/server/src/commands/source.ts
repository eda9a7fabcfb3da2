/**
 * `docent source add|list|remove|push`: a project's sources, in the database `docent serve` uses. A running server
 * syncs a new source within seconds and drops a removed one's content from its index; `docent sync --wait` syncs
 * without a server. Files given on the command line are read and checked here, as addSource checks an upload.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { durationText, parseDuration } from '../config/duration.js';
import { sourceBody } from '../routes/sources.js';
import { zipSiteFolder } from '../sources/archive/index.js';
import { mediaTypeOf } from '../sources/convert/index.js';
import { checkUploadedFiles, prepareSource, SourceRefused } from '../sources/prepare.js';
import { originOf, type SourceInput, type StoredFile, type UploadType } from '../sources/types.js';
import { MAX_FILE_BYTES } from '../sources/uploads.js';
import { ConflictError } from '../store/types.js';
import { ADMIN_HELP, ADMIN_OPTIONS, existingProject, projectIdArg, secretsOf, withStore } from './admin.js';
import { parseCommand } from './args.js';
import { projectEndpoint, type ApiProblem, type ApiSource } from '@docent/contract/api';
import { UsageError, type Io } from './usage.js';

export const SOURCE_USAGE = new Map<string, string>([
  [
    'add',
    `  source add               Add a source and print its id
      --project <id>       The project (required)
      --type <type>        url, sitemap, github, file, openapi or private (required)
      --url <url>          url, sitemap, private: the start page or the sitemap; openapi: the document
      --include <glob>     sitemap: only URL paths matching this glob (repeatable)
      --exclude <glob>     sitemap: skip URL paths matching this glob (repeatable)
      --subpages           url, private: also the linked pages under the same path
      --max-depth <n>      url, private: how many links away subpages may be, 0 to 10 (default 3)
      --repository <repo>  github: owner/name or an HTTPS clone URL
      --branch <name>      github: the branch (default: the repository's default branch)
      --path <glob>        github: only files matching this glob (repeatable; default Markdown, MDX, reST, text)
      --token-env <VAR>    github: read a token for a private repository from this environment variable
      --header-env <N=VAR> private: send the header N with the value of environment variable VAR (repeatable)
      --sync-interval <d>  Sync this source this often, such as 30m, 6h or 1d (default: as the project says)
      <file>...            file: up to 20 files (.md .mdx .txt .html .pdf .docx .csv); openapi: one document
${ADMIN_HELP}`,
  ],
  [
    'push',
    `  source push <dir|zip>    Push a built site as a private source (the .html files of a folder, or a .zip)
      --project <id>       The project (required)
      --server <url>       Upload to this running server's API instead of writing to --db, with the key in
                           DOCENT_API_KEY (scope sources:write): what a CI job does
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
  repository?: string;
  branch?: string;
  path?: string[];
  'token-env'?: string;
  'header-env'?: string[];
  'sync-interval'?: string;
}

/** `--sync-interval`, checked as the API checks `sync_interval`. */
function syncInterval(values: AddValues): { sync_interval?: string } {
  const interval = values['sync-interval'];
  if (interval === undefined) return {};
  if (parseDuration(interval) === null) throw new UsageError(`source add: --sync-interval must be a duration such as 30m, 6h or 1d; got "${interval}"`);
  return { sync_interval: interval };
}

function maxDepth(values: AddValues): { max_depth?: number } {
  const depth = values['max-depth'];
  if (depth === undefined) return {};
  if (!(/^\d+$/.test(depth) && Number(depth) <= 10)) throw new UsageError(`source add: --max-depth must be a whole number from 0 to 10; got "${depth}"`);
  return { max_depth: Number(depth) };
}

const OPTIONS_OF: Record<string, readonly (keyof AddValues)[]> = {
  url: ['url', 'subpages', 'max-depth'],
  sitemap: ['url', 'include', 'exclude'],
  github: ['repository', 'branch', 'path', 'token-env'],
  file: [],
  openapi: ['url'],
  private: ['url', 'subpages', 'max-depth', 'header-env'],
};

/** An option of another type is a usage error, naming the type it belongs to. */
function onlyOptionsOf(type: string, values: AddValues): void {
  for (const [name, value] of Object.entries(values)) {
    const option = name as keyof AddValues;
    const given = Array.isArray(value) ? value.length > 0 : value !== undefined && value !== false;
    if (!given || !Object.values(OPTIONS_OF).some((options) => options.includes(option)) || OPTIONS_OF[type]?.includes(option)) continue;
    const owners = Object.entries(OPTIONS_OF).filter(([, options]) => options.includes(option)).map(([owner]) => owner);
    throw new UsageError(`source add: --${option} is for ${owners.join(' and ')} sources, not ${type}`);
  }
}

function secretFromEnv(variable: string, option: string, env: NodeJS.ProcessEnv): string {
  const value = env[variable];
  if (!value) throw new UsageError(`source add: ${option} names the environment variable ${variable}, which is not set; export it first`);
  return value;
}

/** The source the options describe (files aside); options of another type are a usage error. */
export function sourceInput(values: AddValues, env: NodeJS.ProcessEnv = process.env): SourceInput {
  const type = values.type ?? '';
  if (!(type in OPTIONS_OF)) throw new UsageError(`source add: --type must be url, sitemap, github, file, openapi or private${values.type ? `; got "${values.type}"` : ''}`);
  onlyOptionsOf(type, values);
  const interval = syncInterval(values);
  switch (type) {
    case 'sitemap':
      return { type, url: httpUrl(values.url), ...(values.include?.length ? { include: values.include } : {}), ...(values.exclude?.length ? { exclude: values.exclude } : {}), ...interval };
    case 'url':
      return { type, url: httpUrl(values.url), ...(values.subpages ? { include_subpages: true } : {}), ...maxDepth(values), ...interval };
    case 'github': {
      if (!values.repository) throw new UsageError('source add: --repository is required for github sources, such as --repository my-org/my-docs');
      const token = values['token-env'] === undefined ? {} : { token: secretFromEnv(values['token-env'], '--token-env', env) };
      return { type, repository: values.repository, ...(values.branch ? { branch: values.branch } : {}), ...(values.path?.length ? { paths: values.path } : {}), ...token, ...interval };
    }
    case 'private': {
      if (!values['header-env']?.length) throw new UsageError('source add: a private crawl needs --header-env, such as --header-env Authorization=DOCS_AUTHORIZATION; to push a built site, use docent source push');
      const headers = Object.fromEntries(
        values['header-env'].map((pair) => {
          const [name, variable] = pair.split('=');
          if (!name || !variable) throw new UsageError(`source add: --header-env takes NAME=VARIABLE, such as Authorization=DOCS_AUTHORIZATION; got "${pair}"`);
          return [name, secretFromEnv(variable, `--header-env ${pair}`, env)];
        }),
      );
      return { type, url: httpUrl(values.url), headers, ...(values.subpages ? { include_subpages: true } : {}), ...maxDepth(values), ...interval };
    }
    case 'openapi':
      return values.url === undefined ? { type, ...interval } : { type, url: httpUrl(values.url), ...interval };
    default:
      return { type: 'file', ...interval };
  }
}

/** Files named on the command line, read and checked as addSource checks an upload. */
async function readFiles(command: string, type: UploadType, paths: readonly string[]): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for (const given of paths) {
    let size: number;
    try {
      size = (await stat(given)).size;
    } catch {
      throw new UsageError(`${command}: ${given} cannot be read; check the path`);
    }
    if (size > MAX_FILE_BYTES) throw new UsageError(`${command}: ${given} is larger than 10 MB; split it into smaller files`);
    files.push({ name: path.basename(given), contentType: mediaTypeOf(given), bytes: await readFile(given) });
  }
  try {
    await checkUploadedFiles(type, files);
  } catch (error) {
    if (error instanceof SourceRefused) throw new UsageError(`${command}: ${error.message}`);
    throw error;
  }
  return files;
}

async function addTo(command: string, projectId: string, db: string, input: SourceInput, files: StoredFile[], json: boolean, io: Io): Promise<number> {
  return withStore(command, db, false, async (store) => {
    await existingProject(command, store, projectId);
    let source;
    try {
      const extras = { ...prepareSource(input, await secretsOf(store)), ...(files.length ? { files } : {}) };
      source = await store.addSource(projectId, input, false, extras);
    } catch (error) {
      if (error instanceof ConflictError) throw new Error(`${command}: ${error.message}; docent sync --project ${projectId} fetches it again`);
      if (error instanceof SourceRefused) throw new UsageError(`${command}: ${error.message}`);
      throw error;
    }
    io.err(`Added the ${source.type} source ${source.id} to ${projectId}. A running docent serve syncs it within seconds; without one, run docent sync --project ${projectId} --wait.\n`);
    io.out(json ? `${JSON.stringify(sourceBody(source), null, 2)}\n` : `${source.id}\n`);
    return 0;
  });
}

async function add(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('source add', args, {
    ...ADMIN_OPTIONS,
    project: { type: 'string' },
    type: { type: 'string' },
    url: { type: 'string' },
    include: { type: 'string', multiple: true },
    exclude: { type: 'string', multiple: true },
    subpages: { type: 'boolean', default: false },
    'max-depth': { type: 'string' },
    repository: { type: 'string' },
    branch: { type: 'string' },
    path: { type: 'string', multiple: true },
    'token-env': { type: 'string' },
    'header-env': { type: 'string', multiple: true },
    'sync-interval': { type: 'string' },
  });
  const projectId = projectIdArg('source add', values.project, '--project my-project');
  const { db, json, project: _project, ...options } = values;
  const input = sourceInput(options);
  const upload = input.type === 'file' || (input.type === 'openapi' && input.url === undefined);
  if (upload && positionals.length === 0) {
    throw new UsageError(input.type === 'file' ? 'source add: give the files after the options, such as ./manuals/install.pdf ./faq.md' : 'source add: give --url or the path of the document, such as ./openapi.yaml');
  }
  if (!upload && positionals.length) throw new UsageError(`source add: ${input.type} sources take no files; got ${positionals.join(' ')}`);
  const files = upload ? await readFiles('source add', input.type as UploadType, positionals) : [];
  return addTo('source add', projectId, db, input, files, json, io);
}

/** `docent source push <dir|zip>`: a built site as a private source; a folder is zipped, keeping its .html files. */
async function push(args: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseCommand('source push', args, { ...ADMIN_OPTIONS, project: { type: 'string' }, server: { type: 'string' } });
  const projectId = projectIdArg('source push', values.project, '--project my-project');
  const server = values.server === undefined ? undefined : serverUrl(values.server, env);
  const [given, ...more] = positionals;
  if (!given || more.length) throw new UsageError('source push: give one folder or .zip file, such as docent source push --project my-project ./build');
  let isFolder: boolean;
  try {
    isFolder = (await stat(given)).isDirectory();
  } catch {
    throw new UsageError(`source push: ${given} cannot be read; check the path`);
  }
  let files: StoredFile[];
  if (isFolder) {
    let bytes: Buffer;
    try {
      bytes = await zipSiteFolder(given);
    } catch (error) {
      throw new UsageError(`source push: ${(error as Error).message}`);
    }
    if (bytes.length > MAX_FILE_BYTES) throw new UsageError(`source push: the .html files of ${given} take more than 10 MB zipped; push a smaller part of the site`);
    files = [{ name: `${path.basename(path.resolve(given))}.zip`, contentType: 'application/zip', bytes }];
    try {
      await checkUploadedFiles('private', files);
    } catch (error) {
      if (error instanceof SourceRefused) throw new UsageError(`source push: ${error.message}`);
      throw error;
    }
  } else {
    files = await readFiles('source push', 'private', [given]);
  }
  if (server) return uploadTo(server, projectId, files, values.json, io);
  return addTo('source push', projectId, values.db, { type: 'private' }, files, values.json, io);
}

function serverUrl(value: string, env: NodeJS.ProcessEnv): { origin: string; key: string } {
  if (!/^https?:\/\/[^/]/.test(value)) throw new UsageError(`source push: --server must be the server's http or https URL, such as https://docent.example.com; got "${value}"`);
  const key = env.DOCENT_API_KEY;
  if (!key) throw new UsageError('source push: --server needs an API key with the sources:write scope in the environment variable DOCENT_API_KEY');
  return { origin: value.replace(/\/+$/, ''), key };
}

/** The push as addSource's upload to a running server: what a CI job without the database does. */
async function uploadTo(server: { origin: string; key: string }, projectId: string, files: readonly StoredFile[], json: boolean, io: Io): Promise<number> {
  const form = new FormData();
  form.set('type', 'private');
  for (const file of files) form.append('files', new Blob([file.bytes], { type: file.contentType }), file.name);
  let response: Response;
  try {
    response = await fetch(projectEndpoint(server.origin, projectId, '/sources'), { method: 'POST', headers: { authorization: `Bearer ${server.key}` }, body: form });
  } catch (error) {
    throw new Error(`source push: ${server.origin} cannot be reached: ${(error as Error).message}`);
  }
  // `Source` when it was added (201), `Problem` otherwise.
  const body = (await response.json().catch(() => ({}))) as Partial<ApiSource> & Partial<ApiProblem>;
  if (response.status !== 201 || !body.id) throw new Error(`source push: the server answered ${response.status}: ${body.detail ?? 'no detail'}`);
  io.err(`Pushed ${files[0]?.name ?? 'the site'} to ${projectId} as the private source ${body.id}; the server syncs it now. docent source list, or listSources, shows when it is ready.\n`);
  io.out(json ? `${JSON.stringify(body, null, 2)}\n` : `${body.id}\n`);
  return 0;
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
      io.out(`${source.id}  ${source.type.padEnd(7)}  ${source.status.padEnd(7)}  ${String(source.documentCount).padStart(5)} documents  ${synced}${schedule}  ${originOf(source.config)}\n`);
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

export const SOURCE_COMMANDS: Record<string, (args: string[], io: Io) => Promise<number>> = { add, list, remove, push };
