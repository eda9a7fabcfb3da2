/**
 * The Store: every read and write of the server's state, behind one typed interface. `sqlite/` implements it on
 * an embedded SQLite file; a PostgreSQL implementation is the same interface. Methods that change several rows
 * do it in one transaction, so a failed command leaves the data as it was.
 */
import type { Role, Scope } from '../access/scopes.js';
import type { Section } from '@docent/engine';
import type { Limits, Project, ProjectSettings } from '../projects/types.js';
import type { DocumentUpsert, Source, SourceExtras, SourceInput, SourceReport, SourceStatus, StoredDocument, StoredFile, SyncRecord } from '../sources/types.js';

export interface Member {
  project: string;
  email: string;
  role: Role;
  createdAt: string;
}

export interface ApiKey {
  /** `dk_` and the key's id: public, the handle for `docent key revoke`. */
  prefix: string;
  project: string;
  name: string;
  /** The scopes of a machine key; empty for a member's personal key, which takes its member's role. */
  scopes: Scope[];
  /** The member a personal key belongs to, or null for a machine key. */
  memberEmail: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

export interface NewApiKey {
  prefix: string;
  hash: string;
  project: string;
  name: string;
  scopes: Scope[];
  memberEmail: string | null;
  expiresAt: string | null;
}

/** A key found by its prefix, with what a request check needs. */
export interface KeyCheck extends ApiKey {
  hash: string;
  /** The current role of the key's member, or null for a machine key (or a member since removed). */
  memberRole: Role | null;
}

/** A sync the server should start: the project, and the sources it covers. */
export interface DueSync {
  project: string;
  sources: string[];
}

export interface StoredAnswer {
  conversationId: string;
  messageId: string;
  question: string;
  answer: string;
  answered: boolean;
  citations: unknown[];
  /** True when this message starts the conversation. */
  newConversation: boolean;
  /** For an answer a model wrote: how many of its statements were checked against the sections, and dropped. */
  statements?: { checked: number; dropped: number };
}

export interface Turn {
  question: string;
  answer: string;
}

export interface FeedbackRow {
  id: string;
  project: string;
  targetType: 'page' | 'answer';
  url: string | null;
  messageId: string | null;
  rating: 'up' | 'down';
  comment: string | null;
}

export interface EventRow {
  type: string;
  url: string;
  occurredAt: string;
  properties: Record<string, unknown> | null;
}

export interface Count {
  label: string;
  count: number;
}

export interface Thumbs {
  label: string;
  up: number;
  down: number;
}

/** What readers did in one project over a period: the rows behind `getAnalytics` and `docent analytics`. */
export interface AnalyticsData {
  questions: number;
  answered: number;
  searches: number;
  pageViews: number;
  feedback: { up: number; down: number };
  answerFeedback: { up: number; down: number };
  pagesRated: Thumbs[];
  answersRatedDown: Thumbs[];
  topPages: Count[];
  topQueries: Count[];
  unansweredQuestions: Count[];
  /** Answers a model wrote, and how many of their statements were checked and dropped. */
  modelAnswers: { answers: number; checked: number; dropped: number };
  comments: { url: string | null; rating: 'up' | 'down'; comment: string }[];
}

/** How many bytes of feedback and events a project may store on one UTC day. */
export interface DailyAllowance {
  /** The UTC day, `2026-11-26`. */
  day: string;
  bytes: number;
}

export interface PurgeCounts {
  events: number;
  searches: number;
  conversations: number;
}

/** A declared project with its settings and sources, applied by `applyProjects` (config as code). */
export interface ProjectDeclaration extends ProjectSettings {
  id: string;
  sources: DeclaredSource[];
}

/** A source docent.config.json declares: its settings, and its sealed credentials and files. */
export interface DeclaredSource {
  input: SourceInput;
  extras: SourceExtras;
}

export interface Store {
  /** Where the data lives, for messages: a file path or a URL without its password. */
  readonly location: string;
  /**
   * Several servers may use this store at once (PostgreSQL): per-visitor limits are counted in it, and syncs are
   * leased. A store of one server (SQLite) keeps those in the server's memory.
   */
  readonly shared: boolean;

