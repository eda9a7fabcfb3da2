/**
 * What the Store contract suite shares: the harness each store provides, and small builders of the values the
 * Store takes (settings, keys, answers, documents), so each test states only what it is about.
 */
import type { Section } from '@docent/engine';
import type { ProjectSettings } from '../../../src/projects/types.js';
import type { DocumentUpsert, SourceReport, StoredFile } from '../../../src/sources/types.js';
import type { NewApiKey, Store, StoredAnswer } from '../../../src/store/types.js';

/** How the suite gets a store: a new, empty one per test, and what the Store interface cannot do itself. */
export interface StoreHarness<S extends Store = Store> {
  /** A new, empty, migrated store; the suite closes it. */
  open(): Promise<S>;
  /** Writes a row of the `searches` table as @docent/server 0.1.0 did: no Store method writes one any more. */
  legacySearch(store: S, project: string, query: string): Promise<void>;
}

/** Opens a store, runs `work`, closes the store even when `work` fails. */
export async function withStore<S extends Store>(harness: StoreHarness<S>, work: (store: S) => Promise<void>): Promise<void> {
  const store = await harness.open();
  try {
    await work(store);
  } finally {
    await store.close();
  }
}

/**
 * Makes `count` calls at once and waits for them all to settle: a store on a pool opens its connections lazily, so
 * a test racing writes first warms the pool this way, or the first write would finish before the others connect.
 */
export async function warm(store: Store, count = 5): Promise<void> {
  await Promise.all(Array.from({ length: count }, () => store.listProjects()));
}

/** Timestamps as both stores write them: ISO-8601, UTC, milliseconds. */
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Long before any row of a test. */
export const EPOCH = '2000-01-01T00:00:00.000Z';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Now, a few milliseconds apart from the rows written before and after it (timestamps have millisecond steps). */
export async function instant(): Promise<string> {
  await sleep(5);
  const at = new Date().toISOString();
  await sleep(5);
  return at;
}

export function settings(overrides: Partial<ProjectSettings> = {}): ProjectSettings {
  return { name: 'Acme docs', public: true, allowedOrigins: ['https://acme.test'], widget: {}, limits: {}, ...overrides };
}

export function newKey(prefix: string, project: string, overrides: Partial<NewApiKey> = {}): NewApiKey {
  return { prefix, hash: `hash-of-${prefix}`, project, name: `key ${prefix}`, scopes: ['search'], memberEmail: null, expiresAt: null, ...overrides };
}

export function storedAnswer(conversationId: string, messageId: string, overrides: Partial<StoredAnswer> = {}): StoredAnswer {
  return {
    conversationId,
    messageId,
    question: `question of ${messageId}`,
    answer: `answer of ${messageId}`,
    answered: true,
    citations: [{ url: '/docs/intro', title: 'Intro' }],
    newConversation: false,
    ...overrides,
  };
}

export function section(url: string, heading: string): Section {
  return { id: url, url, pageUrl: url.split('#')[0] ?? url, pageTitle: heading, heading, level: 1, breadcrumb: [heading], text: `About ${heading}.`, description: '' };
}

export function documentAt(url: string, title = `Title of ${url}`, hash = `hash-${url}`): DocumentUpsert {
  return { url, title, contentHash: hash, sections: [section(url, title)], page: Buffer.from(`<h1>${title}</h1>`) };
}

export function report(overrides: Partial<SourceReport> = {}): SourceReport {
  return { fetched: 0, added: 0, changed: 0, unchanged: 0, removed: 0, failed: 0, failures: [], ...overrides };
}

export function file(name: string, text: string, contentType = 'text/markdown'): StoredFile {
  return { name, contentType, bytes: Buffer.from(text) };
}
