/**
 * What the server tests share: an app over a built site with an in-memory database, a real server, raw HTTP
 * requests, SSE parsing.
 */
import type { Scope } from '../src/access/scopes.js';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generateKey } from '../src/access/keys.js';
import { createServer, type DocentServer, type ServerOptions } from '../src/app/createServer.js';
import { startServer, type RunningServer } from '../src/commands/serve.js';
import type Database from 'better-sqlite3';
import { openSqliteStore, SqliteStore } from '../src/store/sqlite/index.js';
import type { Store } from '../src/store/types.js';
import { postgresStoreFor } from './helpers/postgresApps.js';

export interface TestApp {
  app: FastifyInstance;
  server: DocentServer;
  store: Store;
  /** The SQLite connection, for tests that inspect rows; such tests do not run on PostgreSQL. */
  readonly db: Database.Database;
  close(): Promise<void>;
}

export interface AppOptions extends Partial<Omit<ServerOptions, 'store' | 'site'>> {
  /** The project the site is bound to (default acme-docs). */
  project?: string;
  /** The database file (default in memory). */
  dbFile?: string;
}

/**
 * The server for project `acme-docs` over the built site in `site`, called with `inject()`, no socket. Its store
 * is a SQLite file (in memory by default), or, when the suite runs with DOCENT_TEST_STORE=postgres, a database of
 * its own on a real PostgreSQL (the same database for the same `dbFile`, so a test can restart the server on it).
 */
export async function appOver(site: string, options: AppOptions = {}): Promise<TestApp> {
  const { project = 'acme-docs', dbFile = ':memory:', ...rest } = options;
  const store = process.env.DOCENT_TEST_STORE === 'postgres' ? await postgresStoreFor(dbFile) : openSqliteStore(dbFile);
  const server = await createServer({ watchSite: false, ...rest, store, site: { dir: site, project } });
  return {
    app: server.app,
    server,
    store,
    get db(): Database.Database {
      if (store instanceof SqliteStore) return store.connection;
      throw new Error('this test reads SQLite rows, so it runs on SQLite only');
    },
    close: () => server.close(),
  };
}

/** A new API key of `project` with these scopes, stored hashed as the server stores keys; returns the key itself. */
export async function keyWith(store: Store, project: string, scopes: Scope[]): Promise<string> {
  const made = generateKey();
  await store.createKey({ prefix: made.prefix, hash: made.hash, project, name: 'test', scopes, memberEmail: null, expiresAt: null });
  return made.key;
}

/** A new API key of `project` with the `admin` scope. */
export function adminKey(store: Store, project: string): Promise<string> {
  return keyWith(store, project, ['admin']);
}

/** `docent serve` for project `acme-docs` over `site` on 127.0.0.1 and a free port, its database inside the site folder. */
export function serveOver(site: string): Promise<RunningServer> {
  return startServer({ site, project: 'acme-docs', port: 0, host: '127.0.0.1', db: path.join(site, '.docent', 'docent.db'), allowedOrigins: [] }, () => undefined);
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** A whole server-sent event stream, event by event. */
export function parseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>,
    }));
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire, not decompressed (fetch would decompress them). */
  body: Buffer;
}

/** One HTTP request over a real socket, the response body exactly as sent. */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
