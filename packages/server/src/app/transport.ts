/**
 * The HTTP connection itself, before any route: how long a client may take to send its headers and its whole
 * request, how many connections one address may hold open, and the answers to requests too broken to route
 * (headers too large, a URL that is not valid percent-encoding), which are problem+json with the security
 * headers like every other error.
 */
import { STATUS_CODES, type Server } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import { problemOf } from '../serve/problem.js';
import { API_POLICY, COMMON_HEADERS } from '../serve/securityHeaders.js';

export interface TransportLimits {
  /** The whole request, headers and body, must arrive within this time. */
  requestTimeoutMs: number;
  /** The headers must arrive within this time. */
  headersTimeoutMs: number;
  /** Connections one client address may hold open at once (not counted for trusted proxies). */
  connectionsPerAddress: number;
}

export const DEFAULT_TRANSPORT: TransportLimits = { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, connectionsPerAddress: 64 };

/** `--trust-proxy`: how many proxies to trust, or which addresses (CIDR ranges, `loopback`). */
export type TrustProxy = { hops: number } | { addresses: string[] };

const NAMED_RANGES: Record<string, string[]> = { loopback: ['127.0.0.0/8', '::1/128'], uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'] };

/** Parses `--trust-proxy 1` or `--trust-proxy 10.0.0.0/8,loopback`; null with the reason when it is neither. */
export function parseTrustProxy(text: string): TrustProxy | string {
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? { hops } : 'a number of proxies must be from 1 to 10';
  }
  const addresses = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (!addresses.length) return 'give a number of proxies, such as 1, or their addresses, such as 10.0.0.0/8,loopback';
  for (const entry of addresses.flatMap((part) => NAMED_RANGES[part] ?? [part])) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const bits = family === 6 ? 128 : 32;
    if (!family || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits))) return `"${entry}" is not an IP address or CIDR range`;
  }
  return { addresses };
}

/** The trusted proxies as Fastify's (proxy-addr's) trustProxy takes them: the first `hops` hops, or the addresses. */
export function fastifyTrustProxy(trust: TrustProxy | undefined): string[] | ((address: string, hop: number) => boolean) | false {
  if (!trust) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.addresses;
}

function blockListOf(trust: TrustProxy | undefined): BlockList | null {
  if (!trust || 'hops' in trust) return null;
  const list = new BlockList();
  for (const entry of trust.addresses.flatMap((part) => NAMED_RANGES[part] ?? [part])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** The address without IPv4-mapped IPv6's prefix. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * Caps the connections one address holds open: one more is closed at once. Behind trusted proxies given by
 * address, their connections are not counted (the visitor limits apply to the forwarded address); with a hop
 * count there is no way to tell the proxies, so no cap applies.
 */
export function capConnections(server: Server, limit: number, trust: TrustProxy | undefined): void {
  if (trust && 'hops' in trust) return;
  const trusted = blockListOf(trust);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = plainAddress(socket.remoteAddress ?? '');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!address || trusted?.check(address, family)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** A problem+json response written straight to the socket, for errors Node raises before any route. */
export function rawProblem(status: number, detail: string): string {
  const body = JSON.stringify(problemOf(status, detail));
  const headers = { ...COMMON_HEADERS, 'content-security-policy': API_POLICY, 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's clientErrorHandler: headers too large (431), a timeout (408), anything unparseable (400). */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let response: string;
  if (error.code === 'HPE_HEADER_OVERFLOW') response = rawProblem(431, 'The request headers are larger than the server accepts (16 KiB). Send fewer or shorter headers.');
  else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') response = rawProblem(408, 'The request did not arrive in time. Send the whole request at once.');
  else response = rawProblem(400, 'The request is not valid HTTP.');
  if (socket.writable) socket.end(response);
  else socket.destroy();
}
