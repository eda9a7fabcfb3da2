/**
 * Which IP addresses the crawler may connect to. A source URL comes from whoever can add a source, so without this
 * check the server could be made to fetch its own admin ports, the cloud metadata service (169.254.169.254) or hosts
 * of the private network it runs in, and hand their answers back as "documentation" (server-side request forgery).
 *
 * IPv6 is judged by an allow-list (global unicast 2000::/3 only) rather than a deny-list: new special ranges keep
 * being assigned, and refusing what we do not know is the safe mistake for a crawler of public sites.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'metadata'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'invalid';

/** How a refusal names the address to a site owner. */
const PHRASES: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  shared: 'a shared (carrier-grade NAT) address',
  'link-local': 'a link-local address',
  metadata: 'the cloud metadata address',
  'unique-local': 'a unique-local IPv6 address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  invalid: 'not a valid IP address',
};

export function describeAddressKind(kind: Exclude<AddressKind, 'public'>): string {
  return PHRASES[kind];
}

type V4Rule = [base: number, prefix: number, kind: Exclude<AddressKind, 'public'>];

/** IANA's IPv4 special-purpose registry, reduced to what a crawler must not reach. The first match wins. */
const V4_RULES: V4Rule[] = [
  [v4('169.254.169.254'), 32, 'metadata'],
  [v4('0.0.0.0'), 32, 'unspecified'],
  [v4('0.0.0.0'), 8, 'reserved'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'shared'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'],
  [v4('192.0.2.0'), 24, 'reserved'],
  [v4('192.88.99.0'), 24, 'reserved'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'],
  [v4('198.51.100.0'), 24, 'reserved'],
  [v4('203.0.113.0'), 24, 'reserved'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'],
];

function v4(text: string): number {
  return text.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function classifyV4(value: number): AddressKind {
  for (const [base, prefix, kind] of V4_RULES) {
    const size = 2 ** (32 - prefix);
    if (value >= base && value < base + size) return kind;
  }
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (already checked with isIPv6), an embedded dotted IPv4 tail included. */
function v6Groups(text: string): number[] {
  let address = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted?.[1]) {
    const value = v4(dotted[1]);
    address = `${address.slice(0, -dotted[1].length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const parse = (part: string): number[] => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

function classifyV6(groups: number[]): AddressKind {
  const g = (index: number): number => groups[index] ?? 0;
  const firstSix = groups.slice(0, 6);
  const embeddedV4 = g(6) * 65536 + g(7);
  if (groups.every((group) => group === 0)) return 'unspecified';
  if (groups.slice(0, 7).every((group) => group === 0) && g(7) === 1) return 'loopback';
  // ::ffff:a.b.c.d reaches the IPv4 host a.b.c.d, so it is judged as that host.
  if (firstSix.slice(0, 5).every((group) => group === 0) && g(5) === 0xffff) return classifyV4(embeddedV4);
  // NAT64 (64:ff9b::/96) also reaches the embedded IPv4 host.
  if (g(0) === 0x64 && g(1) === 0xff9b && firstSix.slice(2).every((group) => group === 0)) return classifyV4(embeddedV4);
  if ((g(0) & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g(0) & 0xffc0) === 0xfe80) return 'link-local';
  if ((g(0) & 0xff00) === 0xff00) return 'multicast';
  // 6to4 (2002::/16) tunnels to the IPv4 host in its next 32 bits.
  if (g(0) === 0x2002) return classifyV4(g(1) * 65536 + g(2));
  if (g(0) === 0x2001 && g(1) === 0x0db8) return 'reserved';
  // 2001::/23 holds Teredo, ORCHID and other protocol assignments, none of them a documentation site.
  if (g(0) === 0x2001 && g(1) < 0x0200) return 'reserved';
  if ((g(0) & 0xe000) === 0x2000) return 'public';
  return 'reserved';
}

/** The kind of an IP address literal (IPv4, IPv6 with or without brackets or a zone). */
export function classifyAddress(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return classifyV4(v4(bare));
  if (isIPv6(bare)) return classifyV6(v6Groups(bare.toLowerCase()));
  return 'invalid';
}
