/**
 * The server tests once more on PostgreSQL (DOCENT_TEST_STORE=postgres): one real PostgreSQL per test process,
 * started at the first app and stopped when the process's tests end, and a database per `dbFile` (a new one for
 * each in-memory app). DATABASE_URL points at the last one, so the CLI commands a test runs act on the same data.
 */
import { createHash } from 'node:crypto';
import { after } from 'node:test';
import { openPostgresStore } from '../../src/store/postgres/index.js';
import type { Store } from '../../src/store/types.js';
import { startPostgres, type TestPostgres } from './postgres.js';

let server: Promise<TestPostgres> | null = null;
let anonymous = 0;
const created = new Map<string, string>();

// Registered when the module loads, so on the test file's root: it runs once every suite of the file has ended.
if (process.env.DOCENT_TEST_STORE === 'postgres') {
  after(async () => {
    await (await server?.catch(() => null))?.close();
  });
}

function postgres(): Promise<TestPostgres> {
  server ??= startPostgres();
  return server;
}

export async function postgresStoreFor(dbFile: string): Promise<Store> {
  const running = await postgres();
  const name = dbFile === ':memory:' ? `memory_${(anonymous += 1)}` : `file_${createHash('sha256').update(dbFile).digest('hex').slice(0, 16)}`;
  let url = created.get(name);
  if (!url) {
    url = await running.createDatabase(name);
    created.set(name, url);
  }
  process.env.DATABASE_URL = url;
  return openPostgresStore(url);
}
