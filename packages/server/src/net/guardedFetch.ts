/**
 * The one way the server fetches a URL it was given by a user: http(s) only, every host resolved and vetted before
 * connecting (and again after every redirect), the connection pinned to the vetted addresses, a deadline over the
 * whole exchange and a cap on the decoded body.
 *
 * undici's own fetch is used (the same code as Node's global fetch) because Node 20 does not expose the Agent that a
 * pinned `connect.lookup` needs, and pairing the package's Agent with the bundled fetch breaks when their versions drift.
 */
import { fetch, type Response } from 'undici';
import { classifyAddress, type AddressKind } from './addressPolicy.js';
import { explainFailure } from './explainFailure.js';
import { FetchError, formatBytes, formatSeconds } from './fetchError.js';
import { pinnedAgent } from './pinnedAgent.js';
import { bareHostname, systemResolver, vetHost, type HostResolver, type ResolvedAddress } from './vetHost.js';

export { FetchError } from './fetchError.js';
export type { FetchErrorKind } from './fetchError.js';

export const MAX_REDIRECTS = 5;

export interface GuardedFetchOptions {
  allowPrivateNetworks: boolean;
  userAgent: string;
  /** Deadline for the whole exchange: DNS, connect, every redirect and the whole body. */
  timeoutMs: number;
  /** Largest decoded body accepted; a larger one is an error, never silently truncated. */
  maxBytes: number;
  signal?: AbortSignal;
  /** The Accept header; pages by default. */
  accept?: string;
  /** GET by default. A redirect turns a POST into a GET only for 303, as browsers do for 301 and 302 too. */
  method?: 'GET' | 'POST';
  body?: Uint8Array;
  /**
   * Extra request headers (a private source's credentials, a Git client's content type). They go to the origin of
   * `input` only: a redirect to another origin drops them, so a credential never leaves the site it was given for.
   */
  headers?: Record<string, string>;
}

/** Seams for tests: a resolver that needs no DNS server, a classifier that can call a loopback address public. */
export interface GuardedFetchHooks {
  resolve?: HostResolver;
  classify?: (address: string) => AddressKind;
}

export interface GuardedResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
}

const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Parse a URL (relative to `base` for redirects) and refuse every scheme but http and https. */
export function parseHttpUrl(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new FetchError('invalid-url', input, `"${input}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const from = base ? ` (${base.href} redirects there)` : '';
    throw new FetchError('scheme', url.href, `${url.href}${from}: only http and https URLs can be crawled, not ${url.protocol.replace(/:$/, '')}`);
  }
  return url;
}

export async function guardedFetch(input: string, options: GuardedFetchOptions, hooks: GuardedFetchHooks = {}): Promise<GuardedResponse> {
  const start = parseHttpUrl(input);
  const deadline = new AbortController();
  let timedOut = false;
  // setTimeout fires at once for delays past 2^31-1 ms, which would turn a generous timeout into none at all.
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort();
  }, Math.min(options.timeoutMs, 2 ** 31 - 1));
  const stop = (): void => deadline.abort();
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });

  const pins = new Map<string, ResolvedAddress[]>();
  const agent = pinnedAgent(pins, options.timeoutMs);
  const vet = { allowPrivateNetworks: options.allowPrivateNetworks, resolve: hooks.resolve ?? systemResolver, classify: hooks.classify ?? classifyAddress };
  let current = start;
  let method = options.method ?? 'GET';
  let body = options.body;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const addresses = await untilAborted(vetHost(current, vet), deadline.signal);
      pins.set(bareHostname(current).toLowerCase(), addresses);
      const extra = current.origin === start.origin ? options.headers : undefined;
      const response = await fetch(current, {
        method,
        ...(body ? { body } : {}),
        redirect: 'manual',
        dispatcher: agent,
        signal: deadline.signal,
        headers: { ...extra, 'user-agent': options.userAgent, accept: options.accept ?? DEFAULT_ACCEPT },
      });
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
      if (location === null) {
        const body = await readCapped(response, current, options.maxBytes);
        return { url: current.href, status: response.status, headers: Object.fromEntries(response.headers), body };
      }
      await response.body?.cancel();
      if (redirects === MAX_REDIRECTS) {
        throw new FetchError('redirects', current.href, `more than ${MAX_REDIRECTS} redirects from ${start.href} (a redirect loop?)`);
      }
      current = parseHttpUrl(location, current);
      if (response.status === 301 || response.status === 302 || response.status === 303) {
        method = 'GET';
        body = undefined;
      }
    }
  } catch (error) {
    if (timedOut) throw new FetchError('timeout', current.href, `${current.href} took longer than ${formatSeconds(options.timeoutMs)}`);
    if (options.signal?.aborted) throw new FetchError('aborted', current.href, `the crawl was stopped before ${current.href} was fetched`);
    throw explainFailure(error, { url: current });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
    await agent.destroy().catch(() => undefined);
  }
}

/** The decoded body, refused as soon as it passes `maxBytes` (a compressed body can inflate far past its length). */
async function readCapped(response: Response, url: URL, maxBytes: number): Promise<Buffer> {
  const tooLarge = (): FetchError => new FetchError('too-large', url.href, `${url.href} is larger than ${formatBytes(maxBytes)}`);
  const declared = Number(response.headers.get('content-length'));
  if (!response.headers.has('content-encoding') && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return Buffer.concat(chunks, total);
}

/** DNS lookups cannot be cancelled, so the deadline races them instead. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
