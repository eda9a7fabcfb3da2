/**
 * The Store contract, run on both stores: SQLite in memory, and a real PostgreSQL (skipped, with the reason, where
 * PostgreSQL cannot run). Then the SQLite store's migrations on real files: a database written by
 * @docent/server 0.1.0 (the committed fixture, made by that release's own code) upgrades in place with every row
 * kept; a database from a newer release, or one this user cannot write, refuses to open with a message naming
 * the file. PostgreSQL's own connection and migration tests are in store-postgres.test.ts.
 */
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { SQLITE_MIGRATIONS } from '../src/store/sqlite/migrations.js';
import { openSqliteStore } from '../src/store/sqlite/index.js';
import { StoreError } from '../src/store/types.js';
import { DOCENT_VERSION } from '../src/version.js';
import { postgresUnavailable } from './helpers/postgres.js';
import { postgresStores } from './helpers/postgresStores.js';
import { storeContract } from './helpers/storeContract/index.js';

const FIXTURE = path.join(import.meta.dirname ?? __dirname, 'fixtures', 'docent-0.1.0.db');

describe('SQLite store', () => {
  storeContract({
    open: async () => openSqliteStore(':memory:'),
    legacySearch: async (store, project, query) => {
      store.connection.prepare('INSERT INTO searches (project, query, result_count) VALUES (?, ?, 0)').run(project, query);
    },
  });
});

describe('PostgreSQL store', { skip: postgresUnavailable() ?? false }, () => {
  const stores = postgresStores();
  before(() => stores.start());
  after(() => stores.stop());
  storeContract(stores);
});

describe('the SQLite store file', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-store-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('upgrades a database written by 0.1.0 in place, keeping its rows', async () => {
    const file = path.join(dir, 'old.db');
    copyFileSync(FIXTURE, file);
    const store = openSqliteStore(file);
    try {
      const db = store.connection;
      const versions = db.prepare('SELECT version, docent_version FROM schema_version').all();
      // 0.1.0 stopped at version 3; every version after it is recorded with the release that applied it.
      assert.deepEqual(versions, Array.from({ length: SQLITE_MIGRATIONS.length - 3 }, (_, n) => ({ version: n + 4, docent_version: DOCENT_VERSION })));
      assert.equal(await store.messagesSince('acme-docs', '2000-01-01T00:00:00Z'), 1);
      assert.equal(await store.answerExists('acme-docs', 'msg_legacy00000000001'), true);
      const report = await store.analytics('acme-docs', '2000-01-01T00:00:00Z', 10);
      assert.deepEqual(report.topQueries, [{ label: 'dark mode', count: 1 }], 'searches recorded by 0.1.0 still count');
      assert.equal(report.pageViews, 1);
      assert.deepEqual(report.comments, [{ url: null, rating: 'up', comment: 'Clear answer' }]);
      // The new tables work on the upgraded file.
      await store.createProject('acme-docs', { name: 'Acme docs', public: false, allowedOrigins: [], widget: {}, limits: {} });
      assert.equal((await store.getProject('acme-docs'))?.public, false);
    } finally {
      await store.close();
    }
    // Opening it again changes nothing.
    const again = openSqliteStore(file);
    assert.equal((again.connection.prepare('SELECT count(*) AS n FROM schema_version').get() as { n: number }).n, SQLITE_MIGRATIONS.length - 3);
    await again.close();
  });

  it('refuses a database from a newer release, naming the file and both versions', () => {
    const file = path.join(dir, 'newer.db');
    openSqliteStore(file).connection.close();
    const db = new Database(file);
    db.prepare('INSERT INTO schema_version (version, docent_version) VALUES (?, ?)').run(SQLITE_MIGRATIONS.length + 3, '9.0.0');
    db.close();
    assert.throws(
      () => openSqliteStore(file),
      (error: Error) =>
        error instanceof StoreError &&
        error.message.includes(file) &&
        error.message.includes(`schema version ${SQLITE_MIGRATIONS.length + 3}, written by @docent/server 9.0.0`) &&
        error.message.includes(`this @docent/server ${DOCENT_VERSION} knows versions up to ${SQLITE_MIGRATIONS.length}`),
    );
  });

  it('names a file it cannot write, and one that is not a database', () => {
    const notDb = path.join(dir, 'notes.db');
    copyFileSync(import.meta.filename ?? __filename, notDb);
    assert.throws(() => openSqliteStore(notDb), (error: Error) => error instanceof StoreError && error.message.includes(notDb));
    if (process.getuid?.() === 0) return; // root writes any file: the permission check cannot be seen as root
    const readOnly = path.join(dir, 'readonly.db');
    openSqliteStore(readOnly).connection.close();
    chmodSync(readOnly, 0o444);
    assert.throws(() => openSqliteStore(readOnly), (error: Error) => error instanceof StoreError && /readonly\.db is not writable/.test(error.message));
  });
});
