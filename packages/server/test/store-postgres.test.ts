/**
 * The PostgreSQL store beyond the shared contract, on a real server: what an operator sees when the connection
 * fails (one line naming the server, the database and the user, never the password), TLS settings in the URL
 * reaching node-postgres, migrations run once by several servers starting together, a database newer than this
 * release refused, and a server restart survived.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { POSTGRES_MIGRATIONS } from '../src/store/postgres/migrations.js';
import { openPostgresStore } from '../src/store/postgres/index.js';
import { SQLITE_MIGRATIONS } from '../src/store/sqlite/migrations.js';
import { openSqliteStore } from '../src/store/sqlite/index.js';
import { StoreError } from '../src/store/types.js';
import { DOCENT_VERSION } from '../src/version.js';
import { PG_PASSWORD, PG_SUPERUSER, postgresUnavailable, startPostgres, type TestPostgres } from './helpers/postgres.js';

const unavailable = postgresUnavailable() ?? false;

/** Asserts that opening the store at `url` fails with a StoreError whose message is exactly `message` (or matches it). */
async function refuses(url: string, message: string | RegExp, options?: Parameters<typeof openPostgresStore>[1]): Promise<void> {
  await assert.rejects(openPostgresStore(url, options), (error: Error) => {
    assert.ok(error instanceof StoreError, `a StoreError, not ${error.name}: ${error.message}`);
    assert.ok(!error.message.includes(PG_PASSWORD) && !error.message.includes('s3cret'), `no password in: ${error.message}`);
    assert.ok(!error.message.includes('\n'), 'one line');
    if (typeof message === 'string') assert.equal(error.message, message);
    else assert.match(error.message, message);
    return true;
  });
}

