/**
 * A real Git smart-HTTP server for tests: Node's http server on 127.0.0.1 running the system's `git http-backend` as
 * a CGI program for every request, in front of bare repositories in a temporary folder. Repositories are built with
 * the `git` command line, so what the client reads is exactly what a Git host would serve.
 *
 * A repository can be private: the server then answers 401 with `WWW-Authenticate: Basic` unless the request carries
 * `Authorization: Basic base64("x-access-token:<token>")`, the way GitHub accepts tokens.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';

/** Files of one branch: path → content; `null` deletes the file in a later commit. */
export type RepoFiles = Record<string, string | Uint8Array | null>;

export interface RepoSpec {
  /** Branches in order: the first is the default branch (the bare repository's HEAD). Each holds exactly its files. */
  branches: { name: string; files: RepoFiles }[];
  /** Makes the repository private: only this token reads it. */
  token?: string;
}

export interface SeenRequest {
  method: string;
  /** Path and query, as the client sent them. */
  url: string;
  authorization: string | undefined;
  userAgent: string | undefined;
}

export interface GitServer {
  origin: string;
  port: number;
  /** Every request received, for checks on what the client sent. */
  seen: SeenRequest[];
  /** `http://127.0.0.1:<port>/<name>.git` */
  cloneUrl(name: string): string;
  createRepo(name: string, spec: RepoSpec): Promise<void>;
  /** A repository with no commit at all (HEAD names an unborn branch). */
  createEmptyRepo(name: string, options?: { token?: string }): Promise<void>;
  /** A new commit on `branch` that writes (or, with null, deletes) `files`, pushed to the bare repository. */
  commit(name: string, branch: string, files: RepoFiles, message?: string): Promise<void>;
  /** Requests to this repository get no answer at all, for timeout tests. */
  hang(name: string): void;
  /** Requests to `from` are redirected (301) to the same path under `to`, as GitHub does for a renamed repository. */
  rename(from: string, to: string): void;
  close(): Promise<void>;
}

/** git without the machine's own configuration, and with an identity for commits. */
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0' };
const IDENTITY = ['-c', 'user.name=Docent Tests', '-c', 'user.email=tests@docent.invalid', '-c', 'commit.gpgsign=false'];

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', [...IDENTITY, ...args], { cwd, env: GIT_ENV });
  return stdout;
}

