/**
 * How the server answers a request for the built site: clean URLs (`/support` → `support.html`), a `301` from
 * `/support.html` and `/x/index.html` to the clean path (query kept), the site's own 404 page with status 404,
 * long caching only for content-hashed assets, `304` when the browser's copy is current, and text compressed
 * with brotli or gzip when the browser accepts it. Each page's Content-Security-Policy also allows the page's
 * own inline code, in case the file changed after the site was last indexed. Pure path logic here; `sendSite`
 * does the I/O.
 */
import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, isCompressible, MIN_COMPRESS_BYTES } from './compression.js';
import type { InlineHashes } from './inlineHashes.js';
import { MAX_CACHED_FILE_BYTES, versionOf, type SiteFiles } from './siteFiles.js';

export type SiteAnswer =
  | { kind: 'file'; file: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing' };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Hashed build output never changes under the same name. */
const IMMUTABLE = /^\/assets\//;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Where a request path leads in the site folder. `pathname` is already decoded. */
export async function resolveSitePath(siteDir: string, pathname: string, search: string): Promise<SiteAnswer> {
  const root = path.resolve(siteDir);
  const inside = (relative: string): string | null => {
    const file = path.resolve(root, `.${relative}`);
    return file === root || file.startsWith(`${root}${path.sep}`) ? file : null;
  };
  if (pathname.includes('\0')) return { kind: 'missing' };

  const redirect = /^(.*?)(?:\/index)?\.html$/.exec(pathname);
  if (redirect) {
    const clean = redirect[1] || '/';
    const target = inside(pathname);
    if (target && (await isFile(target))) return { kind: 'redirect', location: `${clean}${search}` };
  }
  const candidates = pathname.endsWith('/')
    ? [`${pathname}index.html`]
    : [pathname, `${pathname}.html`, `${pathname}/index.html`];
  for (const candidate of candidates) {
    const file = inside(candidate);
    if (file && (await isFile(file))) return { kind: 'file', file, status: 200 };
  }
  const notFound = path.join(root, '404.html');
  return (await isFile(notFound)) ? { kind: 'file', file: notFound, status: 404 } : { kind: 'missing' };
}

export function cacheControlFor(pathname: string, status: number): string {
  return status === 200 && IMMUTABLE.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface SiteServing {
  siteDir: string;
  files: SiteFiles;
  /** The Content-Security-Policy for a page (or SVG drawing) with these inline scripts and styles. */
  pagePolicy(page: InlineHashes): string;
}

/** Whether If-None-Match names this entity tag (weak comparison, as for GET). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string): string => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** Answers a GET or HEAD for the site. */
export async function sendSite(site: SiteServing, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const url = new URL(request.url, 'http://localhost');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return reply.code(400).type('text/plain; charset=utf-8').send('The URL is not valid percent-encoding.');
  }
  const answer = await resolveSitePath(site.siteDir, pathname, url.search);
  if (answer.kind === 'redirect') return reply.code(301).header('location', answer.location).send();
  if (answer.kind === 'missing') return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  const stats = await stat(answer.file);
  const contentType = CONTENT_TYPES[path.extname(answer.file)] ?? 'application/octet-stream';
  const etag = `W/"${versionOf(stats)}"`;
  reply
    .code(answer.status)
    .header('content-type', contentType)
    .header('cache-control', cacheControlFor(pathname, answer.status))
    .header('etag', etag);
  const text = isCompressible(contentType);
  if (text) reply.header('vary', 'Accept-Encoding');
  if (answer.status === 200 && matchesEntityTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (!text || stats.size > MAX_CACHED_FILE_BYTES) return sendStream(answer.file, stats, request, reply);

  const cached = await site.files.read(answer.file, stats);
  // Pages and SVG drawings are documents a browser may open, with inline code of their own.
  if (contentType.startsWith('text/html') || contentType.startsWith('image/svg+xml')) {
    reply.header('content-security-policy', site.pagePolicy(site.files.inlineHashes(answer.file, cached)));
  }
  const encoding = cached.body.length >= MIN_COMPRESS_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
  const body = encoding ? await site.files.encoded(answer.file, cached, encoding) : cached.body;
  if (encoding) reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return request.method === 'HEAD' ? reply.send() : reply.send(body);
}

function sendStream(file: string, stats: Stats, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('content-length', stats.size);
  return request.method === 'HEAD' ? reply.send() : reply.send(createReadStream(file));
}
