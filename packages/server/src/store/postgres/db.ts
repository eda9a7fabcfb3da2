/**
 * The pool as the store's statements use it: a query on any free connection, or several in one transaction on
 * one connection. A connection that cannot be made is a StoreError naming the server; a statement's own error
 * (a unique violation, a foreign key) comes through as node-postgres raised it, as the SQLite store's do.
 */
import pg from 'pg';
import { StoreError } from '../types.js';
import { connectionFailure, isPassing, type Target } from './connection.js';

/** What runs a statement: the pool, or the connection of a transaction. */
export interface Sql {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** The rows of a statement. */
export async function rows<R extends pg.QueryResultRow>(sql: Sql, text: string, values: unknown[] = []): Promise<R[]> {
  return (await sql.query<R>(text, values)).rows;
}

/** The first row of a statement, or null. */
export async function first<R extends pg.QueryResultRow>(sql: Sql, text: string, values: unknown[] = []): Promise<R | null> {
  return (await sql.query<R>(text, values)).rows[0] ?? null;
}

/** How many rows a statement changed. */
export async function changed(sql: Sql, text: string, values: unknown[] = []): Promise<number> {
  return (await sql.query(text, values)).rowCount ?? 0;
}

/**
 * First keys of the two-key advisory locks Docent takes, one per kind of work, so its locks never meet each other
 * (the second is the hash of the project id, or of "" for work on every project). Held to the end of the transaction.
 */
export const LOCK_SPACE = {
  /** reserveMessage: counting and taking a reservation of one project. */
  reservations: 0x646f6301,
  /** applyProjects: replacing every project and plan at once. */
  applyProjects: 0x646f6302,
} as const;

/** Takes a transaction-scoped advisory lock, waiting for whoever holds it. */
export async function lock(sql: Sql, space: number, key: string): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock($1::integer, hashtext($2))', [space, key]);
}

export class Db implements Sql {
  constructor(
    readonly pool: pg.Pool,
    readonly target: Target,
    private readonly timeoutMs: number,
  ) {}

  /** A statement that failed because the database went away mid-way: a StoreUnavailableError, as a failed connect. */
  private passing(error: unknown): unknown {
    return isPassing(error) && !(error instanceof StoreError) ? connectionFailure(error, this.target, this.timeoutMs) : error;
  }

  /** A connection of the pool; a StoreError naming the server when none can be made. */
  async connect(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw connectionFailure(error, this.target, this.timeoutMs);
    }
  }

  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    const client = await this.connect();
    let broken: Error | undefined;
    try {
      return await client.query<R>(text, values);
    } catch (error) {
      // The server's answer to a statement leaves the connection usable; anything else (a closed socket) may not.
      if (!(error instanceof pg.DatabaseError)) broken = error instanceof Error ? error : new Error(String(error));
      throw this.passing(error);
    } finally {
      client.release(broken);
    }
  }

  /** Runs `work` in one transaction on one connection: committed when it returns, rolled back when it throws. */
  async transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const client = await this.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is broken: the pool closes it instead of handing it out again.
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw this.passing(error);
    } finally {
      client.release(broken);
    }
  }
}
