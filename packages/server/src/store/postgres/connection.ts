/**
 * Connecting to PostgreSQL: the URL read once into what messages may show (never the password), a pool whose
 * bigints come back as numbers, and one line for each way a connection fails, naming the server, the database
 * and the user. The URL itself goes to node-postgres untouched, so its TLS settings (`sslmode`, `sslrootcert`, …)
 * apply as node-postgres reads them.
 */
import pg from 'pg';
import { StoreError, StoreUnavailableError } from '../types.js';

/** Where the store connects, as messages may show it. */
export interface Target {
  host: string;
  port: number;
  database: string;
  user: string;
  /** `postgres://user@host:port/database`: no password, no query. */
  location: string;
  /** The strings no message may contain: the password, as given and percent-encoded. */
  secrets: string[];
}

const URL_SHAPE = 'postgres://user:password@host:5432/database, with special characters of the password percent-encoded (@ as %40)';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Reads the URL the way node-postgres will (query parameters first, then the URL's parts, then the PG*
 * variables and its defaults), to name the server in messages. Throws StoreError for a URL that does not parse;
 * the message never repeats the URL, which holds the password.
 */
export function parseTarget(url: string): Target {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StoreError(`the PostgreSQL URL does not parse; write it as ${URL_SHAPE}`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new StoreError(`the PostgreSQL URL must start with postgres:// or postgresql://, not ${parsed.protocol}//; write it as ${URL_SHAPE}`);
  }
  const params = parsed.searchParams;
  const env = process.env;
  const user = params.get('user') || decoded(parsed.username) || env.PGUSER || pg.defaults.user || 'postgres';
  const host = params.get('host') || decoded(parsed.hostname) || env.PGHOST || pg.defaults.host || 'localhost';
  const port = Number(params.get('port') || parsed.port || env.PGPORT || pg.defaults.port || 5432);
  const database = decoded(parsed.pathname.slice(1)) || env.PGDATABASE || user;
  const password = params.get('password') || decoded(parsed.password);
  const secrets = [...new Set([password, parsed.password, encodeURIComponent(password)])].filter((secret) => secret.length > 0);
  // A host with a colon is an IPv6 address, which a URL writes in brackets.
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return { host: shownHost, port, database, user, location: `postgres://${encodeURIComponent(user)}@${shownHost}:${port}/${database}`, secrets };
}

/**
 * A message from the server or node-postgres, on one line, with every secret of the target blanked out: Docent's
 * own words never hold the password, but what others wrote may quote what they received.
 */
export function redact(message: string, target: Target): string {
  return target.secrets.reduce((text, secret) => text.split(secret).join('***'), message.replace(/\s*\n\s*/g, ' '));
}

/** Node's TLS codes for a certificate the client did not trust. */
const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Why a connection failed, in words an operator can act on. */
function reason(error: unknown, target: Target, timeoutMs: number): string {
  const { code, path, message: raw = String(error) } = error as { code?: string; path?: string; message?: string };
  const message = redact(raw, target);
  switch (code) {
    case '28P01':
      return 'the password was refused (or there is no such user); check the user and password in the URL';
    case '28000':
      return `the server refused the login: ${message}${/no encryption/.test(message) ? '; if the server accepts only TLS connections, add sslmode=require to the URL' : ''}`;
    case '3D000':
      return `the database ${target.database} does not exist; create it (CREATE DATABASE "${target.database}" OWNER "${target.user}") or fix the database name in the URL`;
    case '57P03':
      return 'the server is starting up or shutting down; try again in a moment';
    case '53300':
      return 'the server has no free connection slot (too many connections); lower the pool size of the servers that share it, or raise max_connections';
    case 'ECONNREFUSED':
      return 'the connection was refused: nothing listens on that port; check that PostgreSQL runs there and that the host and port are right';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host name ${target.host} does not resolve (${code}); check the host in the URL`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `the host cannot be reached (${code}); check the host and port, the network and any firewall between them`;
    case 'ENOENT':
    case 'EACCES':
      if (path) return `the file ${path}, named in the URL (sslrootcert, sslcert or sslkey), cannot be read (${code})`;
      break;
    case 'ECONNRESET':
      return 'the server closed the connection before the login finished; check that the port is PostgreSQL’s, and its TLS settings';
  }
  if (message === 'timeout exceeded when trying to connect') {
    return `every connection of the pool stayed busy for ${timeoutMs / 1000} s; the database is overloaded, or the pool is too small`;
  }
  if (/connection timeout|timeout expired/i.test(message)) {
    return `no answer within ${timeoutMs / 1000} s; check the host and port, and that no firewall drops the packets`;
  }
  if (/does not support SSL/i.test(message)) {
    return 'the URL asks for TLS (sslmode), but the server does not accept TLS connections; turn ssl on in the server’s postgresql.conf, or remove sslmode from the URL on a network you trust';
  }
  if ((code && CERTIFICATE_CODES.has(code)) || /certificate/i.test(message)) {
    // Node.js 24 adds advice to use the system's CAs, which PostgreSQL connections do not read: sslrootcert is the fix.
    const detail = message.replace(/;\s*if the root CA is installed locally.*$/is, '');
    return `the server’s TLS certificate was not accepted (${detail}); name the CA that signed it with sslrootcert=/path/to/ca.pem in the URL`;
  }
  return message;
}

/** Codes of failures that pass: the server is down, restarting or out of reach for now. */
const PASSING = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', '57P01', '57P02', '57P03', '53300']);

/** Whether an error means the database cannot be reached right now (rather than a mistake in the URL or a statement). */
export function isPassing(error: unknown): boolean {
  const { code, message = '' } = error as { code?: string; message?: string };
  if (code && (PASSING.has(code) || code.startsWith('08'))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|connection timeout|Client has encountered a connection error|Query read timeout/i.test(message);
}

/**
 * A StoreError for a failed connection: where, to which database as whom, and why; a StoreUnavailableError when
 * the failure passes (the server is down or restarting), so requests meanwhile get 503 rather than 500.
 */
export function connectionFailure(error: unknown, target: Target, timeoutMs: number): StoreError {
  const message = `cannot connect to PostgreSQL at ${target.host}:${target.port} (database ${target.database}, user ${target.user}): ${reason(error, target, timeoutMs)}`;
  return isPassing(error) ? new StoreUnavailableError(message) : new StoreError(message);
}

/** Parses bigint columns and counts as numbers: Docent's counts, byte totals and intervals stay far below 2^53. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** How long a request waits for a connection, then for a statement's answer, before the API answers 503. */
export const CONNECT_TIMEOUT_MS = 5_000;
export const QUERY_TIMEOUT_MS = 15_000;

export interface PoolOptions {
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** How long to wait for a connection, in milliseconds (default 5 000). */
  connectTimeoutMs?: number;
  /** How long to wait for a statement's answer, in milliseconds (default 15 000). */
  queryTimeoutMs?: number;
}

export function createPool(url: string, options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    // A statement whose answer never comes (the server vanished without closing the socket) fails after this.
    query_timeout: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    application_name: 'docent',
    types,
  });
  // An idle connection the server closed (a restart, an administrator) is dropped by the pool and replaced at the
  // next query; without a listener its error would end the process.
  pool.on('error', () => undefined);
  // The pool listens for errors only on idle connections; a connection in use whose server goes away (PostgreSQL
  // restarting) also emits 'error', which with no listener would end the process. Its query fails on its own.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
