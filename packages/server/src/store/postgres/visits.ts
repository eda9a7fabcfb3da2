/**
 * Per-visitor request counts in the shared database, so that servers behind one load balancer count a visitor
 * once: one statement per request, which counts and checks the limit at once, and the secret the visitors' keys
 * are made with, the same for every server.
 */
import { randomBytes } from 'node:crypto';
import { first, type Sql } from './db.js';

export async function visitorSecret(sql: Sql): Promise<Buffer> {
  await sql.query("INSERT INTO server_secrets (name, value) VALUES ('visitors', $1) ON CONFLICT (name) DO NOTHING", [randomBytes(32)]);
  const row = await first<{ value: Buffer }>(sql, "SELECT value FROM server_secrets WHERE name = 'visitors'");
  if (!row) throw new Error('the visitors secret was not stored');
  return row.value;
}

export async function countVisit(sql: Sql, key: string, windowStart: string, cost: number, limit: number): Promise<number | null> {
  const row = await first<{ count: number }>(
    sql,
    `INSERT INTO visits AS visit (key, window_start, count) SELECT $1, $2, $3::bigint WHERE $3::bigint <= $4::bigint
     ON CONFLICT (key, window_start) DO UPDATE SET count = visit.count + excluded.count WHERE visit.count + excluded.count <= $4::bigint
     RETURNING count`,
    [key, windowStart, cost, limit],
  );
  return row ? row.count : null;
}

export async function visitCount(sql: Sql, key: string, windowStart: string): Promise<number> {
  return (await first<{ count: number }>(sql, 'SELECT count FROM visits WHERE key = $1 AND window_start = $2', [key, windowStart]))?.count ?? 0;
}

export async function purgeVisits(sql: Sql, before: string): Promise<void> {
  await sql.query('DELETE FROM visits WHERE window_start < $1', [before]);
}