export function basicToken(token: string): string {
  return `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
}

export async function startGitServer(): Promise<GitServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docent-test-gitserver-'));
  const reposDir = path.join(root, 'repos');
  const workDir = path.join(root, 'work');
  await mkdir(reposDir);
  await mkdir(workDir);
  const tokens = new Map<string, string>();
  const hanging = new Set<string>();
  const renamed = new Map<string, string>();
  const seen: SeenRequest[] = [];

  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? 'GET', url: req.url ?? '', authorization: req.headers.authorization, userAgent: req.headers['user-agent'] });
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const repo = decodeURIComponent(url.pathname.split('/')[1] ?? '').replace(/\.git$/, '');
    if (hanging.has(repo)) return;
    const renamedTo = renamed.get(repo);
    if (renamedTo !== undefined) {
      const rest = url.pathname.split('/').slice(2).join('/');
      res.writeHead(301, { location: `/${renamedTo}.git/${rest}${url.search}` });
      res.end();
      return;
    }
    const token = tokens.get(repo);
    if (token !== undefined && req.headers.authorization !== basicToken(token)) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"', 'content-type': 'text/plain' });
      res.end('Authentication required\n');
      return;
    }
    runCgi(req, res, url, reposDir, token !== undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const writeFiles = async (dir: string, files: RepoFiles): Promise<void> => {
    for (const [file, content] of Object.entries(files)) {
      const target = path.join(dir, file);
      if (content === null) {
        await rm(target, { force: true });
      } else {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, content);
      }
    }
  };

  return {
    origin,
    port,
    seen,
    cloneUrl: (name) => `${origin}/${name}.git`,
    async createRepo(name, spec) {
      const [first] = spec.branches;
      if (!first) throw new Error('a repository needs at least one branch');
      const bare = path.join(reposDir, `${name}.git`);
      const work = path.join(workDir, name);
      await git(reposDir, 'init', '--quiet', '--bare', `--initial-branch=${first.name}`, bare);
      await git(workDir, 'init', '--quiet', `--initial-branch=${first.name}`, work);
      await git(work, 'remote', 'add', 'origin', bare);
      for (const [index, branch] of spec.branches.entries()) {
        if (index > 0) {
          // An orphan branch, emptied: each branch holds exactly the files its spec lists.
          await git(work, 'checkout', '--quiet', '--orphan', branch.name);
          await git(work, 'rm', '-r', '-q', '--cached', '--ignore-unmatch', '.');
          await git(work, 'clean', '-f', '-d', '-q');
        }
        await writeFiles(work, branch.files);
        await git(work, 'add', '-A');
        await git(work, 'commit', '--quiet', '-m', `${branch.name}: first commit`);
      }
      await git(work, 'push', '--quiet', 'origin', ...spec.branches.map((branch) => branch.name));
      if (spec.token !== undefined) tokens.set(name, spec.token);
    },
    async createEmptyRepo(name, options = {}) {
      await git(reposDir, 'init', '--quiet', '--bare', '--initial-branch=main', path.join(reposDir, `${name}.git`));
      if (options.token !== undefined) tokens.set(name, options.token);
    },
    async commit(name, branch, files, message = 'update') {
      const work = path.join(workDir, name);
      await git(work, 'checkout', '--quiet', branch);
      await writeFiles(work, files);
      await git(work, 'add', '-A');
      await git(work, 'commit', '--quiet', '-m', message);
      await git(work, 'push', '--quiet', 'origin', branch);
    },
    hang(name) {
      hanging.add(name);
    },
    rename(from, to) {
      renamed.set(from, to);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** One request through `git http-backend`, as a web server runs a CGI program (RFC 3875). */
function runCgi(req: IncomingMessage, res: ServerResponse, url: URL, projectRoot: string, authenticated: boolean): void {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_PROJECT_ROOT: projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: `HTTP/${req.httpVersion}`,
    REQUEST_METHOD: req.method ?? 'GET',
    PATH_INFO: decodeURIComponent(url.pathname),
    QUERY_STRING: url.search.replace(/^\?/, ''),
    REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
    ...(authenticated ? { REMOTE_USER: 'x-access-token', AUTH_TYPE: 'Basic' } : {}),
    ...(req.headers['content-type'] ? { CONTENT_TYPE: req.headers['content-type'] } : {}),
    ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
  };
  // Every request header as HTTP_*: git reads the protocol version from HTTP_GIT_PROTOCOL.
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === 'authorization' || value === undefined) continue;
    env[`HTTP_${name.toUpperCase().replace(/-/g, '_')}`] = Array.isArray(value) ? value.join(', ') : value;
  }

  const child = spawn(HTTP_BACKEND, [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const errors: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
  child.stdin.on('error', () => undefined);
  req.pipe(child.stdin);
  child.on('error', (error) => {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(`could not run git http-backend: ${error.message}\n`);
  });
  child.on('close', (code) => {
    const output = Buffer.concat(out);
    const split = headerEnd(output);
    if (split === null) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`git http-backend exited with ${code}: ${Buffer.concat(errors).toString()}\n`);
      return;
    }
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of output.subarray(0, split.at).toString('latin1').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'status') status = Number.parseInt(value, 10) || 500;
      else headers[name] = value;
    }
    res.writeHead(status, headers);
    res.end(output.subarray(split.at + split.length));
  });
}

/** Where the CGI header block ends: the first blank line, written as CRLF CRLF or LF LF. */
function headerEnd(output: Buffer): { at: number; length: number } | null {
  const crlf = output.indexOf('\r\n\r\n');
  const lf = output.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { at: crlf, length: 4 };
  if (lf >= 0) return { at: lf, length: 2 };
  return null;
}
