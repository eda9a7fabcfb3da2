/**
 * PostgreSQL stores for the contract suite: one real server (see postgres.ts) and one database for a whole
 * describe, and a new schema per store (chosen through the URL's `options=-c search_path=…`), so every test
 * starts from an empty, freshly migrated store at the cost of a CREATE SCHEMA rather than a CREATE DATABASE.
 * The database sorts text as English does (ICU `en-US`, as many production databases do) where the server has
 * ICU, so the suite sees the store keep SQLite's byte order whatever the database's locale.
 */
import pg from 'pg';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres/index.js';
import type { StoreHarness } from './storeContract/index.js';
import { startPostgres, type TestPostgres } from './postgres.js';

export interface PostgresStores extends StoreHarness<PostgresStore> {
  /** Starts the server and creates the database; call in `before`. */
  start(): Promise<void>;
  /** Stops and removes the server; call in `after`. */
  stop(): Promise<void>;
}

export function postgresStores(): PostgresStores {
  let server: TestPostgres | undefined;
  let admin: pg.Pool | undefined;
  let url = '';
  let schemas = 0;
  return {
    async start() {
      server = await startPostgres();
      const setup = new pg.Client({ connectionString: server.url() });
      await setup.connect();
      try {
        await setup.query("CREATE DATABASE contract TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'").catch(() => setup.query('CREATE DATABASE contract'));
      } finally {
        await setup.end();
      }
      url = server.url('contract');
      admin = new pg.Pool({ connectionString: url, max: 2 });
      // pool.end() lets go of a connection before its socket has closed; when stop() then shuts the server down,
      // the server's "terminating connection" error reaches that connection with no pool listening, and without a
      // listener of its own it would end the test process.
      admin.on('connect', (client) => client.on('error', () => undefined));
    },
    async stop() {
      await admin?.end();
      await server?.close();
    },
    async open() {
      if (!admin) throw new Error('postgresStores: call start() in before()');
      const schema = `store_${++schemas}`;
      await admin.query(`CREATE SCHEMA ${schema}`);
      // Commits need not wait for the disk in a throwaway database: the suite spends its time on the store, not on fsync.
      return openPostgresStore(`${url}?options=${encodeURIComponent(`-c search_path=${schema} -c synchronous_commit=off`)}`, { poolSize: 5 });
    },
    async legacySearch(store, project, query) {
      await store.pool.query('INSERT INTO searches (project, query, result_count) VALUES ($1, $2, 0)', [project, query]);
    },
  };
}
