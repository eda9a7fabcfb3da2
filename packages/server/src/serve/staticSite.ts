/**
 * How the server answers a request for the built site: clean URLs (`/support` → `support.html`), a `301` from
 * `/support.html` and `/x/index.html` to the clean path (query kept), the site's own 404 page with status 404,
 * and long caching only for content-hashed assets. Pure path logic here; `sendSite` does the I/O.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** Answers a GET or HEAD for the site. */
export async function sendSite(siteDir: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const url = new URL(request.url, 'http://localhost');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return reply.code(400).type('text/plain; charset=utf-8').send('The URL is not valid percent-encoding.');
  }
  const answer = await resolveSitePath(siteDir, pathname, url.search);
  if (answer.kind === 'redirect') return reply.code(301).header('location', answer.location).send();
  if (answer.kind === 'missing') return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  const { size } = await stat(answer.file);
  reply
    .code(answer.status)
    .header('content-type', CONTENT_TYPES[path.extname(answer.file)] ?? 'application/octet-stream')
    .header('content-length', size)
    .header('cache-control', cacheControlFor(pathname, answer.status))
    .header('x-content-type-options', 'nosniff');
  return request.method === 'HEAD' ? reply.send() : reply.send(createReadStream(answer.file));
}
