/**
 * The nginx example of docs/administration/deployment.mdx, as a reader pastes it into /etc/nginx/conf.d/: the
 * block titled /etc/nginx/conf.d/docent.conf, included in the http block of a minimal nginx.conf, with only what
 * cannot be the same on a test machine changed: the servers of the upstream and the two `listen` ports become free
 * ports on 127.0.0.1, and the certificate is a self-signed one for docs.example.com made with openssl.
 *
 * 1. `nginx -t` accepts the configuration.
 * 2. Where PostgreSQL can run (see packages/server/test/helpers/postgres.ts), nginx runs in the foreground in
 *    front of three real `docent serve` processes on one PostgreSQL database (DATABASE_URL), started as the page
 *    says: the project created once with `docent project create`, then the servers, with --trust-proxy (loopback
 *    here) and --public-url; the servers' model is an endpoint on 127.0.0.1 that writes its
 *    answer in pieces 400 ms apart. Through nginx, over HTTPS: the hosted site and a search answer 200; a streamed
 *    sendMessage arrives as text/event-stream, its first delta before the model has written its last piece (nginx
 *    does not buffer the stream); port 80 redirects to https; with one server killed, searches and questions still
 *    answer; with PostgreSQL stopped, the site still loads and the API answers 503 problem+json with
 *    Retry-After: 5, and answers again once PostgreSQL is back.
 *
 * nginx: used when installed; as root with apt-get, Debian's package is installed (`apt-get install -y nginx`, as
 * .ci/run does); otherwise the test is skipped with the reason. Everything listens on 127.0.0.1 only, and the test
 * stops every process it started.
 *
 * Run: cd /work/main && node --import tsx --test website/tests/docs/nginx.test.ts
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { CODE_BLOCKS, REPOSITORY } from './markdown';

const PAGE = 'docs/administration/deployment.mdx';
const TITLE = '/etc/nginx/conf.d/docent.conf';
const HOST = 'docs.example.com';
const PROJECT = 'my-project';

// ---------------------------------------------------------------------------------------------------------------
// nginx, openssl and PostgreSQL: found, installed, or the reason to skip

function nginxBinary(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return null;
}

/** nginx, installed from Debian's package when it is missing and the test runs as root; or why not. */
function findOrInstallNginx(): { bin: string; skip?: undefined } | { bin?: undefined; skip: string } {
  const found = nginxBinary();
  if (found) return { bin: found };
  if (process.getuid?.() !== 0 || spawnSync('apt-get', ['--version']).status !== 0) {
    return { skip: 'nginx is not installed, and apt-get cannot install it here (not root, or not Debian): apt-get install nginx' };
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let install = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { env, encoding: 'utf8' });
  if (install.status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { env });
    install = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { env, encoding: 'utf8' });
  }
  const installed = nginxBinary();
  if (installed) return { bin: installed };
  return { skip: `nginx is not installed, and apt-get install nginx failed: ${(install.stderr || install.stdout).trim().split('\n').pop() ?? ''}` };
}

const NGINX = findOrInstallNginx();
const OPENSSL = spawnSync('openssl', ['version']).status === 0;
const SKIP = NGINX.skip ?? (OPENSSL ? undefined : 'openssl is not installed: it makes the test certificate');

