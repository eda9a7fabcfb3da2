/**
 * The guarded fetch against real HTTP servers on 127.0.0.1, and the address classifier over many literals. No test
 * sends a packet anywhere but 127.0.0.1: hosts other than localhost come from a resolver hook, and refused addresses
 * are refused before any connection.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { classifyAddress, type AddressKind } from '../src/net/addressPolicy.js';
import { FetchError, guardedFetch, MAX_REDIRECTS, type GuardedFetchHooks, type GuardedFetchOptions } from '../src/net/guardedFetch.js';
import type { ResolvedAddress } from '../src/net/vetHost.js';
import { DOCENT_VERSION } from '../src/version.js';

interface Seen {
  path: string;
  host: string | undefined;
  userAgent: string | undefined;
}

interface TestServer {
  origin: string;
  port: number;
  seen: Seen[];
  close(): Promise<void>;
}

async function startServer(handler: (req: IncomingMessage, res: ServerResponse, port: number) => void): Promise<TestServer> {
  const seen: Seen[] = [];
  let port = 0;
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', host: req.headers.host, userAgent: req.headers['user-agent'] });
    handler(req, res, port);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const USER_AGENT = `Docent/${DOCENT_VERSION}`;
const open: GuardedFetchOptions = { allowPrivateNetworks: true, userAgent: USER_AGENT, timeoutMs: 5_000, maxBytes: 1024 * 1024 };
const guarded: GuardedFetchOptions = { ...open, allowPrivateNetworks: false };

/** A resolver from a table, so names other than localhost never reach a DNS server. */
function tableResolver(table: Record<string, string[]>, calls: string[] = []): NonNullable<GuardedFetchHooks['resolve']> {
  return async (hostname) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

async function rejection(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof FetchError, `expected a FetchError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the fetch to fail');
}

describe('classifyAddress', () => {
  const cases: Record<AddressKind, string[]> = {
    public: ['8.8.8.8', '1.1.1.1', '93.184.216.34', '11.0.0.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '192.169.0.1', '169.253.255.255', '223.255.255.255', '2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001:82a::200e', '[2606:4700::1]', '::ffff:8.8.8.8'],
    loopback: ['127.0.0.1', '127.1.2.3', '127.255.255.254', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::ffff:127.0.0.1]', '64:ff9b::127.0.0.1', '2002:7f00:1::1'],
    private: ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.255.255', '::ffff:10.0.0.1', '::ffff:192.168.1.1', '::ffff:172.20.0.1'],
    shared: ['100.64.0.1', '100.100.100.100', '100.127.255.255', '::ffff:100.64.0.1'],
    'link-local': ['169.254.0.1', '169.254.169.253', '169.254.255.255', 'fe80::1', 'fe80::1%eth0', 'febf:ffff::1', '::ffff:169.254.1.1'],
    metadata: ['169.254.169.254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe'],
    'unique-local': ['fd00::1', 'fc00::1', 'fdff:ffff:ffff::1', 'fd12:3456:789a:1::1'],
    unspecified: ['0.0.0.0', '::', '0:0:0:0:0:0:0:0', '::ffff:0.0.0.0'],
    multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1', 'ff05::1:3'],
    reserved: ['0.1.2.3', '192.0.0.8', '192.0.2.1', '198.51.100.7', '203.0.113.9', '198.18.0.1', '198.19.255.255', '240.0.0.1', '255.255.255.255', '2001:db8::1', '100::1', '::2', '::127.0.0.1', 'fec0::1', '2001::1', '4000::1'],
    invalid: ['localhost', 'example.com', '999.1.1.1', '1.2.3', '', '::g'],
  };
  for (const [kind, addresses] of Object.entries(cases)) {
    it(`classifies ${kind} addresses`, () => {
      for (const address of addresses) assert.equal(classifyAddress(address), kind, address);
    });
  }
});

describe('guardedFetch refuses private networks', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer((_req, res) => res.end('<p>secret</p>'));
  });
  after(() => server.close());

  it('refuses 127.0.0.1 before connecting, naming the address and the setting', async () => {
    const error = await rejection(guardedFetch(`${server.origin}/`, guarded));
    assert.equal(error.kind, 'refused-address');
    assert.equal(error.message, '127.0.0.1 is a loopback address; Docent does not crawl private networks unless DOCENT_ALLOW_PRIVATE_NETWORKS=true');
    assert.equal(server.seen.length, 0);
  });

  it('refuses localhost after resolving it with the system resolver', async () => {
    const error = await rejection(guardedFetch(`http://localhost:${server.port}/`, guarded));
    assert.equal(error.kind, 'refused-address');
    assert.match(error.message, /^localhost resolves to (127\.0\.0\.1|::1), a loopback address; Docent does not crawl private networks unless DOCENT_ALLOW_PRIVATE_NETWORKS=true$/);
    assert.equal(server.seen.length, 0);
  });

  it('refuses the other spellings of loopback, the unspecified address and the metadata service', async () => {
    const refused: [string, RegExp][] = [
      [`http://[::1]:${server.port}/`, /^::1 is a loopback address/],
      [`http://[::ffff:127.0.0.1]:${server.port}/`, /^::ffff:7f00:1 is a loopback address/],
      [`http://2130706433:${server.port}/`, /^127\.0\.0\.1 is a loopback address/],
      [`http://0x7f.1:${server.port}/`, /^127\.0\.0\.1 is a loopback address/],
      [`http://0.0.0.0:${server.port}/`, /^0\.0\.0\.0 is an unspecified address/],
      ['http://169.254.169.254/latest/meta-data/', /^169\.254\.169\.254 is the cloud metadata address/],
      ['http://[fd00::1]/', /^fd00::1 is a unique-local IPv6 address/],
      ['http://100.64.0.1/', /^100\.64\.0\.1 is a shared \(carrier-grade NAT\) address/],
    ];
    for (const [url, message] of refused) {
      const error = await rejection(guardedFetch(url, guarded));
      assert.equal(error.kind, 'refused-address', url);
      assert.match(error.message, message, url);
      assert.match(error.message, /DOCENT_ALLOW_PRIVATE_NETWORKS=true/, url);
    }
    assert.equal(server.seen.length, 0);
  });

  it('refuses a name whose DNS answer is private, even when another address is public', async () => {
    const resolve = tableResolver({ 'docs.example.com': ['93.184.216.34', '10.0.0.5'] });
    const error = await rejection(guardedFetch('http://docs.example.com/', guarded, { resolve }));
    assert.equal(error.message, 'docs.example.com resolves to 10.0.0.5, a private network address; Docent does not crawl private networks unless DOCENT_ALLOW_PRIVATE_NETWORKS=true');
  });

  it('re-checks every redirect: an allowed host that redirects to a private one is refused', async () => {
    const redirecting = await startServer((_req, res, port) => {
      res.writeHead(302, { location: `http://internal.test:${port}/admin` }).end();
    });
    try {
      const resolve = tableResolver({ 'public.test': ['127.0.0.1'], 'internal.test': ['10.1.2.3'] });
      // The hook calls 127.0.0.1 public so the first hop may connect; everything else is judged as usual.
      const classify = (address: string): AddressKind => (address === '127.0.0.1' ? 'public' : classifyAddress(address));
      const error = await rejection(guardedFetch(`http://public.test:${redirecting.port}/start`, guarded, { resolve, classify }));
      assert.equal(error.kind, 'refused-address');
      assert.match(error.message, /^internal\.test resolves to 10\.1\.2\.3, a private network address/);
      assert.deepEqual(
        redirecting.seen.map((seen) => seen.path),
        ['/start'],
      );
    } finally {
      await redirecting.close();
    }
  });

  it('connects to the vetted address without a second lookup (no DNS rebinding)', async () => {
    const calls: string[] = [];
    const resolve = tableResolver({ 'docs.test': ['127.0.0.1'] }, calls);
    const response = await guardedFetch(`http://docs.test:${server.port}/page`, open, { resolve });
    assert.equal(response.status, 200);
    assert.equal(response.body.toString(), '<p>secret</p>');
    assert.deepEqual(calls, ['docs.test']);
    assert.equal(server.seen.at(-1)?.host, `docs.test:${server.port}`);
  });

  it('says when a host does not exist', async () => {
    const error = await rejection(guardedFetch('http://nowhere.invalid/', guarded, { resolve: tableResolver({}) }));
    assert.equal(error.kind, 'dns');
    assert.equal(error.message, 'DNS: no such host nowhere.invalid');
  });
});

