/**
 * Brings a PostgreSQL database to the schema this release knows. Several servers may start together on one
 * database: each takes the same session-level advisory lock before it reads the version, so one migrates while the
 * others wait, then finds the work done. Each migration and its schema_version row commit together.
 */
import type pg from 'pg';
import { DOCENT_VERSION } from '../../version.js';
import { StoreError } from '../types.js';
import { redact, type Target } from './connection.js';
import type { Db } from './db.js';
import { POSTGRES_MIGRATIONS } from './migrations.js';

/** The advisory lock key of migrations: "docent" in ASCII, the same for every release. */
const MIGRATION_LOCK = '110429571739252';

async function schemaVersion(client: pg.PoolClient): Promise<{ version: number; writtenBy: string | null }> {
  const table = await client.query<{ found: boolean }>("SELECT to_regclass('schema_version') IS NOT NULL AS found");
  if (!table.rows[0]?.found) return { version: 0, writtenBy: null };
  const newest = await client.query<{ version: number; docent_version: string }>('SELECT version, docent_version FROM schema_version ORDER BY version DESC LIMIT 1');
  const row = newest.rows[0];
  return { version: row?.version ?? 0, writtenBy: row?.docent_version ?? null };
}

/** What went wrong applying a migration, with the fix when the cause is a common one. */
function migrationFailure(error: unknown, version: number, target: Target): StoreError {
  const { code, message = String(error) } = error as { code?: string; message?: string };
  const fix =
    code === '42501'
      ? `; the user ${target.user} needs to own the database, or the CREATE privilege on its schema (GRANT CREATE ON SCHEMA public TO "${target.user}")`
      : code === '25006'
        ? '; the server is read-only (a standby?): point the URL at the primary'
        : '';
  return new StoreError(`cannot bring the database ${target.location} to schema version ${version}: ${redact(message, target)}${fix}`);
}

async function applyPending(client: pg.PoolClient, target: Target): Promise<void> {
  const known = POSTGRES_MIGRATIONS.length;
  const { version, writtenBy } = await schemaVersion(client);
  if (version > known) {
    throw new StoreError(
      `the database ${target.location} has schema version ${version}${writtenBy ? `, written by @docent/server ${writtenBy}` : ''}; this @docent/server ${DOCENT_VERSION} knows versions up to ${known}. Upgrade @docent/server, or use another database.`,
    );
  }
  for (let next = version; next < known; next++) {
    try {
      await client.query('BEGIN');
      await client.query(POSTGRES_MIGRATIONS[next] ?? '');
      await client.query('INSERT INTO schema_version (version, docent_version) VALUES ($1, $2)', [next + 1, DOCENT_VERSION]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw migrationFailure(error, next + 1, target);
    }
  }
}

export async function migrate(db: Db): Promise<void> {
  const client = await db.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK]);
    try {
      await applyPending(client, db.target);
    } finally {
      // Closing the connection would free the lock too: a failed unlock only means the connection is gone.
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK]).catch((error: unknown) => {
        broken = error instanceof Error ? error : new Error(String(error));
      });
    }
  } finally {
    client.release(broken);
  }
}
