/**
 * Sources, their uploaded files and their documents on PostgreSQL. A write that reads before it writes (the
 * duplicate check of addSource, replacing the declared sources) first locks the project's row, which serializes
 * it with every other source write of that project as SQLite's one writer lock would. Every transaction that
 * locks both takes the project's row before a source's, so two of them never wait on each other in a circle.
 */
import { CONTENT_CHANNEL } from './notify.js';
import type { Section } from '@docent/engine';
import { parseDuration } from '../../config/duration.js';
import { configOf, isUpload, type DocumentUpsert, type Source, type SourceExtras, type SourceInput, type SourceReport, type SourceStatus, type StoredDocument, type StoredFile } from '../../sources/types.js';
import { ConflictError, type DeclaredSource } from '../types.js';
import { changed, first, rows, type Db, type Sql } from './db.js';
import { declaredIdentity, fileOf, randomId, sameFiles, sourceOf, type FileRow, type SourceRow } from './rows.js';

/** Documents written per transaction by applySync. */
const APPLY_BATCH = 100;

async function lockProject(sql: Sql, project: string): Promise<void> {
  await sql.query('SELECT 1 FROM projects WHERE id = $1 FOR UPDATE', [project]);
}

async function bumpContent(sql: Sql, project: string): Promise<void> {
  await sql.query('UPDATE projects SET content_version = content_version + 1 WHERE id = $1', [project]);
  // Every server rebuilds the project's index as soon as this commits (see notify.ts), not at its next poll.
  await sql.query(`SELECT pg_notify('${CONTENT_CHANNEL}', $1)`, [project]);
}

export async function listSources(sql: Sql, project: string, limit: number, after?: { createdAt: string; id: string }): Promise<Source[]> {
  const found = after
    ? await rows<SourceRow>(sql, 'SELECT * FROM sources WHERE project = $1 AND (created_at, id) > ($2, $3) ORDER BY created_at, id LIMIT $4', [project, after.createdAt, after.id, limit])
    : await rows<SourceRow>(sql, 'SELECT * FROM sources WHERE project = $1 ORDER BY created_at, id LIMIT $2', [project, limit]);
  return found.map(sourceOf);
}

export async function getSource(sql: Sql, project: string, id: string): Promise<Source | null> {
  const row = await first<SourceRow>(sql, 'SELECT * FROM sources WHERE project = $1 AND id = $2', [project, id]);
  return row ? sourceOf(row) : null;
}

async function writeFiles(sql: Sql, sourceId: string, files: readonly StoredFile[]): Promise<void> {
  await sql.query('DELETE FROM source_files WHERE source_id = $1', [sourceId]);
  for (const [position, file] of files.entries()) {
    await sql.query('INSERT INTO source_files (source_id, position, name, content_type, data) VALUES ($1, $2, $3, $4, $5)', [sourceId, position, file.name, file.contentType, file.bytes]);
  }
}

async function insertSource(sql: Sql, project: string, input: SourceInput, declared: boolean, extras: SourceExtras): Promise<string> {
  const id = `src_${randomId(10)}`;
  const files = extras.files ?? [];
  await sql.query('INSERT INTO sources (id, project, type, config, declared, sync_interval_ms, credentials) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    id,
    project,
    input.type,
    JSON.stringify(configOf(input, files)),
    declared,
    parseDuration(input.sync_interval),
    extras.credentials ?? null,
  ]);
  await writeFiles(sql, id, files);
  await bumpContent(sql, project);
  return id;
}

export async function addSource(db: Db, project: string, input: SourceInput, declared: boolean, extras: SourceExtras = {}): Promise<Source> {
  return db.transaction(async (sql) => {
    await lockProject(sql, project);
    const config = configOf(input, extras.files);
    if (!isUpload(input.type, config)) {
      const same = await first<{ id: string }>(sql, 'SELECT id FROM sources WHERE project = $1 AND type = $2 AND config = $3', [project, input.type, JSON.stringify(config)]);
      if (same) throw new ConflictError(`the project ${project} has this source already: ${same.id}`);
    }
    const id = await insertSource(sql, project, input, declared, extras);
    return (await getSource(sql, project, id)) as Source;
  });
}