interface TestPostgres {
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}
interface Cli {
  child: ChildProcess;
  url: string;
  port: number;
  output(): string;
  exited: Promise<unknown>;
}
interface PostgresHelper {
  postgresUnavailable(): string | null;
  startPostgres(): Promise<TestPostgres>;
}
interface ServeHelper {
  /** The arguments that run the CLI from its sources: `node …NODE_CLI <command> …`. */
  NODE_CLI: string[];
  startCli(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<Cli>;
  cliEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
  stopAll(): Promise<void>;
}

function helper<T>(name: string): Promise<T> {
  return import(pathToFileURL(join(REPOSITORY, 'packages', 'server', 'test', 'helpers', name)).href) as Promise<T>;
}

// ---------------------------------------------------------------------------------------------------------------
// The configuration of the page, made to run here

function nginxBlock(): string {
  const blocks = CODE_BLOCKS.filter((block) => block.file === PAGE && block.title === TITLE);
  assert.equal(blocks.length, 1, `${PAGE} has ${blocks.length} code blocks titled ${TITLE}; the test checks exactly one`);
  const [block] = blocks;
  assert.equal(block?.language, 'nginx', `${block?.where}: the block's language is "${block?.language}", not nginx`);
  return block.code;
}

/** Replaces every match of `pattern` (global) and checks how many there were. */
function replaceAll(text: string, pattern: RegExp, count: number, replace: (match: string, ...groups: string[]) => string, what: string): string {
  const found = [...text.matchAll(pattern)].length;
  assert.equal(found, count, `the nginx block of ${PAGE} has ${found} ${what}, the test expects ${count}`);
  return text.replace(pattern, replace as (substring: string, ...args: unknown[]) => string);
}

interface Local {
  upstreams: string[];
  http: number;
  https: number;
  certificate: string;
  key: string;
}

/** The page's block with the servers, the ports and the certificate of this machine; nothing else changes. */
function localConfig(block: string, local: Local): string {
  let next = 0;
  let config = replaceAll(block, /^(\s*)server\s+[\w.-]+:\d+;/gm, local.upstreams.length, (_, indent) => `${indent}server ${local.upstreams[next++]};`, 'upstream servers');
  config = replaceAll(config, /^(\s*)listen\s+80;/gm, 1, (_, indent) => `${indent}listen 127.0.0.1:${local.http};`, '"listen 80;" lines');
  config = replaceAll(config, /^(\s*)listen\s+443\s+ssl;/gm, 1, (_, indent) => `${indent}listen 127.0.0.1:${local.https} ssl;`, '"listen 443 ssl;" lines');
  config = replaceAll(config, /^(\s*)ssl_certificate\s+\S+;/gm, 1, (_, indent) => `${indent}ssl_certificate ${local.certificate};`, 'ssl_certificate lines');
  config = replaceAll(config, /^(\s*)ssl_certificate_key\s+\S+;/gm, 1, (_, indent) => `${indent}ssl_certificate_key ${local.key};`, 'ssl_certificate_key lines');
  return config;
}

/** A minimal nginx.conf that includes the page's file in its http block, as Debian's nginx.conf includes conf.d/*.conf. */
function wrapper(dir: string, included: string): string {
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${join(dir, 'access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, 'temp', kind)};`),
    `  include ${included};`,
    '}',
    '',
  ].join('\n');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function listening(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Requests through nginx

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** When each chunk of the body arrived (Date.now()), with its text. */
  chunks: { at: number; text: string }[];
}

function collect(response: import('node:http').IncomingMessage, resolve: (answer: Answer) => void, reject: (error: Error) => void): void {
  const chunks: { at: number; text: string }[] = [];
  response.setEncoding('utf8');
  response.on('data', (text: string) => chunks.push({ at: Date.now(), text }));
  response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: chunks.map((chunk) => chunk.text).join(''), chunks }));
  response.on('error', reject);
}

