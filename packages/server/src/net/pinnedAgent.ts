/**
 * An undici dispatcher that connects only to addresses already vetted for a host. Its `lookup` never asks DNS: it
 * answers from the pins, so the address that was checked is the address the socket opens to. A host that was not
 * pinned fails to connect instead of falling back to a fresh lookup.
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import type { ResolvedAddress } from './vetHost.js';

export function pinnedAgent(pins: ReadonlyMap<string, ResolvedAddress[]>, connectTimeoutMs: number): Agent {
  const lookup: LookupFunction = (hostname: string, options: LookupOptions, callback) => {
    const pinned = pins.get(hostname.toLowerCase()) ?? [];
    const wanted = options.family === 4 || options.family === 6 ? pinned.filter((entry) => entry.family === options.family) : pinned;
    const first = wanted[0];
    if (!first) {
      const error: NodeJS.ErrnoException = new Error(`${hostname} was not checked before connecting`);
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
      return;
    }
    // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), and for one otherwise.
    if (options.all) callback(null, wanted.map((entry): LookupAddress => ({ address: entry.address, family: entry.family })));
    else callback(null, first.address, first.family);
  };
  return new Agent({ connect: { lookup, timeout: connectTimeoutMs } });
}