export async function sourceCredentials(sql: Sql, sourceId: string): Promise<string | null> {
  return (await first<{ credentials: string | null }>(sql, 'SELECT credentials FROM sources WHERE id = $1', [sourceId]))?.credentials ?? null;
}

export async function sourceFiles(sql: Sql, sourceId: string): Promise<StoredFile[]> {
  return (await rows<FileRow>(sql, 'SELECT name, content_type, data FROM source_files WHERE source_id = $1 ORDER BY position', [sourceId])).map(fileOf);
}

export async function sourceFile(sql: Sql, project: string, sourceId: string, name: string): Promise<StoredFile | null> {
  const row = await first<FileRow>(
    sql,
    'SELECT source_files.name, content_type, data FROM source_files JOIN sources ON sources.id = source_files.source_id WHERE sources.project = $1 AND source_id = $2 AND source_files.name = $3',
    [project, sourceId, name],
  );
  return row ? fileOf(row) : null;
}

export async function deleteSource(db: Db, project: string, id: string): Promise<boolean> {
  return db.transaction(async (sql) => {
    await lockProject(sql, project);
    const deleted = (await changed(sql, 'DELETE FROM sources WHERE project = $1 AND id = $2', [project, id])) > 0;
    if (deleted) await bumpContent(sql, project);
    return deleted;
  });
}

/** Replaces the declared sources of a project, inside the caller's transaction (see Store.replaceDeclaredSources). */
export async function replaceDeclared(sql: Sql, project: string, declared: readonly DeclaredSource[]): Promise<void> {
  await lockProject(sql, project);
  const existing = (await rows<SourceRow>(sql, 'SELECT * FROM sources WHERE project = $1 AND declared', [project])).map(sourceOf);
  const wanted = new Map(declared.map((source) => [declaredIdentity(source.input.type, configOf(source.input, source.extras.files)), source] as const));
  for (const source of existing) {
    const identity = declaredIdentity(source.type, source.config);
    const match = wanted.get(identity);
    if (!match) {
      await sql.query('DELETE FROM sources WHERE id = $1', [source.id]);
      await bumpContent(sql, project);
      continue;
    }
    wanted.delete(identity);
    // The same source: it keeps its documents, and takes the file's sync interval and credentials.
    await sql.query('UPDATE sources SET sync_interval_ms = $1, credentials = $2 WHERE id = $3', [parseDuration(match.input.sync_interval), match.extras.credentials ?? null, source.id]);
    const files = match.extras.files ?? [];
    if (isUpload(source.type, source.config) && !sameFiles(await sourceFiles(sql, source.id), files)) {
      await writeFiles(sql, source.id, files);
      await sql.query("UPDATE sources SET config = $1, status = 'pending' WHERE id = $2", [JSON.stringify(configOf(match.input, files)), source.id]);
    }
  }
  for (const source of wanted.values()) await insertSource(sql, project, source.input, true, source.extras);
}

export async function setSourceStatus(sql: Sql, id: string, status: SourceStatus, error: string | null): Promise<void> {
  await sql.query('UPDATE sources SET status = $1, error = $2 WHERE id = $3', [status, error, id]);
}

export async function storedDocuments(sql: Sql, sourceId: string): Promise<StoredDocument[]> {
  const found = await rows<{ url: string; content_hash: string }>(sql, 'SELECT url, content_hash FROM documents WHERE source_id = $1', [sourceId]);
  return found.map((row) => ({ url: row.url, contentHash: row.content_hash }));
}

export interface SyncResult {
  upserts: readonly DocumentUpsert[];
  removed: readonly string[];
  status: 'syncing' | 'ready' | 'failed';
  error: string | null;
  report: SourceReport;
  at: string;
}

