/**
 * Which store a command uses: PostgreSQL when `DATABASE_URL` is set (several servers can share it), else the
 * SQLite file given with `--db` (default `.docent/docent.db`). `docent serve` and every administration command
 * open it the same way, so they always act on the same data.
 */
import { existsSync } from 'node:fs';
import { openPostgresStore } from './postgres/index.js';
import { openSqliteStore } from './sqlite/index.js';
import type { Store } from './types.js';

/** A store that cannot be opened for a reason the user fixes (no database file yet). */
export class StoreMissing extends Error {
  override name = 'StoreMissing';
}

export interface StoreChoice {
  /** The SQLite file, used when `DATABASE_URL` is not set. */
  db: string;
  env: NodeJS.ProcessEnv;
  /** Create the SQLite file when it does not exist (serve, project create); read-only commands refuse a new one. */
  create: boolean;
}

/** `DATABASE_URL` when set and not empty. */
export function databaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.DATABASE_URL?.trim();
  return url ? url : undefined;
}

export async function openStoreOf({ db, env, create }: StoreChoice): Promise<Store> {
  const url = databaseUrl(env);
  if (url) return openPostgresStore(url);
  if (!create && db !== ':memory:' && !existsSync(db)) {
    throw new StoreMissing(`there is no database at ${db}; run the command where docent serve runs, pass the file with --db, or set DATABASE_URL`);
  }
  return openSqliteStore(db);
}
