/**
 * The Store on PostgreSQL, for several servers sharing one database: a node-postgres pool, the schema migrated
 * once under an advisory lock, and every method behaving as the SQLite store's does (the same values, errors,
 * order and atomicity). The statements live by area: access.ts (projects, plans, members, keys),
 * conversations.ts (quota, answers, feedback, events, purge), analytics.ts, sources.ts and syncs.ts.
 */
import type pg from 'pg';
import type { Section } from '@docent/engine';
import type { Role } from '../../access/scopes.js';
import type { Limits, Project, ProjectSettings } from '../../projects/types.js';
import type { DocumentUpsert, Source, SourceExtras, SourceInput, SourceReport, SourceStatus, StoredDocument, StoredFile, SyncRecord } from '../../sources/types.js';
import type {
  AnalyticsData,
  ApiKey,
  DailyAllowance,
  DeclaredSource,
  DueSync,
  EventRow,
  FeedbackRow,
  KeyCheck,
  Member,
  NewApiKey,
  ProjectDeclaration,
  PurgeCounts,
  Store,
  StoredAnswer,
  Turn,
} from '../types.js';
import * as access from './access.js';
import { analytics } from './analytics.js';
import { CONNECT_TIMEOUT_MS, createPool, parseTarget, type PoolOptions } from './connection.js';
import * as conversations from './conversations.js';
import { Db } from './db.js';
import { migrate } from './migrate.js';
import * as sources from './sources.js';
import * as syncs from './syncs.js';
import * as visits from './visits.js';
import { listenForContent } from './notify.js';

export type PostgresOptions = PoolOptions;

/**
 * Connects to the database at `url` (`postgres://user:password@host:5432/database`, TLS settings such as
 * `?sslmode=verify-full&sslrootcert=ca.pem` as node-postgres reads them) and migrates it. Throws StoreError, in one
 * line without the password, when the URL does not parse, the server cannot be reached or refuses the login, the
 * database is missing or newer than this release.
 */
