/**
 * The `sources` of a project in docent.config.json, turned into what the store declares: credentials read from the
 * environment variables the file names (`{"env": "GITHUB_TOKEN"}`), so no secret is written in the file, and
 * local files read from paths relative to the file. Credentials stay in the input until `sealDeclarations` seals
 * them with the server's key, just before the store sees them.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { mediaTypeOf } from '../sources/convert/index.js';
import { checkUpload, MAX_FILE_BYTES, MAX_FILES } from '../sources/uploads.js';
import { checkUploadedFiles, SourceRefused } from '../sources/prepare.js';
import { credentialsOf, UPLOAD_TYPES, type SourceInput, type StoredFile, type UploadType } from '../sources/types.js';
import type { SecretBox } from '../sources/secrets.js';
import type { DeclaredSource, ProjectDeclaration } from '../store/types.js';

/** Where the file's relative paths and environment variables are read from. */
export interface ConfigContext {
  baseDir: string;
  env: NodeJS.ProcessEnv;
}

/** A mistake the caller reports as a ConfigError naming the file. */
type Fail = (message: string) => never;

interface SecretJson {
  env: string;
}

/** A source as the file gives it: the JSON fields, with secrets as `{env}` and files as paths. */
export type SourceJson = { type: string; sync_interval?: string } & Record<string, unknown>;

function secret(value: SecretJson, where: string, context: ConfigContext, fail: Fail): string {
  const text = context.env[value.env];
  if (!text) fail(`${where} reads the environment variable ${value.env}, which is not set: set it in the server's environment, or remove ${where}`);
  return text;
}

function localFile(relative: string, where: string, context: ConfigContext, fail: Fail): StoredFile {
  const file = path.resolve(context.baseDir, relative);
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return fail(`${where} is "${relative}", which cannot be read from ${context.baseDir}: paths are relative to docent.config.json`);
  }
  if (size > MAX_FILE_BYTES) fail(`${where}: ${relative} is larger than 10 MB; split it into smaller files`);
  return { name: path.basename(file), contentType: mediaTypeOf(file), bytes: readFileSync(file) };
}

/** One declared source, checked beyond what the schema says, with its secrets and files read. */
export function declaredSource(json: SourceJson, where: string, context: ConfigContext, fail: Fail): DeclaredSource {
  const interval = json.sync_interval === undefined ? {} : { sync_interval: json.sync_interval };
  switch (json.type) {
    case 'github': {
      const { token, ...rest } = json as SourceJson & { token?: SecretJson };
      const input = { ...rest, ...(token ? { token: secret(token, `${where}.token`, context, fail) } : {}) } as SourceInput;
      return { input, extras: {} };
    }
    case 'file': {
      const paths = json.files as string[];
      if (paths.length > MAX_FILES) fail(`${where}.files lists ${paths.length} files; a file source holds at most ${MAX_FILES}, so split them into several sources`);
      const files = paths.map((relative, position) => localFile(relative, `${where}.files[${position}]`, context, fail));
      for (const [position, file] of files.entries()) {
        const problem = checkUpload('file', file.name);
        if (problem) fail(`${where}.files[${position}]: ${problem}`);
      }
      return { input: { type: 'file', ...interval }, extras: { files } };
    }
    case 'openapi':
    case 'private':
      return uploadOrFetch(json, where, context, fail);
    default:
      return { input: json as SourceInput, extras: {} };
  }
}

/** An openapi or private source: fetched from `url`, or read from `file`; exactly one of them. */
function uploadOrFetch(json: SourceJson, where: string, context: ConfigContext, fail: Fail): DeclaredSource {
  const { file, headers, ...rest } = json as SourceJson & { file?: string; url?: string; headers?: Record<string, SecretJson> };
  const type = json.type as 'openapi' | 'private';
  if (file !== undefined) {
    const extra = Object.keys(rest).filter((field) => field !== 'type' && field !== 'sync_interval');
    if (headers || extra.length) fail(`${where} has a file, so it takes no ${[...(headers ? ['headers'] : []), ...extra].join(' or ')}: give file alone, or url without file`);
    const stored = localFile(file, `${where}.file`, context, fail);
    const problem = checkUpload(type, stored.name);
    if (problem) fail(`${where}.file: ${problem}`);
    return { input: { type, ...(json.sync_interval === undefined ? {} : { sync_interval: json.sync_interval }) }, extras: { files: [stored] } };
  }
  if (rest.url === undefined) fail(`${where} needs a url or a file`);
  if (type === 'private' && !headers) fail(`${where} needs headers to send with the crawl, or a file (a .zip of the built site) instead of url`);
  const opened = headers ? Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, secret(value, `${where}.headers.${name}`, context, fail)])) : undefined;
  return { input: { ...rest, ...(opened ? { headers: opened } : {}) } as SourceInput, extras: {} };
}

/**
 * Reads every declared upload as addSource reads one (a PDF's text, an archive's pages, an OpenAPI document), so a
 * file that cannot be read stops the apply with its path in the file, instead of failing the first sync.
 */
export async function checkDeclaredUploads(projects: readonly ProjectDeclaration[], fail: Fail): Promise<void> {
  for (const [position, project] of projects.entries()) {
    for (const [at, source] of project.sources.entries()) {
      const files = source.extras.files;
      if (!files?.length || !(UPLOAD_TYPES as readonly string[]).includes(source.input.type)) continue;
      try {
        await checkUploadedFiles(source.input.type as UploadType, files);
      } catch (error) {
        if (error instanceof SourceRefused) fail(`projects[${position}].sources[${at}]: ${error.message}`);
        throw error;
      }
    }
  }
}

/** The projects with each source's credentials sealed by the server's key, ready for the store. */
export function sealDeclarations(projects: readonly ProjectDeclaration[], box: SecretBox): ProjectDeclaration[] {
  return projects.map((project) => ({
    ...project,
    sources: project.sources.map((source) => {
      const credentials = credentialsOf(source.input);
      return credentials ? { input: source.input, extras: { ...source.extras, credentials: box.seal(JSON.stringify(credentials)) } } : source;
    }),
  }));
}
