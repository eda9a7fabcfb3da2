// A real PostgreSQL for the bench and the tests (packages/server/test/helpers/postgres.ts gives it types): Debian's
// server binaries (the `postgresql`
// package, /usr/lib/postgresql/<version>/bin, newest first), a new cluster in a temporary folder, listening on
// 127.0.0.1 only on a free port, stopped and removed by `close`. PostgreSQL refuses to run as root, so as root the
// cluster runs as the dedicated system user docent-pg (created when missing) through setpriv; otherwise as the
// user running the bench or the tests. Password authentication over TCP, so a wrong password is a real refusal.
// Only Node built-ins.
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const USER = 'docent-pg';
export const SUPERUSER = 'docent';
export const PASSWORD = 'docent-test-password';

/** The folder of Debian's PostgreSQL binaries, newest version first; null when none is installed. */
function binaries() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'pg_ctl')) && existsSync(join(bin, 'initdb'))) return bin;
  }
  return null;
}

/** Why PostgreSQL cannot run here, or null when it can. */
export function postgresUnavailable() {
  if (!binaries()) return 'PostgreSQL is not installed (apt-get install postgresql; .ci/run does it)';
  if (process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status !== 0) return 'setpriv (util-linux) is needed to run PostgreSQL as a non-root user';
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The uid and gid to run PostgreSQL as: the dedicated user as root, else null (ours). */
function runAs() {
  if (process.getuid?.() !== 0) return null;
  if (spawnSync('id', ['-u', USER]).status !== 0) {
    const made = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', USER]);
    if (made.status !== 0) throw new Error(`cannot create the user ${USER} to run PostgreSQL: ${made.stderr.toString()}`);
  }
  const uid = Number(spawnSync('id', ['-u', USER]).stdout.toString().trim());
  const gid = Number(spawnSync('id', ['-g', USER]).stdout.toString().trim());
  return { uid, gid };
}

/**
 * Starts a new cluster and resolves once it accepts connections: `{ version, port, url(database), createDatabase(name),
 * stop(), start(), close() }`. `url` and `createDatabase` give postgres://docent:…@127.0.0.1:<port>/<database>;
 * `stop` (fast shutdown) and `start` restart the same cluster on the same port, as an operator's restart does.
 */
export async function startPostgres() {
  const bin = binaries();
  if (!bin) throw new Error(postgresUnavailable() ?? 'PostgreSQL is not available');
  const user = runAs();
  const root = mkdtempSync(join(tmpdir(), 'docent-pg-'));
  const data = join(root, 'data');
  const passwordFile = join(root, 'password');
  writeFileSync(passwordFile, `${PASSWORD}\n`);
  if (user) {
    chownSync(root, user.uid, user.gid);
    chownSync(passwordFile, user.uid, user.gid);
  }
  const as = (command, args) =>
    user
      ? run('setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', join(bin, command), ...args], { cwd: root })
      : run(join(bin, command), args, { cwd: root });
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  let options = '';
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-l', join(root, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  let started = false;
  try {
    await as('initdb', ['-D', data, '-U', SUPERUSER, `--pwfile=${passwordFile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8', '--no-instructions']);
    const port = await freePort();
    options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c max_connections=200 -c shared_buffers=32MB`;
    await start();
    started = true;
    const { stdout } = await run(join(bin, 'postgres'), ['--version']);
    const url = (database = 'postgres') => `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
    return {
      version: stdout.trim(),
      port,
      url,
      async createDatabase(name) {
        await run(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', SUPERUSER, name], { env: { ...process.env, PGPASSWORD: PASSWORD } });
        return url(name);
      },
      stop,
      start,
      async close() {
        await stop().catch(() => undefined);
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (started) await stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
