/**
 * Rows of the PostgreSQL schema where its types differ from SQLite's (booleans), and the values the Store returns
 * for them; what both stores share is in ../rows.ts, re-exported here for the PostgreSQL files.
 */
import type { Project, ProjectSettings } from '../../projects/types.js';
import type { Source, SourceReport, SourceStatus, SourceType } from '../../sources/types.js';
import { storedSettings, type StoredSettings } from '../rows.js';

export interface ProjectRow {
  id: string;
  name: string;
  public: boolean;
  allowed_origins: string;
  settings: string;
  created_at: string;
  updated_at: string;
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
    ...(settings.synonyms !== undefined ? { synonyms: settings.synonyms } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A project's settings as the columns name, public, allowed_origins and settings. */
export function settingsColumns(settings: ProjectSettings): [string, boolean, string, string] {
  return [settings.name, settings.public, JSON.stringify(settings.allowedOrigins), JSON.stringify(storedSettings(settings))];
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

export { declaredIdentity, dueSyncs, fileOf, keyOf, randomId, sameFiles, storedBytes, storedSettings, type FileRow, type KeyRow, type StoredSettings } from '../rows.js';
