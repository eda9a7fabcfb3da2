/**
 * A sync: every source of a project (or the ones named) fetched again, each document's content hash compared with
 * the stored one, and only new and changed documents rendered, extracted and stored; documents no longer found
 * are removed. Each source moves `pending → syncing → ready | failed`; a source that fails keeps what it had
 * indexed. After each source whose documents changed, the project's index is rebuilt and swapped in before the
 * source says `ready`, so a `ready` source is searchable. One sync per project runs at a time.
 */
import { deflateRawSync } from 'node:zlib';
import { extractSections, type Section } from '@docent/engine';
import { collect } from './collect.js';
import { UnreadableContent, type CollectResult, type SourceDocument } from './documents.js';
import type { SecretBox } from './secrets.js';
import type { CrawlOptions } from './web/index.js';
import type { Store } from '../store/types.js';
import type { DocumentUpsert, Source, SourceReport, SyncRecord } from './types.js';

/** How many failures a source's report keeps, with their URLs. */
const REPORTED_FAILURES = 5;
/** Statuses that mean the page is gone, so its stored content goes too. */
const GONE = new Set([404, 410]);

export interface SyncOptions {
  crawl: CrawlOptions;
  /** Opens the sources' stored credentials. */
  secrets: SecretBox;
  now: () => Date;
  log: (message: string) => void;
  /**
   * Called when a source's documents changed, with the project's id: the server rebuilds its index, and only then
   * does the source say `ready`.
   */
  changed?: (project: string) => Promise<void>;
}

export interface SyncOutcome {
  sync: SyncRecord;
  /** Resolves with every source's final state once the sync ends. */
  done: Promise<Source[]>;
}

/**
 * A running sync's lease: the process running it renews it every SYNC_RENEW_MS; one not renewed for SYNC_LEASE_MS
 * belongs to a process that stopped, and any server (or the next start) marks it failed so syncs can run again.
 */
export const SYNC_RENEW_MS = 5_000;
export const SYNC_LEASE_MS = 30_000;

/** How long extraction runs before it pauses to let the server answer requests. */
const EXTRACT_SLICE_MS = 8;

/**
 * A document's sections. A URL with a fragment is one part of a larger document (an OpenAPI operation): every
 * section of it links to that fragment, since a fragment cannot hold another.
 */
export function sectionsOf(document: SourceDocument, html: string): Section[] {
  const sections = extractSections({ url: document.url, html }, { cleanTitles: true });
  if (!document.url.includes('#')) return sections;
  return sections.map((section, position) => ({ ...section, pageUrl: document.url, url: document.url, id: position === 0 ? document.url : `${document.url}~${position + 1}` }));
}

