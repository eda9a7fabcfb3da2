/** A project's sources as the server keeps them (PRODUCT.md §4, §8). */
import type { Section } from '@docent/engine';
import { DEFAULT_MAX_DEPTH } from './web/index.js';
import type { SitemapSourceConfig, UrlSourceConfig } from './web/types.js';

/** The source types this server can sync; the others of the contract come with their own fetchers. */
export const SYNCABLE_TYPES = ['url', 'sitemap'] as const;
export type SourceType = (typeof SYNCABLE_TYPES)[number];
export type SourceStatus = 'pending' | 'syncing' | 'ready' | 'failed';

export type { SitemapSourceConfig, UrlSourceConfig } from './web/types.js';

export type SourceInput = ({ type: 'url' } & UrlSourceConfig) | ({ type: 'sitemap' } & SitemapSourceConfig);

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

/** A source's stored settings: every field present, defaults filled in, as listSources returns them. */
export function configOf(input: SourceInput): UrlSourceConfig | SitemapSourceConfig {
  if (input.type === 'url') return { url: input.url, include_subpages: input.include_subpages ?? false, max_depth: input.max_depth ?? DEFAULT_MAX_DEPTH };
  return { url: input.url, include: input.include ?? [], exclude: input.exclude ?? [] };
}
