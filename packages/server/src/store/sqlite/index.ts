/**
 * The Store on an embedded SQLite file (default `./.docent/docent.db`): WAL mode, `synchronous = FULL` so every
 * write the server acknowledged survives a crash, and a busy timeout so the CLI and a running server share the
 * file. Every statement of the SQLite store is in this file and migrations.ts.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Role } from '../../access/scopes.js';
import type { Section } from '@docent/engine';
import type { Limits, Project, ProjectSettings } from '../../projects/types.js';
import { configOf, isUpload, type DocumentUpsert, type Source, type SourceExtras, type SourceInput, type SourceReport, type SourceStatus, type SourceType, type StoredDocument, type StoredFile, type SyncRecord } from '../../sources/types.js';
import { DOCENT_VERSION } from '../../version.js';
import { parseDuration } from '../../config/duration.js';
import {
  ConflictError,
  NotFoundError,
  StoreError,
  type AnalyticsData,
  type ApiKey,
  type Count,
  type EventRow,
  type FeedbackRow,
  type KeyCheck,
  type Member,
  type NewApiKey,
  type DailyAllowance,
  type DeclaredSource,
  type DueSync,
  type ProjectDeclaration,
  type PurgeCounts,
  StorageQuotaError,
  type Store,
  type StoredAnswer,
  type Thumbs,
  type Turn,
} from '../types.js';
import { declaredIdentity, dueSyncs, fileOf, keyOf, randomId, sameFiles, storedBytes, storedSettings, type FileRow, type KeyRow, type StoredSettings } from '../rows.js';
import { SQLITE_MIGRATIONS } from './migrations.js';

type Db = Database.Database;

interface ProjectRow {
  id: string;
  name: string;
  public: number;
  allowed_origins: string;
  settings: string;
  created_at: string;
  updated_at: string;
}

interface SourceRow {
  id: string;
  project: string;
  type: SourceType;
  config: string;
  declared: number;
  status: SourceStatus;
  error: string | null;
  document_count: number;
  report: string | null;
  created_at: string;
  last_synced_at: string | null;
  sync_interval_ms: number | null;
}

/** What a source shows when the process syncing it stopped. */
const ABANDONED = 'the server stopped during the sync; the sync starts again by itself';

/** Documents written per transaction by applySync. */
const APPLY_BATCH = 100;

function sourceOf(row: SourceRow): Source {
  return {
    id: row.id,
    project: row.project,
    type: row.type,
    config: JSON.parse(row.config) as Source['config'],
    declared: row.declared === 1,
    syncIntervalMs: row.sync_interval_ms,
    status: row.status,
    error: row.error,
    documentCount: row.document_count,
    report: row.report ? (JSON.parse(row.report) as SourceReport) : null,
    createdAt: row.created_at,
    lastSyncedAt: row.last_synced_at,
  };
}