export async function openPostgresStore(url: string, options: PostgresOptions = {}): Promise<PostgresStore> {
  const target = parseTarget(url);
  const pool = createPool(url, options);
  const db = new Db(pool, target, options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
  try {
    await migrate(db);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return new PostgresStore(db);
}

export class PostgresStore implements Store {
  /** `postgres://user@host:port/database`: never the password. */
  readonly location: string;
  /** Several servers share one PostgreSQL database. */
  readonly shared = true;

  constructor(private readonly db: Db) {
    this.location = db.target.location;
  }

  /** The pool, for tests that inspect rows. */
  get pool(): pg.Pool {
    return this.db.pool;
  }

  getProject(id: string): Promise<Project | null> {
    return access.getProject(this.db, id);
  }

  listProjects(): Promise<Project[]> {
    return access.listProjects(this.db);
  }

  createProject(id: string, settings: ProjectSettings): Promise<Project> {
    return access.createProject(this.db, id, settings);
  }

  updateProject(id: string, settings: ProjectSettings): Promise<Project> {
    return access.updateProject(this.db, id, settings);
  }

  applyProjects(projects: readonly ProjectDeclaration[], plans: Readonly<Record<string, Limits>>): Promise<void> {
    return access.applyProjects(this.db, projects, plans);
  }

  getPlan(name: string): Promise<Limits | null> {
    return access.getPlan(this.db, name);
  }

  listMembers(project: string): Promise<Member[]> {
    return access.listMembers(this.db, project);
  }

  getMember(project: string, email: string): Promise<Member | null> {
    return access.getMember(this.db, project, email);
  }

  addMember(member: Omit<Member, 'createdAt'>, key: NewApiKey): Promise<Member> {
    return access.addMember(this.db, member, key);
  }

  updateMember(project: string, email: string, role: Role, newKey?: NewApiKey): Promise<Member> {
    return access.updateMember(this.db, project, email, role, newKey);
  }

  removeMember(project: string, email: string): Promise<void> {
    return access.removeMember(this.db, project, email);
  }

  createKey(key: NewApiKey): Promise<ApiKey> {
    return access.createKey(this.db, key);
  }

  listKeys(project: string): Promise<ApiKey[]> {
    return access.listKeys(this.db, project);
  }

  findKey(prefix: string): Promise<KeyCheck | null> {
    return access.findKey(this.db, prefix);
  }

  revokeKey(prefix: string): Promise<ApiKey | null> {
    return access.revokeKey(this.db, prefix);
  }

  touchKey(prefix: string, at: string): Promise<void> {
    return access.touchKey(this.db, prefix, at);
  }

  reserveMessage(project: string, monthStart: string, quota: number, now: string, staleBefore: string): Promise<string | null> {
    return conversations.reserveMessage(this.db, project, monthStart, quota, now, staleBefore);
  }

  releaseReservation(id: string): Promise<void> {
    return conversations.releaseReservation(this.db, id);
  }

  conversationExists(project: string, conversationId: string): Promise<boolean> {
    return conversations.conversationExists(this.db, project, conversationId);
  }

  recentTurns(conversationId: string, count: number): Promise<Turn[]> {
    return conversations.recentTurns(this.db, conversationId, count);
  }

  saveAnswer(project: string, answer: StoredAnswer, reservation?: string): Promise<void> {
    return conversations.saveAnswer(this.db, project, answer, reservation);
  }

  messagesSince(project: string, since: string): Promise<number> {
    return conversations.messagesSince(this.db, project, since);
  }

  answerExists(project: string, messageId: string): Promise<boolean> {
    return conversations.answerExists(this.db, project, messageId);
  }

  saveFeedback(feedback: FeedbackRow, allowance: DailyAllowance): Promise<void> {
    return conversations.saveFeedback(this.db, feedback, allowance);
  }

  saveEvents(project: string, events: readonly EventRow[], allowance: DailyAllowance): Promise<void> {
    return conversations.saveEvents(this.db, project, events, allowance);
  }

  purge(project: string, before: string): Promise<PurgeCounts> {
    return conversations.purge(this.db, project, before);
  }

  analytics(project: string, since: string, top: number): Promise<AnalyticsData> {
    return analytics(this.db, project, since, top);
  }

  listSources(project: string, limit: number, after?: { createdAt: string; id: string }): Promise<Source[]> {
    return sources.listSources(this.db, project, limit, after);
  }

  getSource(project: string, id: string): Promise<Source | null> {
    return sources.getSource(this.db, project, id);
  }

  addSource(project: string, input: SourceInput, declared: boolean, extras?: SourceExtras): Promise<Source> {
    return sources.addSource(this.db, project, input, declared, extras);
  }

  sourceCredentials(sourceId: string): Promise<string | null> {
    return sources.sourceCredentials(this.db, sourceId);
  }

  sourceFiles(sourceId: string): Promise<StoredFile[]> {
    return sources.sourceFiles(this.db, sourceId);
  }

  sourceFile(project: string, sourceId: string, name: string): Promise<StoredFile | null> {
    return sources.sourceFile(this.db, project, sourceId, name);
  }

  deleteSource(project: string, id: string): Promise<boolean> {
    return sources.deleteSource(this.db, project, id);
  }

  replaceDeclaredSources(project: string, declared: readonly DeclaredSource[]): Promise<void> {
    return this.db.transaction((sql) => sources.replaceDeclared(sql, project, declared));
  }

  setSourceStatus(id: string, status: SourceStatus, error: string | null): Promise<void> {
    return sources.setSourceStatus(this.db, id, status, error);
  }

  storedDocuments(sourceId: string): Promise<StoredDocument[]> {
    return sources.storedDocuments(this.db, sourceId);
  }

  applySync(
    sourceId: string,
    result: { upserts: readonly DocumentUpsert[]; removed: readonly string[]; status: 'syncing' | 'ready' | 'failed'; error: string | null; report: SourceReport; at: string },
  ): Promise<void> {
    return sources.applySync(this.db, sourceId, result);
  }

  documentPage(project: string, url: string): Promise<{ title: string; page: Buffer } | null> {
    return sources.documentPage(this.db, project, url);
  }

  sourceSections(project: string): Promise<Section[]> {
    return sources.sourceSections(this.db, project);
  }

  contentVersions(): Promise<Map<string, number>> {
    return sources.contentVersions(this.db);
  }

  startSync(project: string, at: string): Promise<SyncRecord | null> {
    return syncs.startSync(this.db, project, at);
  }

  finishSync(id: string, status: 'succeeded' | 'failed', at: string): Promise<void> {
    return syncs.finishSync(this.db, id, status, at);
  }

  failAbandonedSyncs(at: string, staleBefore: string): Promise<number> {
    return syncs.failAbandonedSyncs(this.db, at, staleBefore);
  }

  renewSync(id: string, at: string): Promise<void> {
    return syncs.renewSync(this.db, id, at);
  }

  visitorSecret(): Promise<Buffer> {
    return visits.visitorSecret(this.db);
  }

  countVisit(key: string, windowStart: string, cost: number, limit: number): Promise<number | null> {
    return visits.countVisit(this.db, key, windowStart, cost, limit);
  }

  visitCount(key: string, windowStart: string): Promise<number> {
    return visits.visitCount(this.db, key, windowStart);
  }

  purgeVisits(before: string): Promise<void> {
    return visits.purgeVisits(this.db, before);
  }

  onContentChanged(listener: (project: string) => void): Promise<() => Promise<void>> {
    return listenForContent(this.db, listener);
  }

  requestSync(project: string, at: string): Promise<void> {
    return syncs.requestSync(this.db, project, at);
  }

  syncsDue(now: string): Promise<DueSync[]> {
    return syncs.syncsDue(this.db, now);
  }

  /** Ends the pool: waits for the connections in use to be given back, then closes them all. Twice is harmless. */
  async close(): Promise<void> {
    if (!this.db.pool.ended && !this.db.pool.ending) await this.db.pool.end();
  }
}
