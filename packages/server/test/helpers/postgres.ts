/**
 * A real PostgreSQL for tests: Debian's server binaries (`postgresql` package), a new cluster in a temporary folder,
 * listening on 127.0.0.1 on a free port, stopped and removed by the test. PostgreSQL refuses to run as root, so as
 * root the cluster runs as the dedicated system user `docent-pg` (created when missing); otherwise as the user
 * running the tests. Password authentication over TCP, so a wrong password is a real refusal.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const USER = 'docent-pg';
export const PG_SUPERUSER = 'docent';
export const PG_PASSWORD = 'docent-test-password';

export interface TestPostgres {
  /** postgres://docent:…@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  port: number;
  /** Creates a database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown) and starts it again on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The folder of Debian's PostgreSQL binaries, newest first; null when none is installed. */
function binaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl')) && existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

/** Why PostgreSQL cannot run here, or null when it can. */
export function postgresUnavailable(): string | null {
  if (!binaries()) return 'PostgreSQL is not installed (apt-get install postgresql; .ci/run does it)';
  if (process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status !== 0) return 'setpriv (util-linux) is needed to run PostgreSQL as a non-root user';
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The uid and gid to run PostgreSQL as: the dedicated user as root, else ours. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  if (spawnSync('id', ['-u', USER]).status !== 0) {
    const made = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', USER]);
    if (made.status !== 0) throw new Error(`cannot create the user ${USER} to run PostgreSQL: ${made.stderr.toString()}`);
  }
  const uid = Number(spawnSync('id', ['-u', USER]).stdout.toString().trim());
  const gid = Number(spawnSync('id', ['-g', USER]).stdout.toString().trim());
  return { uid, gid };
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binaries();
  if (!bin) throw new Error(postgresUnavailable() ?? 'PostgreSQL is not available');
  const user = runAs();
  const root = mkdtempSync(path.join(tmpdir(), 'docent-pg-'));
  const data = path.join(root, 'data');
  const passwordFile = path.join(root, 'password');
  writeFileSync(passwordFile, `${PG_PASSWORD}\n`);
  if (user) {
    chownSync(root, user.uid, user.gid);
    chownSync(passwordFile, user.uid, user.gid);
  }
  const as = (command: string, args: string[]): Promise<{ stdout: string }> =>
    user ? run('setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', path.join(bin, command), ...args], { cwd: root }) : run(path.join(bin, command), args, { cwd: root });
  await as('initdb', ['-D', data, '-U', PG_SUPERUSER, `--pwfile=${passwordFile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8', '--no-instructions']);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c max_connections=200 -c shared_buffers=32MB`;
  const start = async (): Promise<void> => {
    await as('pg_ctl', ['-D', data, '-l', path.join(root, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  const stop = async (): Promise<void> => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();
  const url = (database = 'postgres'): string => `postgres://${PG_SUPERUSER}:${PG_PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      await run(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', PG_SUPERUSER, name], { env: { ...process.env, PGPASSWORD: PG_PASSWORD } });
      return url(name);
    },
    stop,
    start,
    async close() {
      await stop().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