  getProject(id: string): Promise<Project | null>;
  listProjects(): Promise<Project[]>;
  /** Creates a project; throws ConflictError when the id is taken. */
  createProject(id: string, settings: ProjectSettings): Promise<Project>;
  /** Replaces a project's settings; throws NotFoundError for an unknown id. */
  updateProject(id: string, settings: ProjectSettings): Promise<Project>;
  /** Creates or updates every declared project and replaces the plans, in one transaction. */
  applyProjects(projects: readonly ProjectDeclaration[], plans: Readonly<Record<string, Limits>>): Promise<void>;
  getPlan(name: string): Promise<Limits | null>;

  listMembers(project: string): Promise<Member[]>;
  getMember(project: string, email: string): Promise<Member | null>;
  /** Adds a member and their personal key together; throws ConflictError for a member already there. */
  addMember(member: Omit<Member, 'createdAt'>, key: NewApiKey): Promise<Member>;
  /** Changes a role, and replaces the personal key when `newKey` is given (the old one is revoked). */
  updateMember(project: string, email: string, role: Role, newKey?: NewApiKey): Promise<Member>;
  /** Removes a member and revokes their keys; throws ConflictError when that would leave the project without an owner. */
  removeMember(project: string, email: string): Promise<void>;

  createKey(key: NewApiKey): Promise<ApiKey>;
  listKeys(project: string): Promise<ApiKey[]>;
  findKey(prefix: string): Promise<KeyCheck | null>;
  /** Marks a key revoked; returns it, or null when no key has that prefix. */
  revokeKey(prefix: string): Promise<ApiKey | null>;
  /** Records a use of the key (the caller throttles how often). */
  touchKey(prefix: string, at: string): Promise<void>;

  /**
   * Reserves one message of the monthly quota, atomically: counts the messages stored since `monthStart` and the
   * reservations still open, and takes one if that is under `quota`. Returns the reservation's id, or null when
   * the quota is used up. A reservation older than `staleBefore` (a server that died mid-answer) no longer counts.
   */
  reserveMessage(project: string, monthStart: string, quota: number, now: string, staleBefore: string): Promise<string | null>;
  /** Gives a reservation back (the answer failed or the reader left before it was stored). */
  releaseReservation(id: string): Promise<void>;

  conversationExists(project: string, conversationId: string): Promise<boolean>;
  recentTurns(conversationId: string, count: number): Promise<Turn[]>;
  /** Stores an answer; with `reservation`, turns that reservation into the stored message in the same transaction. */
  saveAnswer(project: string, answer: StoredAnswer, reservation?: string): Promise<void>;
  messagesSince(project: string, since: string): Promise<number>;
  answerExists(project: string, messageId: string): Promise<boolean>;
  /** Stores feedback within the project's daily storage allowance; throws StorageQuotaError past it. */
  saveFeedback(feedback: FeedbackRow, allowance: DailyAllowance): Promise<void>;
  /** Stores events within the project's daily storage allowance; throws StorageQuotaError past it. */
  saveEvents(project: string, events: readonly EventRow[], allowance: DailyAllowance): Promise<void>;
  /** Deletes the events, searches and conversations (with their messages) of a project created before `before`. */
  purge(project: string, before: string): Promise<PurgeCounts>;
  analytics(project: string, since: string, top: number): Promise<AnalyticsData>;

