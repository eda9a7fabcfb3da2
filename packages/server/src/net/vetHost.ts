/**
 * Resolve a URL's host once and refuse it when any of its addresses is not public. The addresses returned are the
 * only ones the request may connect to: resolving again at connect time would let a DNS server answer "public" to
 * the check and "127.0.0.1" to the connection (DNS rebinding).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { describeAddressKind, type AddressKind } from './addressPolicy.js';
import { FetchError, PRIVATE_NETWORKS_HINT } from './fetchError.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Turns a host name into addresses; node:dns by default, replaceable so tests never need a real DNS server. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  // verbatim keeps the resolver's order, so the connection tries addresses in the order the system prefers.
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export interface VetOptions {
  allowPrivateNetworks: boolean;
  resolve: HostResolver;
  classify: (address: string) => AddressKind;
}

/** The URL's host without the brackets WHATWG URL keeps around IPv6 literals. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

export async function vetHost(url: URL, options: VetOptions): Promise<ResolvedAddress[]> {
  const hostname = bareHostname(url);
  const literal = isIP(hostname);
  const addresses: ResolvedAddress[] = literal ? [{ address: hostname, family: literal === 6 ? 6 : 4 }] : await resolveOrExplain(hostname, url, options.resolve);
  if (options.allowPrivateNetworks) return addresses;
  for (const { address } of addresses) {
    const kind = options.classify(address);
    if (kind === 'public') continue;
    const where = literal ? `${hostname} is` : `${hostname} resolves to ${address},`;
    throw new FetchError('refused-address', url.href, `${where} ${describeAddressKind(kind)}; ${PRIVATE_NETWORKS_HINT}`);
  }
  return addresses;
}

async function resolveOrExplain(hostname: string, url: URL, resolve: HostResolver): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw new FetchError('dns', url.href, `DNS: no such host ${hostname}`);
    throw new FetchError('dns', url.href, `DNS: ${hostname} could not be resolved (${code ?? (error as Error).message}); check the name or try again later`);
  }
  if (addresses.length === 0) throw new FetchError('dns', url.href, `DNS: no such host ${hostname}`);
  return addresses;
}