/** A TCP server on 127.0.0.1 that accepts connections and never says a word: a host that does not answer. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('PostgreSQL store: connecting', { skip: unavailable }, () => {
  let server: TestPostgres;
  let at: string;
  before(async () => {
    server = await startPostgres();
    at = `127.0.0.1:${server.port}`;
  });
  after(() => server.close());

  it('shows its location without the password', async () => {
    const store = await openPostgresStore(await server.createDatabase('located'));
    try {
      assert.equal(store.location, `postgres://docent@${at}/located`);
    } finally {
      await store.close();
      await store.close();
    }
  });

  it('names the refused password, the missing database, the closed port and the silent one', async () => {
    await refuses(
      `postgres://docent:s3cret@${at}/postgres`,
      `cannot connect to PostgreSQL at ${at} (database postgres, user docent): the password was refused (or there is no such user); check the user and password in the URL`,
    );
    await refuses(
      `postgres://nobody:s3cret@${at}/postgres`,
      `cannot connect to PostgreSQL at ${at} (database postgres, user nobody): the password was refused (or there is no such user); check the user and password in the URL`,
    );
    await refuses(
      server.url('missing'),
      `cannot connect to PostgreSQL at ${at} (database missing, user docent): the database missing does not exist; create it (CREATE DATABASE "missing" OWNER "docent") or fix the database name in the URL`,
    );
    const silent = await silentServer();
    // A port nothing listens on: the silent server's, once closed.
    await silent.close();
    await refuses(
      `postgres://docent:s3cret@127.0.0.1:${silent.port}/docent`,
      `cannot connect to PostgreSQL at 127.0.0.1:${silent.port} (database docent, user docent): the connection was refused: nothing listens on that port; check that PostgreSQL runs there and that the host and port are right`,
    );
    const mute = await silentServer();
    try {
      await refuses(
        `postgres://docent:s3cret@127.0.0.1:${mute.port}/docent`,
        `cannot connect to PostgreSQL at 127.0.0.1:${mute.port} (database docent, user docent): no answer within 0.3 s; check the host and port, and that no firewall drops the packets`,
        { connectTimeoutMs: 300 },
      );
    } finally {
      await mute.close();
    }
  });

  it('refuses a URL that does not parse without repeating it', async () => {
    const shape = 'write it as postgres://user:password@host:5432/database, with special characters of the password percent-encoded (@ as %40)';
    await refuses(`postgres://docent:s3cret@127.0.0.1:99999/docent`, `the PostgreSQL URL does not parse; ${shape}`);
    await refuses('docent:s3cret@127.0.0.1', `the PostgreSQL URL must start with postgres:// or postgresql://, not docent://; ${shape}`);
    await refuses('mysql://docent:s3cret@127.0.0.1/docent', `the PostgreSQL URL must start with postgres:// or postgresql://, not mysql://; ${shape}`);
    await refuses('s3cret', `the PostgreSQL URL does not parse; ${shape}`);
  });

  it('passes TLS settings through: sslmode=require on a server without TLS is refused, disable connects', async () => {
    await refuses(
      `${server.url()}?sslmode=require`,
      `cannot connect to PostgreSQL at ${at} (database postgres, user docent): the URL asks for TLS (sslmode), but the server does not accept TLS connections; turn ssl on in the server’s postgresql.conf, or remove sslmode from the URL on a network you trust`,
    );
    const store = await openPostgresStore(`${await server.createDatabase('plain')}?sslmode=disable`);
    await store.close();
  });

  it('names the missing privilege when the user may not create tables', async () => {
    const url = await server.createDatabase('locked');
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    try {
      await admin.query("CREATE ROLE reader LOGIN PASSWORD 'reader-s3cret'");
    } finally {
      await admin.end();
    }
    await refuses(
      url.replace(`${PG_SUPERUSER}:${PG_PASSWORD}`, 'reader:reader-s3cret'),
      /^cannot bring the database postgres:\/\/reader@127\.0\.0\.1:\d+\/locked to schema version 1: permission denied for schema public; the user reader needs to own the database, or the CREATE privilege on its schema \(GRANT CREATE ON SCHEMA public TO "reader"\)$/,
    );
  });

  it('survives a restart of the server: the next query after it works', async () => {
    const store = await openPostgresStore(await server.createDatabase('restarted'));
    try {
      await store.createProject('acme-docs', { name: 'Acme', public: true, allowedOrigins: [], widget: {}, limits: {} });
      await server.stop();
      await assert.rejects(store.listProjects(), (error: Error) => error instanceof StoreError && /connection was refused/.test(error.message) && !error.message.includes(PG_PASSWORD));
      await server.start();
      assert.deepEqual((await store.listProjects()).map((project) => project.id), ['acme-docs']);
    } finally {
      await store.close();
    }
  });
});

describe('PostgreSQL store: migrations', { skip: unavailable }, () => {
  let server: TestPostgres;
  before(async () => {
    server = await startPostgres();
  });
  after(() => server.close());

  it('has one migration per SQLite migration, giving the same tables and columns', async () => {
    assert.equal(POSTGRES_MIGRATIONS.length, SQLITE_MIGRATIONS.length);
    const sqlite = openSqliteStore(':memory:');
    const sqliteTables = (sqlite.connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
    const sqliteColumns = sqliteTables.map((table) => `${table}: ${(sqlite.connection.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((row) => row.name).sort().join(' ')}`);
    await sqlite.close();
    const store = await openPostgresStore(await server.createDatabase('parity'));
    try {
      const { rows } = await store.pool.query<{ line: string }>(
        `SELECT table_name::text || ': ' || string_agg(column_name::text, ' ' ORDER BY column_name::text COLLATE "C") AS line
         FROM information_schema.columns WHERE table_schema = 'public' GROUP BY table_name ORDER BY table_name::text COLLATE "C"`,
      );
      assert.deepEqual(rows.map((row) => row.line), sqliteColumns);
    } finally {
      await store.close();
    }
  });

  it('migrates once when three servers open a new database at the same moment', async () => {
    const url = await server.createDatabase('race');
    const stores = await Promise.all([openPostgresStore(url), openPostgresStore(url), openPostgresStore(url)]);
    try {
      const { rows } = await stores[0].pool.query<{ version: number; docent_version: string }>('SELECT version, docent_version FROM schema_version ORDER BY version');
      // PostgreSQL records every version, 1 included: it never had SQLite's user_version.
      assert.deepEqual(rows, POSTGRES_MIGRATIONS.map((_, n) => ({ version: n + 1, docent_version: DOCENT_VERSION })));
      await Promise.all(stores.map((store, n) => store.createProject(`project-${n}`, { name: `P${n}`, public: true, allowedOrigins: [], widget: {}, limits: {} })));
      assert.equal((await stores[1].listProjects()).length, 3, 'one database, seen by all three');
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
    // Opening it again applies nothing.
    const again = await openPostgresStore(url);
    assert.equal((await again.pool.query<{ count: number }>('SELECT count(*) AS count FROM schema_version')).rows[0]?.count, POSTGRES_MIGRATIONS.length);
    await again.close();
  });

  it('refuses a database from a newer release, naming it and both versions', async () => {
    const url = await server.createDatabase('newer');
    const store = await openPostgresStore(url);
    await store.pool.query('INSERT INTO schema_version (version, docent_version) VALUES ($1, $2)', [POSTGRES_MIGRATIONS.length + 3, '9.0.0']);
    await store.close();
    await refuses(
      url,
      `the database postgres://docent@127.0.0.1:${server.port}/newer has schema version ${POSTGRES_MIGRATIONS.length + 3}, written by @docent/server 9.0.0; this @docent/server ${DOCENT_VERSION} knows versions up to ${POSTGRES_MIGRATIONS.length}. Upgrade @docent/server, or use another database.`,
    );
  });
});

/** Hands the file to the user PostgreSQL runs as (docent-pg when the tests run as root). */
function ownedByServer(file: string, mode: number): void {
  chmodSync(file, mode);
  if (process.getuid?.() !== 0) return;
  const uid = Number(spawnSync('id', ['-u', 'docent-pg']).stdout.toString().trim());
  const gid = Number(spawnSync('id', ['-g', 'docent-pg']).stdout.toString().trim());
  chownSync(file, uid, gid);
}