describe('the nginx example of deployment.mdx', { skip: SKIP ?? false }, () => {
  const nginx = NGINX.bin ?? 'nginx';
  let dir = '';
  let certificate = '';
  let confFile = '';
  let includedFile = '';
  const local: Local = { upstreams: [], http: 0, https: 0, certificate: '', key: '' };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docent-nginx-'));
    // nginx's workers run as an unprivileged user when the master is root: they need to reach the temp folders.
    chmodSync(dir, 0o755);
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(join(dir, 'temp', kind), { recursive: true });
      chmodSync(join(dir, 'temp', kind), 0o777);
    }
    local.certificate = join(dir, 'fullchain.pem');
    local.key = join(dir, 'privkey.pem');
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${HOST}`, '-addext', `subjectAltName=DNS:${HOST}`, '-keyout', local.key, '-out', local.certificate],
      { encoding: 'utf8' },
    );
    assert.equal(made.status, 0, `openssl could not make the test certificate: ${made.stderr}`);
    certificate = readFileSync(local.certificate, 'utf8');
    local.http = await freePort();
    local.https = await freePort();
    includedFile = join(dir, 'docent.conf');
    confFile = join(dir, 'nginx.conf');
    writeFileSync(confFile, wrapper(dir, includedFile));
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const writeConfig = (upstreams: string[]): void => {
    local.upstreams = upstreams;
    writeFileSync(includedFile, localConfig(nginxBlock(), local));
  };

  const test = (): { status: number | null; output: string } => {
    const result = spawnSync(nginx, ['-t', '-c', confFile, '-p', dir, '-e', join(dir, 'error.log')], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it('nginx -t accepts it', async () => {
    writeConfig(await Promise.all([freePort(), freePort(), freePort()]).then((ports) => ports.map((port) => `127.0.0.1:${port}`)));
    const result = test();
    assert.equal(result.status, 0, `nginx -t refused the configuration of ${PAGE}:\n${result.output}\n${readFileSync(includedFile, 'utf8')}`);
    assert.match(result.output, /test is successful/);
  });

  describe('in front of three docent serve processes on one PostgreSQL', () => {
    let postgres: TestPostgres | undefined;
    let serve: ServeHelper | undefined;
    let servers: Cli[] = [];
    let proxy: ChildProcess | undefined;
    let proxyOutput = '';
    let model: Server | undefined;
    /** When the model endpoint wrote the last piece of its latest answer. */
    let lastPieceAt = 0;
    let unavailable: string | null = null;

    const request = (path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> =>
      new Promise((resolve, reject) => {
        const sent = httpsRequest(
          { host: '127.0.0.1', port: local.https, servername: HOST, ca: certificate, path, method: options.method ?? 'GET', headers: { host: HOST, ...options.headers } },
          (response) => collect(response, resolve, reject),
        );
        sent.on('error', reject);
        sent.end(options.body);
      });

    const search = (query: string): Promise<Answer> => request(`/v1/projects/${PROJECT}/search?q=${encodeURIComponent(query)}`);
    const ask = (question: string, stream: boolean): Promise<Answer> =>
      request(`/v1/projects/${PROJECT}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question, stream }) });

    /** A test that needs the servers: skipped, with the reason, where PostgreSQL cannot run. */
    const live = (name: string, check: () => Promise<void>): void => {
      it(name, async (context) => {
        if (unavailable) return context.skip(unavailable);
        await check();
      });
    };

    before(async () => {
      const postgresHelper = await helper<PostgresHelper>('postgres.ts');
      unavailable = postgresHelper.postgresUnavailable();
      if (unavailable) return;
      serve = await helper<ServeHelper>('serveProcess.ts');
      postgres = await postgresHelper.startPostgres();
      const databaseUrl = await postgres.createDatabase('docent');

      // A model endpoint that writes its answer of two sentences in four pieces, 400 ms apart: the server passes on
      // each sentence once it is complete and checked.
      model = createHttpServer((incoming, response) => {
        incoming.resume();
        incoming.on('end', () => {
          response.writeHead(200, { 'content-type': 'text/event-stream' });
          const pieces = ['Failed webhook deliveries ', 'are retried five times [1]. ', 'The retries use ', 'exponential backoff [1].'];
          let at = 0;
          const write = (): void => {
            if (at === pieces.length) {
              lastPieceAt = Date.now();
              response.end('data: [DONE]\n\n');
              return;
            }
            response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: pieces[at++] } }] })}\n\n`);
            setTimeout(write, 400);
          };
          write();
        });
      });
      await new Promise<void>((resolve) => model!.listen(0, '127.0.0.1', resolve));
      const modelAddress = model.address();
      const modelPort = typeof modelAddress === 'object' && modelAddress ? modelAddress.port : 0;

      const site = join(dir, 'build');
      mkdirSync(site);
      writeFileSync(
        join(site, 'index.html'),
        '<!doctype html><html><head><title>Webhooks | Acme docs</title></head><body><main><article><h1>Webhooks</h1><p>Failed webhook deliveries are retried five times with exponential backoff.</p></article></main></body></html>',
      );
      const env = serve.cliEnv({
        DATABASE_URL: databaseUrl,
        DOCENT_SECRET_KEY: randomBytes(32).toString('base64'),
        DOCENT_LLM_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
        DOCENT_LLM_MODEL: 'test-model',
      });
      // As the page says: the project first, once, then the servers, with the proxy on this machine (loopback) in
      // place of 10.0.0.5.
      const created = spawnSync(process.execPath, [...serve.NODE_CLI, 'project', 'create', PROJECT, '--name', 'My project'], { cwd: dir, env, encoding: 'utf8' });
      assert.equal(created.status, 0, `docent project create failed: ${created.stdout}${created.stderr}`);
      const args = ['--site', site, '--project', PROJECT, '--trust-proxy', 'loopback', '--public-url', `https://${HOST}`];
      servers = await Promise.all([0, 1, 2].map(() => serve!.startCli(dir, args, env)));
      writeConfig(servers.map((server) => `127.0.0.1:${server.port}`));
      const checked = test();
      assert.equal(checked.status, 0, checked.output);
      proxy = spawn(nginx, ['-c', confFile, '-p', dir, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
      proxy.stdout!.setEncoding('utf8').on('data', (text: string) => (proxyOutput += text));
      proxy.stderr!.setEncoding('utf8').on('data', (text: string) => (proxyOutput += text));
      await listening(local.https, 10_000);
      await listening(local.http, 10_000);
    });

    after(async () => {
      if (proxy && proxy.exitCode === null && proxy.signalCode === null) {
        const exited = new Promise((resolve) => proxy!.once('exit', resolve));
        proxy.kill('SIGTERM');
        await exited;
      }
      await serve?.stopAll();
      if (model) await new Promise((resolve) => model!.close(resolve));
      await postgres?.close();
    });

    live('serves the hosted site and searches over HTTPS, with links on the public URL', async () => {
      const home = await request('/');
      assert.equal(home.status, 200, proxyOutput);
      assert.match(home.body, /<h1>Webhooks<\/h1>/);
      for (let n = 0; n < 6; n++) {
        const found = await search('webhook retries');
        assert.equal(found.status, 200, found.body);
        const { results } = JSON.parse(found.body) as { results: { url: string }[] };
        assert.ok(results.length > 0 && results.every((result) => result.url.startsWith(`https://${HOST}/`)), found.body);
      }
    });

    live('passes a streamed answer on as text/event-stream, piece by piece', async () => {
      const answer = await ask('How are failed webhook deliveries retried?', true);
      assert.equal(answer.status, 200, answer.body);
      assert.match(String(answer.headers['content-type']), /^text\/event-stream/);
      assert.match(answer.body, /event: sources/);
      assert.match(answer.body, /event: done/);
      const firstDelta = answer.chunks.find((chunk) => chunk.text.includes('event: delta'));
      assert.ok(firstDelta, answer.body);
      assert.ok(lastPieceAt > 0, 'the model endpoint was not asked');
      assert.ok(
        firstDelta.at < lastPieceAt,
        `the first delta reached the client ${firstDelta.at - lastPieceAt} ms after the model's last piece: something buffers the stream`,
      );
    });

    live('answers a question that is not streamed, in one JSON body', async () => {
      const answer = await ask('Are failed webhook deliveries retried?', false);
      assert.equal(answer.status, 200, answer.body);
      assert.equal((JSON.parse(answer.body) as { answer: string }).answer, 'Failed webhook deliveries are retried five times [1]. The retries use exponential backoff [1].');
    });

    live('redirects plain HTTP to HTTPS', async () => {
      const answer = await new Promise<Answer>((resolve, reject) => {
        const sent = httpRequest({ host: '127.0.0.1', port: local.http, path: '/v1/projects/my-project', headers: { host: HOST } }, (response) => collect(response, resolve, reject));
        sent.on('error', reject);
        sent.end();
      });
      assert.equal(answer.status, 301);
      assert.equal(answer.headers.location, `https://${HOST}/v1/projects/my-project`);
    });

    live('keeps answering searches and questions with one server killed', async () => {
      const [victim] = servers;
      victim!.child.kill('SIGKILL');
      await victim!.exited;
      for (let n = 0; n < 6; n++) assert.equal((await search(`webhook ${n}`)).status, 200);
      for (let n = 0; n < 3; n++) {
        const answer = await ask(`Are webhook deliveries retried? (${n})`, false);
        assert.equal(answer.status, 200, answer.body);
      }
    });

    live('with PostgreSQL stopped: the site loads, the API answers 503 with Retry-After: 5, then recovers', async () => {
      await postgres!.stop();
      try {
        assert.equal((await request('/')).status, 200, 'the hosted site needs no database');
        const refused = await search('webhook');
        assert.equal(refused.status, 503, refused.body);
        assert.match(String(refused.headers['content-type']), /^application\/problem\+json/);
        assert.equal(refused.headers['retry-after'], '5');
      } finally {
        await postgres!.start();
      }
      const until = Date.now() + 15_000;
      for (;;) {
        const statuses = await Promise.all([search('webhook'), search('retries')].map(async (answer) => (await answer).status));
        if (statuses.every((status) => status === 200)) break;
        assert.ok(Date.now() < until, `still ${statuses.join(', ')} 15 s after PostgreSQL came back`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      assert.ok(servers.slice(1).every((server) => server.child.exitCode === null), `a server exited:\n${servers.map((server) => server.output()).join('\n')}`);
    });
  });
});