function projectOf(row: ProjectRow): Project {
  const settings = JSON.parse(row.settings) as StoredSettings;
  return {
    id: row.id,
    name: row.name,
    public: row.public === 1,
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

function settingsColumns(settings: ProjectSettings): [string, number, string, string] {
  return [settings.name, settings.public ? 1 : 0, JSON.stringify(settings.allowedOrigins), JSON.stringify(storedSettings(settings))];
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** The schema version of an open database: schema_version's newest row, or 0.1.0's `user_version`. */
function schemaVersion(db: Db): { version: number; writtenBy: string | null } {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").get();
  if (!hasTable) return { version: db.pragma('user_version', { simple: true }) as number, writtenBy: null };
  const row = db.prepare('SELECT version, docent_version FROM schema_version ORDER BY version DESC LIMIT 1').get() as { version: number; docent_version: string } | undefined;
  return { version: row?.version ?? 0, writtenBy: row?.docent_version ?? null };
}

function migrate(db: Db, file: string): void {
  const known = SQLITE_MIGRATIONS.length;
  // IMMEDIATE: a second process starting at the same moment waits, then finds the work done.
  db.transaction(() => {
    const { version, writtenBy } = schemaVersion(db);
    if (version > known) {
      throw new StoreError(
        `${file} has schema version ${version}${writtenBy ? `, written by @docent/server ${writtenBy}` : ''}; this @docent/server ${DOCENT_VERSION} knows versions up to ${known}. Upgrade @docent/server, or use another database file.`,
      );
    }
    for (let next = version; next < known; next++) {
      db.exec(SQLITE_MIGRATIONS[next] ?? '');
      if (next + 1 >= 4) db.prepare('INSERT INTO schema_version (version, docent_version) VALUES (?, ?)').run(next + 1, DOCENT_VERSION);
      db.pragma(`user_version = ${next + 1}`);
    }
  }).immediate();
}

function open(file: string): Db {
  try {
    return new Database(file);
  } catch (error) {
    throw new StoreError(`cannot open the database ${file}: ${(error as Error).message}`);
  }
}

/** Opens (creating when absent) and migrates the database file; `:memory:` for a throwaway one. */
export function openSqliteStore(file: string): SqliteStore {
  if (file !== ':memory:') {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    if (existsSync(file)) {
      try {
        accessSync(file, constants.R_OK | constants.W_OK);
      } catch {
        throw new StoreError(`the database ${file} is not writable by this user; fix its permissions or pass another file with --db`);
      }
    }
  }
  const db = open(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, file);
    // A write lock, taken and given back: SQLite opens a file it may not write read-only, without a word.
    db.exec('BEGIN IMMEDIATE; ROLLBACK');
  } catch (error) {
    db.close();
    if (error instanceof StoreError) throw error;
    if ((error as { code?: string }).code?.startsWith('SQLITE_READONLY') || (error as { code?: string }).code === 'SQLITE_CANTOPEN') {
      throw new StoreError(`the database ${file} is not writable by this user (${(error as Error).message}); fix the permissions of the file and its folder, or pass another file with --db`);
    }
    throw new StoreError(`the database ${file} cannot be used: ${(error as Error).message}`);
  }
  return new SqliteStore(db, file);
}

export class SqliteStore implements Store {
  constructor(
    private readonly db: Db,
    readonly location: string,
  ) {}

  /** One server's file: limits and sync leases stay in that server's memory. */
  readonly shared = false;

  /** The underlying connection, for tests that inspect rows. */
  get connection(): Db {
    return this.db;
  }

  private getProjectNow(id: string): Project | null {
    const row = this.db.prepare('SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow | undefined;
    return row ? projectOf(row) : null;
  }

  private insertProject(id: string, settings: ProjectSettings): void {
    this.db.prepare('INSERT INTO projects (id, name, public, allowed_origins, settings) VALUES (?, ?, ?, ?, ?)').run(id, ...settingsColumns(settings));
  }

  /** Changed synonyms change what the project's index is built with: its content version moves, so servers rebuild it. */
  private replaceProject(id: string, settings: ProjectSettings): number {
    const columns = settingsColumns(settings);
    return this.db
      .prepare(
        `UPDATE projects SET name = ?, public = ?, allowed_origins = ?, settings = ?, updated_at = ${NOW},
         content_version = content_version + (json_extract(settings, '$.synonyms') IS NOT json_extract(?, '$.synonyms')) WHERE id = ?`,
      )
      .run(...columns, columns[3], id).changes;
  }

  async getProject(id: string): Promise<Project | null> {
    return this.getProjectNow(id);
  }

  async listProjects(): Promise<Project[]> {
    return (this.db.prepare('SELECT * FROM projects ORDER BY id').all() as ProjectRow[]).map(projectOf);
  }

  async createProject(id: string, settings: ProjectSettings): Promise<Project> {
    if (this.getProjectNow(id)) throw new ConflictError(`the project ${id} already exists`);
    this.insertProject(id, settings);
    return this.getProjectNow(id) as Project;
  }

  async updateProject(id: string, settings: ProjectSettings): Promise<Project> {
    if (this.replaceProject(id, settings) === 0) throw new NotFoundError(`there is no project ${id}`);
    return this.getProjectNow(id) as Project;
  }

  async applyProjects(projects: readonly ProjectDeclaration[], plans: Readonly<Record<string, Limits>>): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM plans').run();
      const insertPlan = this.db.prepare('INSERT INTO plans (name, limits) VALUES (?, ?)');
      for (const [name, limits] of Object.entries(plans)) insertPlan.run(name, JSON.stringify(limits));
      for (const { id, sources, ...settings } of projects) {
        if (this.replaceProject(id, settings) === 0) this.insertProject(id, settings);
        this.replaceDeclared(id, sources);
      }
    }).immediate();
  }

  async getPlan(name: string): Promise<Limits | null> {
    const row = this.db.prepare('SELECT limits FROM plans WHERE name = ?').get(name) as { limits: string } | undefined;
    return row ? (JSON.parse(row.limits) as Limits) : null;
  }

  async listMembers(project: string): Promise<Member[]> {
    const rows = this.db.prepare('SELECT project, email, role, created_at FROM members WHERE project = ? ORDER BY created_at, email').all(project) as {
      project: string;
      email: string;
      role: Role;
      created_at: string;
    }[];
    return rows.map((row) => ({ project: row.project, email: row.email, role: row.role, createdAt: row.created_at }));
  }

  async getMember(project: string, email: string): Promise<Member | null> {
    return (await this.listMembers(project)).find((member) => member.email === email) ?? null;
  }

  private insertKey(key: NewApiKey): void {
    this.db
      .prepare('INSERT INTO api_keys (prefix, project, name, scopes, member_email, hash, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(key.prefix, key.project, key.name, JSON.stringify(key.scopes), key.memberEmail, key.hash, key.expiresAt);
  }

  private revokeMemberKeys(project: string, email: string): void {
    this.db.prepare(`UPDATE api_keys SET revoked_at = ${NOW} WHERE project = ? AND member_email = ? AND revoked_at IS NULL`).run(project, email);
  }

  private owners(project: string): number {
    return (this.db.prepare("SELECT count(*) AS count FROM members WHERE project = ? AND role = 'owner'").get(project) as { count: number }).count;
  }

  async addMember(member: Omit<Member, 'createdAt'>, key: NewApiKey): Promise<Member> {
    this.db.transaction(() => {
      if (this.db.prepare('SELECT 1 FROM members WHERE project = ? AND email = ?').get(member.project, member.email)) {
        throw new ConflictError(`${member.email} is already a member of ${member.project}`);
      }
      this.db.prepare('INSERT INTO members (project, email, role) VALUES (?, ?, ?)').run(member.project, member.email, member.role);
      this.insertKey(key);
    }).immediate();
    return (await this.getMember(member.project, member.email)) as Member;
  }

  async updateMember(project: string, email: string, role: Role, newKey?: NewApiKey): Promise<Member> {
    this.db.transaction(() => {
      const current = this.db.prepare('SELECT role FROM members WHERE project = ? AND email = ?').get(project, email) as { role: Role } | undefined;
      if (!current) throw new NotFoundError(`${email} is not a member of ${project}`);
      if (current.role === 'owner' && role !== 'owner' && this.owners(project) === 1) {
        throw new ConflictError(`${email} is the last owner of ${project}; make another member owner first`);
      }
      this.db.prepare('UPDATE members SET role = ? WHERE project = ? AND email = ?').run(role, project, email);
      if (newKey) {
        this.revokeMemberKeys(project, email);
        this.insertKey(newKey);
      }
    }).immediate();
    return (await this.getMember(project, email)) as Member;
  }

  async removeMember(project: string, email: string): Promise<void> {
    this.db.transaction(() => {
      const current = this.db.prepare('SELECT role FROM members WHERE project = ? AND email = ?').get(project, email) as { role: Role } | undefined;
      if (!current) throw new NotFoundError(`${email} is not a member of ${project}`);
      if (current.role === 'owner' && this.owners(project) === 1) {
        throw new ConflictError(`${email} is the last owner of ${project}; make another member owner first`);
      }
      this.revokeMemberKeys(project, email);
      this.db.prepare('DELETE FROM members WHERE project = ? AND email = ?').run(project, email);
    }).immediate();
  }

  async createKey(key: NewApiKey): Promise<ApiKey> {
    this.insertKey(key);
    return keyOf(this.db.prepare('SELECT * FROM api_keys WHERE prefix = ?').get(key.prefix) as KeyRow);
  }

  async listKeys(project: string): Promise<ApiKey[]> {
    return (this.db.prepare('SELECT * FROM api_keys WHERE project = ? ORDER BY created_at, prefix').all(project) as KeyRow[]).map(keyOf);
  }

  async findKey(prefix: string): Promise<KeyCheck | null> {
    const row = this.db
      .prepare(
        `SELECT api_keys.*, members.role AS member_role FROM api_keys
         LEFT JOIN members ON members.project = api_keys.project AND members.email = api_keys.member_email
         WHERE api_keys.prefix = ?`,
      )
      .get(prefix) as KeyRow | undefined;
    return row ? { ...keyOf(row), hash: row.hash, memberRole: row.member_role ?? null } : null;
  }

  async revokeKey(prefix: string): Promise<ApiKey | null> {
    this.db.prepare(`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ${NOW}) WHERE prefix = ?`).run(prefix);
    const row = this.db.prepare('SELECT * FROM api_keys WHERE prefix = ?').get(prefix) as KeyRow | undefined;
    return row ? keyOf(row) : null;
  }

  async touchKey(prefix: string, at: string): Promise<void> {
    this.db.prepare('UPDATE api_keys SET last_used_at = ? WHERE prefix = ?').run(at, prefix);
  }

  async reserveMessage(project: string, monthStart: string, quota: number, now: string, staleBefore: string): Promise<string | null> {
    const id = `res_${randomBytes(12).toString('hex')}`;
    const taken = this.db.transaction(() => {
      this.db.prepare('DELETE FROM message_reservations WHERE project = ? AND created_at < ?').run(project, staleBefore);
      const open = (this.db.prepare('SELECT count(*) AS count FROM message_reservations WHERE project = ?').get(project) as { count: number }).count;
      if (open + this.countMessagesSince(project, monthStart) >= quota) return false;
      this.db.prepare('INSERT INTO message_reservations (id, project, created_at) VALUES (?, ?, ?)').run(id, project, now);
      return true;
    }).immediate();
    return taken ? id : null;
  }

  async releaseReservation(id: string): Promise<void> {
    this.db.prepare('DELETE FROM message_reservations WHERE id = ?').run(id);
  }

  async conversationExists(project: string, conversationId: string): Promise<boolean> {
    return this.db.prepare('SELECT 1 FROM conversations WHERE id = ? AND project = ?').get(conversationId, project) !== undefined;
  }

  async recentTurns(conversationId: string, count: number): Promise<Turn[]> {
    const rows = this.db.prepare('SELECT question, answer FROM messages WHERE conversation_id = ? ORDER BY created_at DESC LIMIT ?').all(conversationId, count) as Turn[];
    return rows.reverse();
  }

  async saveAnswer(project: string, answer: StoredAnswer, reservation?: string): Promise<void> {
    this.db.transaction(() => {
      if (reservation) this.db.prepare('DELETE FROM message_reservations WHERE id = ?').run(reservation);
      if (answer.newConversation) this.db.prepare('INSERT INTO conversations (id, project) VALUES (?, ?)').run(answer.conversationId, project);
      this.db
        .prepare('INSERT INTO messages (id, conversation_id, question, answer, answered, citations, statements_checked, statements_dropped) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(
          answer.messageId,
          answer.conversationId,
          answer.question,
          answer.answer,
          answer.answered ? 1 : 0,
          JSON.stringify(answer.citations),
          answer.statements?.checked ?? null,
          answer.statements?.dropped ?? null,
        );
    })();
  }

  async messagesSince(project: string, since: string): Promise<number> {
    return this.countMessagesSince(project, since);
  }

  private countMessagesSince(project: string, since: string): number {
    const row = this.db
      .prepare('SELECT count(*) AS count FROM messages JOIN conversations ON conversations.id = messages.conversation_id WHERE conversations.project = ? AND messages.created_at >= ?')
      .get(project, since) as { count: number };
    return row.count;
  }

  async answerExists(project: string, messageId: string): Promise<boolean> {
    return (
      this.db
        .prepare('SELECT 1 FROM messages JOIN conversations ON conversations.id = messages.conversation_id WHERE messages.id = ? AND conversations.project = ?')
        .get(messageId, project) !== undefined
    );
  }

  /** Adds `bytes` to the project's usage of the day, or throws StorageQuotaError when that would pass the allowance. */
  private spend(project: string, allowance: DailyAllowance, bytes: number): void {
    const used = (this.db.prepare('SELECT bytes FROM usage WHERE project = ? AND day = ?').get(project, allowance.day) as { bytes: number } | undefined)?.bytes ?? 0;
    if (used + bytes > allowance.bytes) {
      throw new StorageQuotaError(`the project ${project} has stored its ${allowance.bytes} bytes of feedback and events for ${allowance.day}`);
    }
    this.db.prepare('INSERT INTO usage (project, day, bytes) VALUES (?, ?, ?) ON CONFLICT (project, day) DO UPDATE SET bytes = bytes + excluded.bytes').run(project, allowance.day, bytes);
  }

  async saveFeedback(feedback: FeedbackRow, allowance: DailyAllowance): Promise<void> {
    const bytes = storedBytes([feedback.url, feedback.messageId, feedback.comment, feedback.rating, feedback.targetType]);
    this.db.transaction(() => {
      this.spend(feedback.project, allowance, bytes);
      this.db
        .prepare('INSERT INTO feedback (id, project, target_type, url, message_id, rating, comment) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(feedback.id, feedback.project, feedback.targetType, feedback.url, feedback.messageId, feedback.rating, feedback.comment);
    }).immediate();
  }

  async saveEvents(project: string, events: readonly EventRow[], allowance: DailyAllowance): Promise<void> {
    const rows = events.map((event) => ({ ...event, properties: event.properties ? JSON.stringify(event.properties) : null }));
    const bytes = rows.reduce((sum, row) => sum + storedBytes([row.type, row.url, row.occurredAt, row.properties]), 0);
    const insert = this.db.prepare('INSERT INTO events (project, type, url, occurred_at, properties) VALUES (?, ?, ?, ?, ?)');
    this.db.transaction(() => {
      this.spend(project, allowance, bytes);
      for (const row of rows) insert.run(project, row.type, row.url, row.occurredAt, row.properties);
    }).immediate();
  }

  async purge(project: string, before: string): Promise<PurgeCounts> {
    return this.db.transaction(() => {
      const events = this.db.prepare('DELETE FROM events WHERE project = ? AND created_at < ?').run(project, before).changes;
      const searches = this.db.prepare('DELETE FROM searches WHERE project = ? AND created_at < ?').run(project, before).changes;
      // A conversation goes when its newest message is older than the cut; feedback on its answers stays, unlinked.
      const old = `SELECT id FROM conversations WHERE project = @project AND created_at < @before
                   AND NOT EXISTS (SELECT 1 FROM messages WHERE conversation_id = conversations.id AND created_at >= @before)`;
      this.db.prepare(`UPDATE feedback SET message_id = NULL WHERE message_id IN (SELECT id FROM messages WHERE conversation_id IN (${old}))`).run({ project, before });
      this.db.prepare(`DELETE FROM messages WHERE conversation_id IN (${old})`).run({ project, before });
      const conversations = this.db.prepare(`DELETE FROM conversations WHERE id IN (${old})`).run({ project, before }).changes;
      this.db.prepare('DELETE FROM usage WHERE project = ? AND day < ?').run(project, before.slice(0, 10));
      return { events, searches, conversations };
    }).immediate();
  }

  async analytics(project: string, since: string, top: number): Promise<AnalyticsData> {
    const one = <T>(sql: string): T => this.db.prepare(sql).get({ project, since }) as T;
    const all = <T>(sql: string): T[] => this.db.prepare(sql).all({ project, since }) as T[];
    const messages = `FROM messages JOIN conversations ON conversations.id = messages.conversation_id
                      WHERE conversations.project = @project AND messages.created_at >= @since`;
    const { questions, answered } = one<{ questions: number; answered: number | null }>(`SELECT count(*) AS questions, sum(answered) AS answered ${messages}`);
    // Searches: the widget's `search` events, and the rows 0.1.0 wrote for every searchProject call.
    const searchQueries = `SELECT lower(json_extract(properties, '$.query')) AS query FROM events
                           WHERE project = @project AND created_at >= @since AND type = 'search' AND json_extract(properties, '$.query') IS NOT NULL
                           UNION ALL SELECT lower(query) FROM searches WHERE project = @project AND created_at >= @since`;
    const searches = one<{ count: number }>(`SELECT count(*) AS count FROM (${searchQueries})`);
    const pageViews = one<{ count: number }>("SELECT count(*) AS count FROM events WHERE project = @project AND created_at >= @since AND type = 'page_view'");
    const modelAnswers = one<{ answers: number; checked: number; dropped: number }>(
      `SELECT count(statements_checked) AS answers, coalesce(sum(statements_checked), 0) AS checked, coalesce(sum(statements_dropped), 0) AS dropped ${messages}`,
    );
    const thumbs = (where: string): { up: number; down: number } => {
      const row = one<{ up: number | null; down: number | null }>(
        `SELECT sum(rating = 'up') AS up, sum(rating = 'down') AS down FROM feedback WHERE project = @project AND created_at >= @since ${where}`,
      );
      return { up: row.up ?? 0, down: row.down ?? 0 };
    };
    return {
      questions,
      answered: answered ?? 0,
      searches: searches.count,
      pageViews: pageViews.count,
      feedback: thumbs(''),
      answerFeedback: thumbs("AND target_type = 'answer'"),
      pagesRated: all<Thumbs>(
        `SELECT url AS label, sum(rating = 'up') AS up, sum(rating = 'down') AS down FROM feedback
         WHERE project = @project AND created_at >= @since AND target_type = 'page'
         GROUP BY url ORDER BY down DESC, up DESC, url LIMIT ${top}`,
      ),
      answersRatedDown: all<Thumbs>(
        `SELECT messages.question AS label, sum(feedback.rating = 'up') AS up, sum(feedback.rating = 'down') AS down
         FROM feedback JOIN messages ON messages.id = feedback.message_id
         WHERE feedback.project = @project AND feedback.created_at >= @since AND feedback.target_type = 'answer'
         GROUP BY feedback.message_id HAVING down > 0 ORDER BY down DESC LIMIT ${top}`,
      ),
      topPages: all<Count>(
        `SELECT url AS label, count(*) AS count FROM events WHERE project = @project AND created_at >= @since AND type = 'page_view'
         GROUP BY url ORDER BY count DESC, url LIMIT ${top}`,
      ),
      topQueries: all<Count>(`SELECT query AS label, count(*) AS count FROM (${searchQueries}) GROUP BY query ORDER BY count DESC, query LIMIT ${top}`),
      unansweredQuestions: all<Count>(
        `SELECT question AS label, count(*) AS count ${messages} AND answered = 0
         GROUP BY lower(question) ORDER BY count DESC, question LIMIT ${top * 2}`,
      ),
      modelAnswers,
      comments: all<{ url: string | null; rating: 'up' | 'down'; comment: string }>(
        `SELECT url, rating, comment FROM feedback
         WHERE project = @project AND created_at >= @since AND comment IS NOT NULL ORDER BY created_at DESC LIMIT ${top}`,
      ),
    };
  }

  private bumpContent(project: string): void {
    this.db.prepare('UPDATE projects SET content_version = content_version + 1 WHERE id = ?').run(project);
  }

  async listSources(project: string, limit: number, after?: { createdAt: string; id: string }): Promise<Source[]> {
    const rows = after
      ? this.db.prepare('SELECT * FROM sources WHERE project = ? AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT ?').all(project, after.createdAt, after.id, limit)
      : this.db.prepare('SELECT * FROM sources WHERE project = ? ORDER BY created_at, id LIMIT ?').all(project, limit);
    return (rows as SourceRow[]).map(sourceOf);
  }

  async getSource(project: string, id: string): Promise<Source | null> {
    const row = this.db.prepare('SELECT * FROM sources WHERE project = ? AND id = ?').get(project, id) as SourceRow | undefined;
    return row ? sourceOf(row) : null;
  }

  private insertSource(project: string, input: SourceInput, declared: boolean, extras: SourceExtras): string {
    const id = `src_${randomId(10)}`;
    const files = extras.files ?? [];
    this.db
      .prepare('INSERT INTO sources (id, project, type, config, declared, sync_interval_ms, credentials) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(id, project, input.type, JSON.stringify(configOf(input, files)), declared ? 1 : 0, parseDuration(input.sync_interval), extras.credentials ?? null);
    this.writeFiles(id, files);
    this.bumpContent(project);
    return id;
  }

  private writeFiles(sourceId: string, files: readonly StoredFile[]): void {
    this.db.prepare('DELETE FROM source_files WHERE source_id = ?').run(sourceId);
    const insert = this.db.prepare('INSERT INTO source_files (source_id, position, name, content_type, data) VALUES (?, ?, ?, ?, ?)');
    files.forEach((file, position) => insert.run(sourceId, position, file.name, file.contentType, file.bytes));
  }

  async addSource(project: string, input: SourceInput, declared: boolean, extras: SourceExtras = {}): Promise<Source> {
    const id = this.db.transaction(() => {
      const config = configOf(input, extras.files);
      if (!isUpload(input.type, config)) {
        const same = this.db.prepare('SELECT id FROM sources WHERE project = ? AND type = ? AND config = ?').get(project, input.type, JSON.stringify(config)) as { id: string } | undefined;
        if (same) throw new ConflictError(`the project ${project} has this source already: ${same.id}`);
      }
      return this.insertSource(project, input, declared, extras);
    }).immediate();
    return (await this.getSource(project, id)) as Source;
  }

  async sourceCredentials(sourceId: string): Promise<string | null> {
    return (this.db.prepare('SELECT credentials FROM sources WHERE id = ?').get(sourceId) as { credentials: string | null } | undefined)?.credentials ?? null;
  }

  async sourceFiles(sourceId: string): Promise<StoredFile[]> {
    const rows = this.db.prepare('SELECT name, content_type, data FROM source_files WHERE source_id = ? ORDER BY position').all(sourceId) as FileRow[];
    return rows.map(fileOf);
  }

  async sourceFile(project: string, sourceId: string, name: string): Promise<StoredFile | null> {
    const row = this.db
      .prepare('SELECT source_files.name, content_type, data FROM source_files JOIN sources ON sources.id = source_files.source_id WHERE sources.project = ? AND source_id = ? AND source_files.name = ?')
      .get(project, sourceId, name) as FileRow | undefined;
    return row ? fileOf(row) : null;
  }

  async deleteSource(project: string, id: string): Promise<boolean> {
    return this.db.transaction(() => {
      const deleted = this.db.prepare('DELETE FROM sources WHERE project = ? AND id = ?').run(project, id).changes > 0;
      if (deleted) this.bumpContent(project);
      return deleted;
    }).immediate();
  }

  async replaceDeclaredSources(project: string, sources: readonly DeclaredSource[]): Promise<void> {
    this.db.transaction(() => this.replaceDeclared(project, sources)).immediate();
  }

  private replaceDeclared(project: string, declared: readonly DeclaredSource[]): void {
    const existing = (this.db.prepare('SELECT * FROM sources WHERE project = ? AND declared = 1').all(project) as SourceRow[]).map(sourceOf);
    const wanted = new Map(declared.map((source) => [declaredIdentity(source.input.type, configOf(source.input, source.extras.files)), source] as const));
    for (const source of existing) {
      const identity = declaredIdentity(source.type, source.config);
      const match = wanted.get(identity);
      if (!match) {
        this.db.prepare('DELETE FROM sources WHERE id = ?').run(source.id);
        this.bumpContent(project);
        continue;
      }
      wanted.delete(identity);
      // The same source: it keeps its documents, and takes the file's sync interval and credentials.
      this.db.prepare('UPDATE sources SET sync_interval_ms = ?, credentials = ? WHERE id = ?').run(parseDuration(match.input.sync_interval), match.extras.credentials ?? null, source.id);
      const files = match.extras.files ?? [];
      if (isUpload(source.type, source.config) && !sameFiles(this.sourceFilesNow(source.id), files)) {
        this.writeFiles(source.id, files);
        this.db.prepare("UPDATE sources SET config = ?, status = 'pending' WHERE id = ?").run(JSON.stringify(configOf(match.input, files)), source.id);
      }
    }
    for (const source of wanted.values()) this.insertSource(project, source.input, true, source.extras);
  }

  private sourceFilesNow(sourceId: string): StoredFile[] {
    return (this.db.prepare('SELECT name, content_type, data FROM source_files WHERE source_id = ? ORDER BY position').all(sourceId) as FileRow[]).map(fileOf);
  }

  async setSourceStatus(id: string, status: SourceStatus, error: string | null): Promise<void> {
    this.db.prepare('UPDATE sources SET status = ?, error = ? WHERE id = ?').run(status, error, id);
  }

  async storedDocuments(sourceId: string): Promise<StoredDocument[]> {
    return (this.db.prepare('SELECT url, content_hash FROM documents WHERE source_id = ?').all(sourceId) as { url: string; content_hash: string }[]).map((row) => ({
      url: row.url,
      contentHash: row.content_hash,
    }));
  }

  async applySync(
    sourceId: string,
    result: { upserts: readonly DocumentUpsert[]; removed: readonly string[]; status: 'syncing' | 'ready' | 'failed'; error: string | null; report: SourceReport; at: string },
  ): Promise<void> {
    const upsert = this.db.prepare(
      `INSERT INTO documents (source_id, url, title, content_hash, sections, page, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (source_id, url) DO UPDATE SET title = excluded.title, content_hash = excluded.content_hash, sections = excluded.sections, page = excluded.page, fetched_at = excluded.fetched_at`,
    );
    const exists = this.db.prepare('SELECT project FROM sources WHERE id = ?');
    // New and changed documents go in batches, one transaction each, with a pause between two in which the
    // server answers requests; the project's content version changes once, with the last transaction, so its
    // index is rebuilt once, from every batch.
    for (let start = 0; start < result.upserts.length; start += APPLY_BATCH) {
      const written = this.db
        .transaction(() => {
          // Deleted while it synced: nothing more to write.
          if (!exists.get(sourceId)) return false;
          for (const document of result.upserts.slice(start, start + APPLY_BATCH)) {
            upsert.run(sourceId, document.url, document.title, document.contentHash, JSON.stringify(document.sections), document.page, result.at);
          }
          return true;
        })
        .immediate();
      if (!written) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.db.transaction(() => {
      const row = exists.get(sourceId) as { project: string } | undefined;
      if (!row) return;
      const remove = this.db.prepare('DELETE FROM documents WHERE source_id = ? AND url = ?');
      for (const url of result.removed) remove.run(sourceId, url);
      const count = (this.db.prepare('SELECT count(*) AS count FROM documents WHERE source_id = ?').get(sourceId) as { count: number }).count;
      this.db
        .prepare('UPDATE sources SET status = ?, error = ?, document_count = ?, report = ?, last_synced_at = ? WHERE id = ?')
        .run(result.status, result.error, count, JSON.stringify(result.report), result.at, sourceId);
      if (result.upserts.length || result.removed.length) this.bumpContent(row.project);
    }).immediate();
  }

  async documentPage(project: string, url: string): Promise<{ title: string; page: Buffer } | null> {
    const row = this.db
      .prepare('SELECT documents.title, documents.page FROM documents JOIN sources ON sources.id = documents.source_id WHERE sources.project = ? AND documents.url = ? AND documents.page IS NOT NULL ORDER BY sources.created_at LIMIT 1')
      .get(project, url) as { title: string; page: Buffer } | undefined;
    return row ?? null;
  }

  async sourceSections(project: string): Promise<Section[]> {
    const rows = this.db
      .prepare('SELECT documents.sections FROM documents JOIN sources ON sources.id = documents.source_id WHERE sources.project = ? ORDER BY sources.created_at, documents.url')
      .pluck()
      .all(project) as string[];
    return rows.flatMap((json) => JSON.parse(json) as Section[]);
  }

  async contentVersions(): Promise<Map<string, number>> {
    const rows = this.db.prepare('SELECT id, content_version FROM projects').all() as { id: string; content_version: number }[];
    return new Map(rows.map((row) => [row.id, row.content_version]));
  }

  async startSync(project: string, at: string): Promise<SyncRecord | null> {
    const id = `sync_${randomId(10)}`;
    return this.db.transaction(() => {
      if (this.db.prepare("SELECT 1 FROM syncs WHERE project = ? AND status = 'running'").get(project)) return null;
      this.db.prepare("INSERT INTO syncs (id, project, status, started_at) VALUES (?, ?, 'running', ?)").run(id, project, at);
      this.db.prepare('UPDATE projects SET sync_requested_at = NULL WHERE id = ?').run(project);
      return { id, project, status: 'running' as const, startedAt: at, finishedAt: null };
    }).immediate();
  }

  async finishSync(id: string, status: 'succeeded' | 'failed', at: string): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare('UPDATE syncs SET status = ?, finished_at = ? WHERE id = ?').run(status, at, id);
      this.db.prepare('UPDATE projects SET last_synced_at = ? WHERE id = (SELECT project FROM syncs WHERE id = ?)').run(at, id);
    }).immediate();
  }

  async failAbandonedSyncs(at: string, staleBefore: string): Promise<number> {
    return this.db.transaction(() => {
      const stale = this.db.prepare("SELECT id, project FROM syncs WHERE status = 'running' AND coalesce(renewed_at, started_at) < ?").all(staleBefore) as { id: string; project: string }[];
      for (const sync of stale) {
        this.db.prepare("UPDATE sources SET status = 'failed', error = ? WHERE project = ? AND status = 'syncing'").run(ABANDONED, sync.project);
        this.db.prepare("UPDATE syncs SET status = 'failed', finished_at = ? WHERE id = ?").run(at, sync.id);
        // Asked for again: the next poll of any server starts it over.
        this.db.prepare('UPDATE projects SET sync_requested_at = ? WHERE id = ?').run(at, sync.project);
      }
      return stale.length;
    }).immediate();
  }

  async renewSync(id: string, at: string): Promise<void> {
    this.db.prepare("UPDATE syncs SET renewed_at = ? WHERE id = ? AND status = 'running'").run(at, id);
  }

  async visitorSecret(): Promise<Buffer> {
    this.db.prepare("INSERT INTO server_secrets (name, value) VALUES ('visitors', ?) ON CONFLICT (name) DO NOTHING").run(randomBytes(32));
    return (this.db.prepare("SELECT value FROM server_secrets WHERE name = 'visitors'").get() as { value: Buffer }).value;
  }

  async countVisit(key: string, windowStart: string, cost: number, limit: number): Promise<number | null> {
    const row = this.db
      .prepare('INSERT INTO visits (key, window_start, count) SELECT ?, ?, ? WHERE ? <= ? ON CONFLICT (key, window_start) DO UPDATE SET count = count + excluded.count WHERE count + excluded.count <= ? RETURNING count')
      .get(key, windowStart, cost, cost, limit, limit) as { count: number } | undefined;
    return row ? row.count : null;
  }

  async visitCount(key: string, windowStart: string): Promise<number> {
    return (this.db.prepare('SELECT count FROM visits WHERE key = ? AND window_start = ?').get(key, windowStart) as { count: number } | undefined)?.count ?? 0;
  }

  async purgeVisits(before: string): Promise<void> {
    this.db.prepare('DELETE FROM visits WHERE window_start < ?').run(before);
  }

  async requestSync(project: string, at: string): Promise<void> {
    this.db.prepare('UPDATE projects SET sync_requested_at = ? WHERE id = ?').run(at, project);
  }

  async syncsDue(now: string): Promise<DueSync[]> {
    const projects = this.db.prepare('SELECT id, settings, sync_requested_at FROM projects').all() as { id: string; settings: string; sync_requested_at: string | null }[];
    const sources = this.db.prepare('SELECT id, project, status, sync_interval_ms, last_synced_at FROM sources ORDER BY created_at, id').all() as {
      id: string;
      project: string;
      status: SourceStatus;
      sync_interval_ms: number | null;
      last_synced_at: string | null;
    }[];
    return dueSyncs({ projects, sources }, now);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
