/**
 * Rows of the PostgreSQL schema and the values the Store returns for them, with the small rules both stores
 * follow (random ids, what a row costs the storage allowance, when a declared source is the same one). They mirror
 * the SQLite store's, which keeps its own private copies.
 */
import { randomBytes } from 'node:crypto';
import type { Role, Scope } from '../../access/scopes.js';
import type { Project, ProjectSettings } from '../../projects/types.js';
import { isUpload, type Source, type SourceReport, type SourceStatus, type SourceType, type StoredFile } from '../../sources/types.js';
import type { ApiKey } from '../types.js';

export interface ProjectRow {
  id: string;
  name: string;
  public: boolean;
  allowed_origins: string;
  settings: string;
  created_at: string;
  updated_at: string;
}

export interface KeyRow {
  prefix: string;
  project: string;
  name: string;
  scopes: string;
  member_email: string | null;
  hash: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  member_role?: Role | null;
}

export interface SourceRow {
  id: string;
  project: string;
  type: SourceType;
  config: string;
  declared: boolean;
  status: SourceStatus;
  error: string | null;
  document_count: number;
  report: string | null;
  created_at: string;
  last_synced_at: string | null;
  sync_interval_ms: number | null;
}

export interface FileRow {
  name: string;
  content_type: string;
  data: Buffer;
}

/** The parts of a project kept as one JSON column. */
export type StoredSettings = Pick<ProjectSettings, 'prompt' | 'widget' | 'limits' | 'retentionDays' | 'syncIntervalMs'>;

export function projectOf(row: ProjectRow): Project {
  const settings = JSON.parse(row.settings) as StoredSettings;
  return {
    id: row.id,
    name: row.name,
    public: row.public,
    allowedOrigins: JSON.parse(row.allowed_origins) as string[],
    ...(settings.prompt ? { prompt: settings.prompt } : {}),
    widget: settings.widget,
    limits: settings.limits,
    ...(settings.retentionDays !== undefined ? { retentionDays: settings.retentionDays } : {}),
    ...(settings.syncIntervalMs !== undefined ? { syncIntervalMs: settings.syncIntervalMs } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A project's settings as the columns name, public, allowed_origins and settings. */
export function settingsColumns(settings: ProjectSettings): [string, boolean, string, string] {
  const stored: StoredSettings = {
    widget: settings.widget,
    limits: settings.limits,
    ...(settings.prompt ? { prompt: settings.prompt } : {}),
    ...(settings.retentionDays !== undefined ? { retentionDays: settings.retentionDays } : {}),
    ...(settings.syncIntervalMs !== undefined ? { syncIntervalMs: settings.syncIntervalMs } : {}),
  };
  return [settings.name, settings.public, JSON.stringify(settings.allowedOrigins), JSON.stringify(stored)];
}

export function keyOf(row: KeyRow): ApiKey {
  return {
    prefix: row.prefix,
    project: row.project,
    name: row.name,
    scopes: JSON.parse(row.scopes) as Scope[],
    memberEmail: row.member_email,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

export function sourceOf(row: SourceRow): Source {
  return {
    id: row.id,
    project: row.project,
    type: row.type,
    config: JSON.parse(row.config) as Source['config'],
    declared: row.declared,
    syncIntervalMs: row.sync_interval_ms,
    status: row.status,
    error: row.error,
    documentCount: row.document_count,
    report: row.report ? (JSON.parse(row.report) as SourceReport) : null,
    createdAt: row.created_at,
    lastSyncedAt: row.last_synced_at,
  };
}

export function fileOf(row: FileRow): StoredFile {
  return { name: row.name, contentType: row.content_type, bytes: row.data };
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function randomId(length: number): string {
  return [...randomBytes(length)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/** What a row costs the daily storage allowance: the UTF-8 bytes of its values, plus a fixed overhead per row. */
export function storedBytes(values: readonly (string | null)[]): number {
  return 64 + values.reduce((sum, value) => sum + (value === null ? 0 : Buffer.byteLength(value)), 0);
}

/**
 * What makes a declared source the same one when the file is applied again: its settings, or for an upload the
 * names of its files, whose content may change (the sync then re-indexes the files that did).
 */
export function declaredIdentity(type: SourceType, config: Source['config']): string {
  if (!isUpload(type, config)) return `${type} ${JSON.stringify(config)}`;
  const names = 'files' in config ? config.files.map((file) => file.name) : 'file' in config ? [config.file?.name ?? ''] : [];
  return `${type} upload ${JSON.stringify(names)}`;
}

export function sameFiles(stored: readonly StoredFile[], files: readonly StoredFile[]): boolean {
  return stored.length === files.length && stored.every((file, position) => file.name === files[position]?.name && file.bytes.equals(files[position].bytes));
}