  /** One page of a project's sources, oldest first; `after` is the cursor of the previous page. */
  listSources(project: string, limit: number, after?: { createdAt: string; id: string }): Promise<Source[]>;
  getSource(project: string, id: string): Promise<Source | null>;
  /**
   * Adds a source (status `pending`) with its sealed credentials and uploaded files; bumps the project's content
   * version. A fetched source equal to one the project has is a ConflictError; each upload is a source of its own.
   */
  addSource(project: string, input: SourceInput, declared: boolean, extras?: SourceExtras): Promise<Source>;
  /** A source's sealed credentials, or null. */
  sourceCredentials(sourceId: string): Promise<string | null>;
  /** A source's uploaded files, in upload order. */
  sourceFiles(sourceId: string): Promise<StoredFile[]>;
  /** One uploaded file of a project's source, or null. */
  sourceFile(project: string, sourceId: string, name: string): Promise<StoredFile | null>;
  /** Removes a source and every document of it; false when there is none. */
  deleteSource(project: string, id: string): Promise<boolean>;
  /**
   * Replaces the declared sources of a project with these, in one transaction. A source that is still declared
   * keeps its documents and takes the file's credentials and sync interval; an uploaded one whose files changed
   * takes the new files and waits for a sync, which re-indexes the files that changed.
   */
  replaceDeclaredSources(project: string, sources: readonly DeclaredSource[]): Promise<void>;
  setSourceStatus(id: string, status: SourceStatus, error: string | null): Promise<void>;
  storedDocuments(sourceId: string): Promise<StoredDocument[]>;
  /**
   * Writes what a sync of one source found: new and changed documents (in batches, pausing between two), then in
   * one transaction the URLs that are gone, the source's status, counts and report; bumps the project's content
   * version once, at the end.
   */
  applySync(sourceId: string, result: { upserts: readonly DocumentUpsert[]; removed: readonly string[]; status: 'syncing' | 'ready' | 'failed'; error: string | null; report: SourceReport; at: string }): Promise<void>;
  /** A document of the project's sources by its URL: its title and deflated HTML (null when none, or synced before pages were kept). */
  documentPage(project: string, url: string): Promise<{ title: string; page: Buffer } | null>;
  /** Every section of every document of a project's sources. */
  sourceSections(project: string): Promise<Section[]>;
  /** The content version of every project: it grows whenever a project's sources or documents change. */
  contentVersions(): Promise<Map<string, number>>;

  /** Starts a sync of the project; null while another one runs. */
  startSync(project: string, at: string): Promise<SyncRecord | null>;
  finishSync(id: string, status: 'succeeded' | 'failed', at: string): Promise<void>;
  /**
   * Marks failed every sync still `running` whose process stopped renewing it (last renewal, or start, before
   * `staleBefore`), and the sources it left `syncing`. Returns how many syncs.
   */
  failAbandonedSyncs(at: string, staleBefore: string): Promise<number>;
  /** The process running the sync is alive: renews its lease. */
  renewSync(id: string, at: string): Promise<void>;
  /** Asks a running server to sync the project (what `docent sync` without --wait does). */
  requestSync(project: string, at: string): Promise<void>;
  /**
   * The syncs due at `now`, one per project: every source of a project whose sync was asked for; else its pending
   * sources and those whose own `sync_interval`, or else the project's, has passed since their last sync.
   */
  syncsDue(now: string): Promise<DueSync[]>;

  /** The secret visitor keys are made with, created on first use and the same for every server of the store. */
  visitorSecret(): Promise<Buffer>;
  /**
   * Counts `cost` requests of a visitor in the window starting at `windowStart`, when they fit under `limit`:
   * returns the count after them, or null (and counts nothing) when they do not fit.
   */
  countVisit(key: string, windowStart: string, cost: number, limit: number): Promise<number | null>;
  /** The requests a visitor made in a window. */
  visitCount(key: string, windowStart: string): Promise<number>;
  /** Forgets the visit counts of windows that started before `before`. */
  purgeVisits(before: string): Promise<void>;
  /**
   * Calls `listener` with a project's id soon after any server changes its content (PostgreSQL's LISTEN/NOTIFY);
   * resolves with a function that stops listening. Stores of one server have none: the server polls.
   */
  onContentChanged?(listener: (project: string) => void): Promise<() => Promise<void>>;

  close(): Promise<void>;
}

/** A write that conflicts with what is stored: a duplicate id, the last owner. */
export class ConflictError extends Error {
  override name = 'ConflictError';
}

/** A write over the project's daily storage allowance. */
export class StorageQuotaError extends Error {
  override name = 'StorageQuotaError';
}

export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** The database cannot be used: newer than this release, unreadable, not writable. */
export class StoreError extends Error {
  override name = 'StoreError';
}

/**
 * The database cannot be reached right now (PostgreSQL down, restarting, or unreachable): the request may succeed
 * a moment later, so the API answers 503 with Retry-After rather than 500.
 */
export class StoreUnavailableError extends StoreError {
  override name = 'StoreUnavailableError';
}
