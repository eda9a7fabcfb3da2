/**
 * What both stores share whatever their SQL: the rows that read the same in both dialects and the values the Store
 * returns for them, random ids, what a row costs the storage allowance, when a declared source is the same one, and
 * which syncs are due. Each store keeps only what its dialect changes (booleans, its own statements).
 */
import { randomBytes } from 'node:crypto';
import type { Scope, Role } from '../access/scopes.js';
import type { ProjectSettings } from '../projects/types.js';
import { dueSources, isUpload, type Source, type SourceStatus, type SourceType, type StoredFile } from '../sources/types.js';
import type { ApiKey, DueSync } from './types.js';

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

export interface FileRow {
  name: string;
  content_type: string;
  data: Buffer;
}

/** The parts of a project kept as one JSON column. */
export type StoredSettings = Pick<ProjectSettings, 'prompt' | 'widget' | 'limits' | 'retentionDays' | 'syncIntervalMs' | 'synonyms'>;


/** The settings a project keeps in its JSON column. */
export function storedSettings(settings: ProjectSettings): StoredSettings {
  return {
    widget: settings.widget,
    limits: settings.limits,
    ...(settings.prompt ? { prompt: settings.prompt } : {}),
    ...(settings.retentionDays !== undefined ? { retentionDays: settings.retentionDays } : {}),
    ...(settings.syncIntervalMs !== undefined ? { syncIntervalMs: settings.syncIntervalMs } : {}),
    ...(settings.synonyms !== undefined ? { synonyms: settings.synonyms } : {}),
  };
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

/** A project as the schedule reads it, and its sources. */
export interface ScheduleRows {
  projects: readonly { id: string; settings: string; sync_requested_at: string | null }[];
  sources: readonly { id: string; project: string; status: SourceStatus; sync_interval_ms: number | null; last_synced_at: string | null }[];
}

/** The syncs due at `now`, one per project (see Store.syncsDue), from the rows both stores read. */
export function dueSyncs({ projects, sources }: ScheduleRows, now: string): DueSync[] {
  const due: DueSync[] = [];
  for (const project of projects) {
    const own = sources
      .filter((source) => source.project === project.id)
      .map((source) => ({ id: source.id, status: source.status, syncIntervalMs: source.sync_interval_ms, lastSyncedAt: source.last_synced_at }));
    const interval = (JSON.parse(project.settings) as StoredSettings).syncIntervalMs;
    const ids = dueSources(own, interval, project.sync_requested_at !== null, Date.parse(now));
    if (ids.length > 0 || project.sync_requested_at !== null) due.push({ project: project.id, sources: ids });
  }
  return due;
}
