/**
 * Syncs on PostgreSQL: one running sync per project, which the partial unique index `one_running_sync` enforces
 * across every server on the database; requests for a sync; and which syncs are due.
 */
import type { SourceStatus, SyncRecord } from '../../sources/types.js';
import type { DueSync } from '../types.js';
import { first, rows, type Db, type Sql } from './db.js';
import { dueSyncs, randomId } from './rows.js';

export async function startSync(db: Db, project: string, at: string): Promise<SyncRecord | null> {
  const id = `sync_${randomId(10)}`;
  return db.transaction(async (sql) => {
    // The index decides: a second start, here or on another server, waits for the first to commit, then inserts
    // nothing. No row back means another sync runs.
    const started = await first(
      sql,
      "INSERT INTO syncs (id, project, status, started_at) VALUES ($1, $2, 'running', $3) ON CONFLICT (project) WHERE status = 'running' DO NOTHING RETURNING id",
      [id, project, at],
    );
    if (!started) return null;
    await sql.query('UPDATE projects SET sync_requested_at = NULL WHERE id = $1', [project]);
    return { id, project, status: 'running' as const, startedAt: at, finishedAt: null };
  });
}

export async function finishSync(db: Db, id: string, status: 'succeeded' | 'failed', at: string): Promise<void> {
  await db.transaction(async (sql) => {
    await sql.query('UPDATE syncs SET status = $1, finished_at = $2 WHERE id = $3', [status, at, id]);
    await sql.query('UPDATE projects SET last_synced_at = $1 WHERE id = (SELECT project FROM syncs WHERE id = $2)', [at, id]);
  });
}

export async function failAbandonedSyncs(db: Db, at: string, staleBefore: string): Promise<number> {
  return db.transaction(async (sql) => {
    const stale = await rows<{ id: string; project: string }>(
      sql,
      "UPDATE syncs SET status = 'failed', finished_at = $1 WHERE status = 'running' AND coalesce(renewed_at, started_at) < $2 RETURNING id, project",
      [at, staleBefore],
    );
    const projects = [...new Set(stale.map((sync) => sync.project))];
    if (projects.length) {
      await sql.query("UPDATE sources SET status = 'failed', error = 'the server stopped during the sync; the sync starts again by itself' WHERE status = 'syncing' AND project = ANY($1)", [projects]);
      // Asked for again: the next poll of any server starts it over.
      await sql.query('UPDATE projects SET sync_requested_at = $1 WHERE id = ANY($2)', [at, projects]);
    }
    return stale.length;
  });
}

export async function renewSync(sql: Sql, id: string, at: string): Promise<void> {
  await sql.query("UPDATE syncs SET renewed_at = $1 WHERE id = $2 AND status = 'running'", [at, id]);
}

export async function requestSync(sql: Sql, project: string, at: string): Promise<void> {
  await sql.query('UPDATE projects SET sync_requested_at = $1 WHERE id = $2', [at, project]);
}

export async function syncsDue(sql: Sql, now: string): Promise<DueSync[]> {
  // Oldest project first: the order in which SQLite's scan of the table returns them.
  const projects = await rows<{ id: string; settings: string; sync_requested_at: string | null }>(sql, 'SELECT id, settings, sync_requested_at FROM projects ORDER BY created_at, id');
  const sources = await rows<{ id: string; project: string; status: SourceStatus; sync_interval_ms: number | null; last_synced_at: string | null }>(
    sql,
    'SELECT id, project, status, sync_interval_ms, last_synced_at FROM sources ORDER BY created_at, id',
  );
  return dueSyncs({ projects, sources }, now);
}
