/**
 * The HTTP client isomorphic-git talks through: every request goes out by guardedFetch, so a repository URL gets the
 * same private-address refusal, deadline and size cap as a crawled page. The token travels only as a header (never in
 * the URL, where it could end up in a message), and guardedFetch drops it on a redirect to another origin.
 */
import { STATUS_CODES } from 'node:http';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { guardedFetch, type GuardedFetchOptions } from '../../net/guardedFetch.js';

export interface GitHttpSettings {
  allowPrivateNetworks: boolean;
  userAgent: string;
  /** Per request: the pack download is one request, so this bounds the largest transfer too. */
  timeoutMs: number;
  /** Largest response accepted: a shallow pack of the branch arrives in one response. */
  maxResponseBytes: number;
  token: string | null;
  signal?: AbortSignal;
}

/** The basic credentials GitHub accepts for any kind of token (and the test server checks the same way). */
export function authorizationOf(token: string): string {
  return `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
}

/**
 * GitHub sniffs the User-Agent and answers the smart protocol only to clients that call themselves `git/…`, so the
 * server's own agent (which site owners may filter on) comes after that prefix.
 */
export function gitUserAgent(userAgent: string): string {
  return userAgent.startsWith('git/') ? userAgent : `git/docent ${userAgent}`;
}

/** Headers guardedFetch sets itself (or that fetch computes): git's own values would be overridden or conflict. */
const MANAGED_HEADERS = new Set(['accept', 'user-agent', 'authorization', 'content-length', 'host']);

/** The ref discovery request, the only one git lets redirect: its final URL tells where the repository now lives. */
const DISCOVERY = '/info/refs?service=git-upload-pack';

export function guardedGitHttp(settings: GitHttpSettings): HttpClient {
  // A renamed GitHub repository redirects; like git, later requests go straight to the new place, because a redirected
  // POST would arrive as a GET. Only within one origin, so the token never follows a redirect to another host.
  let moved: { from: string; to: string } | null = null;
  return {
    async request(request: GitHttpRequest): Promise<GitHttpResponse> {
      const headers: Record<string, string> = {};
      let accept: string | undefined;
      for (const [name, value] of Object.entries(request.headers ?? {})) {
        const lower = name.toLowerCase();
        if (lower === 'accept') accept = value;
        else if (!MANAGED_HEADERS.has(lower)) headers[lower] = value;
      }
      if (settings.token !== null) headers.authorization = authorizationOf(settings.token);

      const method = (request.method ?? 'GET').toUpperCase();
      if (method !== 'GET' && method !== 'POST') throw new Error(`a Git client request used the unsupported method ${method}`);
      const options: GuardedFetchOptions = {
        allowPrivateNetworks: settings.allowPrivateNetworks,
        userAgent: gitUserAgent(settings.userAgent),
        timeoutMs: settings.timeoutMs,
        maxBytes: settings.maxResponseBytes,
        // git sends no Accept on its ref discovery; anything is fine there, and guardedFetch's default asks for HTML.
        accept: accept ?? '*/*',
        method,
        headers,
        ...(request.body ? { body: await concatenate(request.body) } : {}),
        ...(settings.signal ? { signal: settings.signal } : {}),
      };
      const url = moved !== null && request.url.startsWith(moved.from) ? moved.to + request.url.slice(moved.from.length) : request.url;
      const response = await guardedFetch(url, options);
      if (method === 'GET' && response.url !== url && url.endsWith(DISCOVERY) && response.url.endsWith(DISCOVERY)) {
        const to = response.url.slice(0, -DISCOVERY.length);
        if (new URL(to).origin === new URL(url).origin) moved = { from: request.url.slice(0, -DISCOVERY.length), to };
      }
      return {
        url: response.url,
        method,
        statusCode: response.status,
        statusMessage: STATUS_CODES[response.status] ?? '',
        headers: response.headers,
        body: oneChunk(response.body),
      };
    },
  };
}

/** git streams its request body; guardedFetch sends a finished one (the requests are a few kilobytes). */
async function concatenate(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    parts.push(chunk);
    total += chunk.byteLength;
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.byteLength;
  }
  return body;
}

async function* oneChunk(body: Uint8Array): AsyncIterableIterator<Uint8Array> {
  yield body;
}
