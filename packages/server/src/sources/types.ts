/** A project's sources as the server keeps them (PRODUCT.md §4, §8). */
import type { Section } from '@docent/engine';
import { DEFAULT_MAX_DEPTH } from './web/index.js';
import type { SitemapSourceConfig, UrlSourceConfig } from './web/types.js';

/** The source types this server can sync; the others of the contract come with their own fetchers. */
export const SYNCABLE_TYPES = ['url', 'sitemap'] as const;
export type SourceType = (typeof SYNCABLE_TYPES)[number];
export type SourceStatus = 'pending' | 'syncing' | 'ready' | 'failed';

export type { SitemapSourceConfig, UrlSourceConfig } from './web/types.js';

/** What adds a source: its type and settings, and how often the server syncs it on its own (`24h`; see durationMs). */
export type SourceInput = (({ type: 'url' } & UrlSourceConfig) | ({ type: 'sitemap' } & SitemapSourceConfig)) & { sync_interval?: string };

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
  config: UrlSourceConfig | SitemapSourceConfig;
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
}

/** A stored document's hash, to skip unchanged pages. */
export interface StoredDocument {
  url: string;
  contentHash: string;
}

/**
 * A source's stored settings: every field present, defaults filled in, as listSources returns them. Its sync
 * interval is not one of them: it says when the server syncs the source, not what the source is.
 */
export function configOf(input: SourceInput): UrlSourceConfig | SitemapSourceConfig {
  if (input.type === 'url') return { url: input.url, include_subpages: input.include_subpages ?? false, max_depth: input.max_depth ?? DEFAULT_MAX_DEPTH };
  return { url: input.url, include: input.include ?? [], exclude: input.exclude ?? [] };
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