/** A CA and a certificate for 127.0.0.1 it signed, made with the openssl command. */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const file = (name: string): string => path.join(dir, name);
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { stdio: 'ignore' });
  };
  openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=Docent test CA');
  openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(file('san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('server.pem'), '-days', '2', '-extfile', file('san.ext'));
  chmodSync(dir, 0o755);
  ownedByServer(file('server.pem'), 0o644);
  ownedByServer(file('server.key'), 0o600);
  return { ca: file('ca.pem'), cert: file('server.pem'), key: file('server.key') };
}

describe('PostgreSQL store: TLS', { skip: unavailable || (spawnSync('openssl', ['version']).status !== 0 ? 'the openssl command is not installed' : false) }, () => {
  let server: TestPostgres;
  let dir: string;
  let ca: string;
  before(async () => {
    server = await startPostgres();
    dir = mkdtempSync(path.join(tmpdir(), 'docent-tls-'));
    const files = makeCertificates(dir);
    ca = files.ca;
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    try {
      await admin.query(`ALTER SYSTEM SET ssl_cert_file = '${files.cert}'`);
      await admin.query(`ALTER SYSTEM SET ssl_key_file = '${files.key}'`);
      await admin.query('ALTER SYSTEM SET ssl = on');
    } finally {
      await admin.end();
    }
    // A restart rather than a reload: when it returns, every new connection is offered TLS.
    await server.stop();
    await server.start();
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Whether the store's connections are encrypted, as the server sees them. */
  async function encrypted(url: string): Promise<boolean> {
    const store = await openPostgresStore(url);
    try {
      return (await store.pool.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).rows[0]?.ssl ?? false;
    } finally {
      await store.close();
    }
  }

  it('verifies the certificate against sslrootcert, and names an untrusted one', async () => {
    const url = await server.createDatabase('tls');
    assert.equal(await encrypted(`${url}?sslmode=verify-full&sslrootcert=${encodeURIComponent(ca)}`), true);
    await refuses(
      `${url}?sslmode=verify-full`,
      `cannot connect to PostgreSQL at 127.0.0.1:${server.port} (database tls, user docent): the server’s TLS certificate was not accepted (unable to verify the first certificate); name the CA that signed it with sslrootcert=/path/to/ca.pem in the URL`,
    );
    await refuses(
      `${url}?sslmode=verify-full&sslrootcert=${encodeURIComponent(path.join(dir, 'missing.pem'))}`,
      `cannot connect to PostgreSQL at 127.0.0.1:${server.port} (database tls, user docent): the file ${path.join(dir, 'missing.pem')}, named in the URL (sslrootcert, sslcert or sslkey), cannot be read (ENOENT)`,
    );
    assert.equal(await encrypted(`${url}?sslmode=no-verify`), true);
    assert.equal(await encrypted(`${url}?sslmode=disable`), false);
    assert.equal(await encrypted(url), false, 'no sslmode: node-postgres does not ask for TLS');
  });
});