/** Writes one batch of documents as one statement; false when the source is gone. */
async function writeBatch(db: Db, sourceId: string, batch: readonly DocumentUpsert[], at: string): Promise<boolean> {
  return db.transaction(async (sql) => {
    // FOR SHARE: a deleteSource waits for this batch, so no document lands after its source is gone.
    if (!(await first(sql, 'SELECT 1 FROM sources WHERE id = $1 FOR SHARE', [sourceId]))) return false;
    await sql.query(
      `INSERT INTO documents (source_id, url, title, content_hash, sections, page, fetched_at)
       SELECT $1, batch.url, batch.title, batch.content_hash, batch.sections, batch.page, $7
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bytea[]) AS batch (url, title, content_hash, sections, page)
       ON CONFLICT (source_id, url) DO UPDATE SET title = excluded.title, content_hash = excluded.content_hash, sections = excluded.sections, page = excluded.page, fetched_at = excluded.fetched_at`,
      [
        sourceId,
        batch.map((document) => document.url),
        batch.map((document) => document.title),
        batch.map((document) => document.contentHash),
        batch.map((document) => JSON.stringify(document.sections)),
        batch.map((document) => document.page ?? null),
        at,
      ],
    );
    return true;
  });
}

export async function applySync(db: Db, sourceId: string, result: SyncResult): Promise<void> {
  // One statement may not update a row twice: a URL listed twice keeps its last version, as SQLite's row-by-row
  // upserts leave it.
  const upserts = [...new Map(result.upserts.map((document) => [document.url, document] as const)).values()];
  // New and changed documents go in batches, one transaction each, so readers' requests get connections between
  // two; the project's content version changes once, with the last transaction, so its index is rebuilt once.
  for (let start = 0; start < upserts.length; start += APPLY_BATCH) {
    if (!(await writeBatch(db, sourceId, upserts.slice(start, start + APPLY_BATCH), result.at))) return;
  }
  await db.transaction(async (sql) => {
    const owner = await first<{ project: string }>(sql, 'SELECT project FROM sources WHERE id = $1', [sourceId]);
    if (!owner) return;
    await lockProject(sql, owner.project);
    // Checked again under the lock: replaceDeclaredSources may have removed it meanwhile.
    const row = await first<{ project: string }>(sql, 'SELECT project FROM sources WHERE id = $1 FOR UPDATE', [sourceId]);
    if (!row) return;
    if (result.removed.length) await sql.query('DELETE FROM documents WHERE source_id = $1 AND url = ANY($2::text[])', [sourceId, result.removed]);
    await sql.query(
      `UPDATE sources SET status = $1, error = $2, report = $3, last_synced_at = $4,
         document_count = (SELECT count(*) FROM documents WHERE source_id = $5)
       WHERE id = $5`,
      [result.status, result.error, JSON.stringify(result.report), result.at, sourceId],
    );
    if (result.upserts.length || result.removed.length) await bumpContent(sql, row.project);
  });
}

export async function documentPage(sql: Sql, project: string, url: string): Promise<{ title: string; page: Buffer } | null> {
  return first<{ title: string; page: Buffer }>(
    sql,
    `SELECT documents.title, documents.page FROM documents JOIN sources ON sources.id = documents.source_id
     WHERE sources.project = $1 AND documents.url = $2 AND documents.page IS NOT NULL ORDER BY sources.created_at LIMIT 1`,
    [project, url],
  );
}

export async function sourceSections(sql: Sql, project: string): Promise<Section[]> {
  const found = await rows<{ sections: string }>(
    sql,
    'SELECT documents.sections FROM documents JOIN sources ON sources.id = documents.source_id WHERE sources.project = $1 ORDER BY sources.created_at, documents.url',
    [project],
  );
  return found.flatMap((row) => JSON.parse(row.sections) as Section[]);
}

export async function contentVersions(sql: Sql): Promise<Map<string, number>> {
  const found = await rows<{ id: string; content_version: number }>(sql, 'SELECT id, content_version FROM projects');
  return new Map(found.map((row) => [row.id, row.content_version]));
}