describe('guardedFetch on a local site (DOCENT_ALLOW_PRIVATE_NETWORKS=true)', () => {
  let server: TestServer;
  const big = 'x'.repeat(64 * 1024);
  before(async () => {
    server = await startServer((req, res, port) => {
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
      const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
      if (hop?.[1]) {
        const left = Number(hop[1]);
        if (left === 0) res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Arrived</h1>');
        else res.writeHead(left % 2 ? 301 : 307, { location: `/hop/${left - 1}` }).end();
        return;
      }
      switch (url.pathname) {
        case '/page':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-test': 'yes' }).end('<h1>Hello</h1>');
          return;
        case '/loop':
          res.writeHead(302, { location: '/loop' }).end();
          return;
        case '/to-file':
          res.writeHead(302, { location: 'file:///etc/passwd' }).end();
          return;
        case '/big':
          res.writeHead(200, { 'content-type': 'text/html' }).end(big);
          return;
        case '/big-chunked':
          res.writeHead(200, { 'content-type': 'text/html' });
          res.write(big.slice(0, 32 * 1024));
          res.end(big.slice(32 * 1024));
          return;
        case '/gzip':
          res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync('<h1>Gzip</h1>'));
          return;
        case '/br':
          res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }).end(brotliCompressSync('<h1>Brotli</h1>'));
          return;
        case '/gzip-bomb':
          res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20)));
          return;
        case '/slow-headers':
          setTimeout(() => res.writeHead(200).end('late'), 2_000).unref();
          return;
        case '/slow-body':
          res.writeHead(200, { 'content-type': 'text/html' });
          res.write('<h1>Start</h1>');
          setTimeout(() => res.end('late'), 2_000).unref();
          return;
        default:
          res.writeHead(404).end('not found');
      }
    });
  });
  after(() => server.close());

  it('fetches a page with the Docent user agent and returns status, headers and body', async () => {
    const response = await guardedFetch(`${server.origin}/page`, open);
    assert.equal(response.status, 200);
    assert.equal(response.url, `${server.origin}/page`);
    assert.equal(response.headers['x-test'], 'yes');
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.ok(Buffer.isBuffer(response.body));
    assert.equal(response.body.toString(), '<h1>Hello</h1>');
    assert.equal(server.seen.at(-1)?.userAgent, USER_AGENT);
    assert.match(USER_AGENT, /^Docent\/\d+\.\d+\.\d+/);
  });

  it('returns error statuses as responses, not errors', async () => {
    const response = await guardedFetch(`${server.origin}/missing`, open);
    assert.equal(response.status, 404);
  });

  it('follows a chain of 2 redirects and of 5, and reports the final URL', async () => {
    assert.equal((await guardedFetch(`${server.origin}/hop/2`, open)).url, `${server.origin}/hop/0`);
    const five = await guardedFetch(`${server.origin}/hop/${MAX_REDIRECTS}`, open);
    assert.equal(five.status, 200);
    assert.equal(five.body.toString(), '<h1>Arrived</h1>');
  });

  it('refuses a 6th redirect and a redirect loop', async () => {
    const before = server.seen.length;
    const error = await rejection(guardedFetch(`${server.origin}/hop/6`, open));
    assert.equal(error.kind, 'redirects');
    assert.equal(error.message, `more than 5 redirects from ${server.origin}/hop/6 (a redirect loop?)`);
    assert.equal(server.seen.length - before, 6, 'the start and 5 redirects were requested, not the 7th URL');
    assert.equal((await rejection(guardedFetch(`${server.origin}/loop`, open))).kind, 'redirects');
  });

  it('accepts only http and https, for the URL and for redirects', async () => {
    const file = await rejection(guardedFetch('file:///etc/passwd', open));
    assert.equal(file.kind, 'scheme');
    assert.equal(file.message, 'file:///etc/passwd: only http and https URLs can be crawled, not file');
    assert.equal((await rejection(guardedFetch('ftp://127.0.0.1/', open))).kind, 'scheme');
    const redirect = await rejection(guardedFetch(`${server.origin}/to-file`, open));
    assert.equal(redirect.kind, 'scheme');
    assert.match(redirect.message, /redirects there\): only http and https/);
    const invalid = await rejection(guardedFetch('not a url', open));
    assert.equal(invalid.kind, 'invalid-url');
    assert.equal(invalid.message, '"not a url" is not a valid URL');
  });

  it('decodes gzip and brotli bodies', async () => {
    assert.equal((await guardedFetch(`${server.origin}/gzip`, open)).body.toString(), '<h1>Gzip</h1>');
    assert.equal((await guardedFetch(`${server.origin}/br`, open)).body.toString(), '<h1>Brotli</h1>');
  });

  it('refuses a body past maxBytes instead of truncating it, decoded size included', async () => {
    const small = { ...open, maxBytes: 16 * 1024 };
    for (const path of ['/big', '/big-chunked', '/gzip-bomb']) {
      const error = await rejection(guardedFetch(`${server.origin}${path}`, small));
      assert.equal(error.kind, 'too-large', path);
      assert.equal(error.message, `${server.origin}${path} is larger than 16 KiB`);
    }
    assert.equal((await guardedFetch(`${server.origin}/big`, { ...open, maxBytes: 64 * 1024 })).body.length, 64 * 1024);
  });

  it('times out on slow headers and on a slow body', async () => {
    const quick = { ...open, timeoutMs: 300 };
    for (const path of ['/slow-headers', '/slow-body']) {
      const started = Date.now();
      const error = await rejection(guardedFetch(`${server.origin}${path}`, quick));
      assert.equal(error.kind, 'timeout', path);
      assert.equal(error.message, `${server.origin}${path} took longer than 0.3 s`);
      assert.ok(Date.now() - started < 1_500, 'the deadline cut the request short');
    }
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(guardedFetch(`${server.origin}/slow-headers`, { ...open, signal: controller.signal }));
    assert.equal(error.kind, 'aborted');
  });

  it('explains a refused connection and a TLS failure', async () => {
    const closed = await startServer(() => undefined);
    const port = closed.port;
    await closed.close();
    const refused = await rejection(guardedFetch(`http://127.0.0.1:${port}/`, open));
    assert.equal(refused.kind, 'connection');
    assert.equal(refused.message, `127.0.0.1:${port} refused the connection (nothing listens on that port?)`);
    // https to a plain-http port: the handshake fails, the way a broken certificate setup does.
    const tls = await rejection(guardedFetch(`https://127.0.0.1:${server.port}/page`, open));
    assert.equal(tls.kind, 'tls');
    assert.match(tls.message, new RegExp(`^TLS error with 127\\.0\\.0\\.1:${server.port}: `));
  });
});