/** What a collect changes in the stored documents of a source. */
export async function diff(result: CollectResult, stored: ReadonlyMap<string, string>): Promise<{ upserts: DocumentUpsert[]; removed: string[]; report: SourceReport }> {
  const upserts: DocumentUpsert[] = [];
  const failures = [...result.failures];
  const kept = new Set<string>();
  let added = 0;
  let changed = 0;
  let unchanged = 0;
  let sliceStart = performance.now();
  for (const document of result.documents) {
    const before = stored.get(document.url);
    if (before === document.contentHash) {
      unchanged += 1;
      kept.add(document.url);
      continue;
    }
    if (performance.now() - sliceStart >= EXTRACT_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    let html: string;
    try {
      html = await document.render();
    } catch (error) {
      if (!(error instanceof UnreadableContent)) throw error;
      failures.push({ url: document.url, reason: error.message });
      continue;
    }
    const sections = sectionsOf(document, html);
    // A page that opted out of the index (docent: false) is dropped, with whatever it had indexed before.
    if (sections.length === 0) continue;
    upserts.push({ url: document.url, title: sections[0]?.pageTitle ?? document.url, contentHash: document.contentHash, sections, page: deflateRawSync(html) });
    kept.add(document.url);
    if (before === undefined) added += 1;
    else changed += 1;
  }
  // A document that failed for a passing reason keeps its content; one that is gone, or no longer listed, goes.
  const keptOnFailure = new Set(failures.filter((failure) => failure.status === undefined || !GONE.has(failure.status)).map((failure) => failure.url));
  const removed = [...stored.keys()].filter((url) => !kept.has(url) && !keptOnFailure.has(url));
  return {
    upserts,
    removed,
    report: {
      fetched: result.documents.length,
      added,
      changed,
      unchanged,
      removed: removed.length,
      failed: failures.length,
      failures: failures.slice(0, REPORTED_FAILURES),
    },
  };
}

export class SyncRunner {
  private readonly running = new Map<string, Promise<Source[]>>();
  /** Aborts the crawls under way when the server closes. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly store: Store,
    private readonly options: SyncOptions,
  ) {}

  /** Starts a sync of the project's sources (or only `sourceIds`); null when one is already running. */
  async start(project: string, sourceIds?: readonly string[]): Promise<SyncOutcome | null> {
    const sync = await this.store.startSync(project, this.options.now().toISOString());
    if (!sync) return null;
    this.options.log(`started the sync ${sync.id} of ${project}`);
    const done = this.run(sync, sourceIds).finally(() => this.running.delete(project));
    this.running.set(project, done);
    return { sync, done };
  }

  /** Waits for every sync under way to end (the server is closing). */
  async stopAll(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running.values()]);
  }

  isRunning(project: string): boolean {
    return this.running.has(project);
  }

  /** Resolves when the project's running sync, if any, has ended. */
  async idle(project: string): Promise<void> {
    await this.running.get(project)?.catch(() => undefined);
  }

  private async allSources(project: string): Promise<Source[]> {
    const sources: Source[] = [];
    for (;;) {
      const last = sources[sources.length - 1];
      const page = await this.store.listSources(project, 100, last ? { createdAt: last.createdAt, id: last.id } : undefined);
      sources.push(...page);
      if (page.length < 100) return sources;
    }
  }

  private async run(sync: SyncRecord, sourceIds?: readonly string[]): Promise<Source[]> {
    const { store, options } = this;
    let failed = false;
    const renewal = setInterval(() => {
      store.renewSync(sync.id, options.now().toISOString()).catch((error: Error) => options.log(`could not renew the sync ${sync.id}: ${error.message}`));
    }, SYNC_RENEW_MS);
    renewal.unref();
    try {
      const sources = (await this.allSources(sync.project)).filter((source) => !sourceIds || sourceIds.includes(source.id));
      for (const source of sources) if (!(await this.syncSource(source))) failed = true;
    } catch (error) {
      failed = true;
      options.log(`the sync ${sync.id} of ${sync.project} stopped: ${(error as Error).message}`);
    } finally {
      clearInterval(renewal);
      await store.finishSync(sync.id, failed ? 'failed' : 'succeeded', options.now().toISOString());
    }
    return this.allSources(sync.project);
  }

  /** Syncs one source; false when it failed as a whole. */
  private async syncSource(source: Source): Promise<boolean> {
    const { store, options } = this;
    await store.setSourceStatus(source.id, 'syncing', null);
    let result: CollectResult;
    try {
      result = await collect(source, {
        crawl: { ...options.crawl, signal: this.stopping.signal },
        secrets: options.secrets,
        credentials: (id) => store.sourceCredentials(id),
        files: (id) => store.sourceFiles(id),
      });
    } catch (error) {
      result = { documents: [], failures: [], fatal: `the sync stopped: ${(error as Error).message}` };
    }
    const at = options.now().toISOString();
    const stored = new Map((await store.storedDocuments(source.id)).map((document) => [document.url, document.contentHash]));
    if (result.fatal) {
      // Nothing already indexed is lost: the source keeps its documents until a sync succeeds.
      const report: SourceReport = { fetched: 0, added: 0, changed: 0, unchanged: 0, removed: 0, failed: result.failures.length, failures: result.failures.slice(0, REPORTED_FAILURES) };
      await store.applySync(source.id, { upserts: [], removed: [], status: 'failed', error: result.fatal, report, at });
      options.log(`source ${source.id} of ${source.project} failed: ${result.fatal}`);
      return false;
    }
    const { upserts, removed, report } = await diff(result, stored);
    // Every document failed to read (an encrypted PDF alone in its source): the source failed, for the first reason.
    const unreadable = result.documents.length > 0 && report.failed >= result.documents.length && upserts.length === 0 && report.unchanged === 0;
    const error = unreadable ? (report.failures[0]?.reason ?? null) : null;
    // Stored as still syncing: the source says `ready` only once this server searches its new content.
    await store.applySync(source.id, { upserts, removed, status: unreadable ? 'failed' : 'syncing', error, report, at });
    if (upserts.length || removed.length) await options.changed?.(source.project);
    if (unreadable) {
      options.log(`source ${source.id} of ${source.project} failed: no document could be read`);
      return false;
    }
    await store.setSourceStatus(source.id, 'ready', null);
    options.log(
      `synced ${source.id} of ${source.project}: ${report.fetched} fetched, ${report.added} added, ${report.changed} changed, ${report.unchanged} unchanged, ${report.removed} removed, ${report.failed} failed`,
    );
    return true;
  }
}
