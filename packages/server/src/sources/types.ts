/** A project's sources as the server keeps them (customization/sources). */
import type { Section } from '@docent/engine';
import { DEFAULT_GITHUB_PATHS } from './github/index.js';
import { DEFAULT_MAX_DEPTH } from './web/index.js';
import type { SitemapSourceConfig, UrlSourceConfig } from './web/types.js';

/** Every source type of the contract (openapi.yaml `SourceType`); the server syncs each of them. */
export const SOURCE_TYPES = ['url', 'sitemap', 'github', 'file', 'openapi', 'private'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
/** The types an upload (`multipart/form-data`) creates. */
export const UPLOAD_TYPES = ['file', 'openapi', 'private'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export type SourceStatus = 'pending' | 'syncing' | 'ready' | 'failed';

export type { SitemapSourceConfig, UrlSourceConfig } from './web/types.js';

/** A file received in an upload, as listSources shows it. */
export interface UploadedFile {
  name: string;
  size: number;
  content_type: string;
}

/** An uploaded file's bytes, kept so a sync re-indexes it without a new upload. */
export interface StoredFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface GithubSourceConfig {
  repository: string;
  branch: string | null;
  paths: string[];
  has_token: boolean;
}

export interface FileSourceConfig {
  files: UploadedFile[];
}

export interface OpenapiSourceConfig {
  url: string | null;
  file: UploadedFile | null;
}

export interface PrivateSourceConfig {
  url: string | null;
  include_subpages?: boolean;
  max_depth?: number;
  header_names: string[];
  file: UploadedFile | null;
}

export type SourceConfig = UrlSourceConfig | SitemapSourceConfig | GithubSourceConfig | FileSourceConfig | OpenapiSourceConfig | PrivateSourceConfig;

/**
 * What adds a source: its type and settings as addSource's JSON body or docent.config.json give them, and how
 * often the server syncs it on its own (`24h`; see durationMs). Uploaded types carry no settings here: their
 * files come beside the input (see SourceExtras).
 */
export type SourceInput = (
  | ({ type: 'url' } & UrlSourceConfig)
  | ({ type: 'sitemap' } & SitemapSourceConfig)
  | { type: 'github'; repository: string; branch?: string; paths?: string[]; token?: string }
  | { type: 'file' }
  | { type: 'openapi'; url?: string }
  | { type: 'private'; url?: string; headers?: Record<string, string>; include_subpages?: boolean; max_depth?: number }
) & { sync_interval?: string };

/** What a source keeps beside its settings: its credentials, sealed (see SecretBox), and its uploaded files. */
export interface SourceExtras {
  credentials?: string | null;
  files?: StoredFile[];
}

/** The credentials of a source once opened: a GitHub token, or a private crawl's request headers. */
export interface SourceCredentials {
  token?: string;
  headers?: Record<string, string>;
}

/** What one sync did to one source. */
export interface SourceReport {
  fetched: number;
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
  failed: number;
  /** The first few failures, with their URLs. */
  failures: { url: string; reason: string }[];
}

export interface Source {
  id: string;
  project: string;
  type: SourceType;
  config: SourceConfig;
  /** Declared in docent.config.json: applying the file again replaces it. */
  declared: boolean;
  /** How often the server syncs this source on its own; null: as often as the project's `sync_interval` says. */
  syncIntervalMs: number | null;
  status: SourceStatus;
  error: string | null;
  documentCount: number;
  report: SourceReport | null;
  createdAt: string;
  lastSyncedAt: string | null;
}

export interface SyncRecord {
  id: string;
  project: string;
  status: 'running' | 'succeeded' | 'failed';
  startedAt: string;
  finishedAt: string | null;
}

/** A fetched page, extracted, ready to store. */
export interface DocumentUpsert {
  url: string;
  title: string;
  contentHash: string;
  sections: Section[];
  /** The document's HTML, deflated (raw deflate): what MCP's get_page turns into Markdown. */
  page: Buffer;
}

/** A stored document's hash, to skip unchanged pages. */
export interface StoredDocument {
  url: string;
  contentHash: string;
}

/** `application/pdf` → the UploadedFile listSources shows for a stored file. */
export function uploadedFile(file: StoredFile): UploadedFile {
  return { name: file.name, size: file.bytes.length, content_type: file.contentType };
}

/**
 * A source's stored settings: every field present, defaults filled in, credentials reduced to whether they exist
 * (`has_token`) or their names (`header_names`), as listSources returns them. Its sync interval is not one of
 * them: it says when the server syncs the source, not what the source is.
 */
export function configOf(input: SourceInput, files: readonly StoredFile[] = []): SourceConfig {
  const [first] = files;
  const file = first ? uploadedFile(first) : null;
  switch (input.type) {
    case 'url':
      return { url: input.url, include_subpages: input.include_subpages ?? false, max_depth: input.max_depth ?? DEFAULT_MAX_DEPTH };
    case 'sitemap':
      return { url: input.url, include: input.include ?? [], exclude: input.exclude ?? [] };
    case 'github':
      return { repository: input.repository, branch: input.branch ?? null, paths: input.paths ?? [...DEFAULT_GITHUB_PATHS], has_token: Boolean(input.token) };
    case 'file':
      return { files: files.map(uploadedFile) };
    case 'openapi':
      return { url: input.url ?? null, file };
    case 'private':
      return input.url
        ? { url: input.url, include_subpages: input.include_subpages ?? false, max_depth: input.max_depth ?? DEFAULT_MAX_DEPTH, header_names: Object.keys(input.headers ?? {}), file: null }
        : { url: null, header_names: [], file };
  }
}

/** The credentials an input carries, or null: they are stored sealed, apart from the settings. */
export function credentialsOf(input: SourceInput): SourceCredentials | null {
  if (input.type === 'github' && input.token) return { token: input.token };
  if (input.type === 'private' && input.headers && Object.keys(input.headers).length) return { headers: input.headers };
  return null;
}

/** Where a source's content comes from, in one line for the CLI: its URL, its repository, or its files' names. */
export function originOf(config: SourceConfig): string {
  if ('repository' in config) return `${config.repository}${config.branch ? ` (${config.branch})` : ''}`;
  if ('files' in config) return config.files.map((file) => file.name).join(', ');
  if (config.url) return config.url;
  return 'file' in config && config.file ? config.file.name : '';
}

/** Whether a source's content comes from an upload rather than a fetch: each upload is a source of its own. */
export function isUpload(type: SourceType, config: SourceConfig): boolean {
  if (type === 'file') return true;
  return (type === 'openapi' || type === 'private') && (config as OpenapiSourceConfig | PrivateSourceConfig).url === null;
}

/** A source that is due for a sync, with what the schedule needs to know of it. */
export interface ScheduledSource {
  id: string;
  status: SourceStatus;
  syncIntervalMs: number | null;
  lastSyncedAt: string | null;
}

/**
 * The sources of a project whose sync is due at `now`: every source when a sync was asked for, else each source
 * still pending, and each whose own interval, or else the project's, has passed since its last sync.
 */
export function dueSources(sources: readonly ScheduledSource[], projectIntervalMs: number | undefined, requested: boolean, now: number): string[] {
  if (requested) return sources.map((source) => source.id);
  return sources
    .filter((source) => {
      if (source.status === 'pending') return true;
      if (source.status === 'syncing') return false;
      const interval = source.syncIntervalMs ?? projectIntervalMs;
      if (!interval) return false;
      return source.lastSyncedAt === null || now - Date.parse(source.lastSyncedAt) >= interval;
    })
    .map((source) => source.id);
}
