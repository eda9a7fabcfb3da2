// A small static server for the built site: clean URLs (/support → support.html),
// the site's 404 page with status 404, long caching for hashed assets.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
};

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Maps a URL path to the file that answers it, or undefined. */
async function resolveFile(root, urlPath) {
  const clean = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.(\/|\\|$))+/, '');
  const base = join(root, clean);
  if (!base.startsWith(root)) return undefined;
  const candidates = clean.endsWith(sep) || clean === '/' ? [join(base, 'index.html')] : [base, `${base}.html`, join(base, 'index.html')];
  for (const candidate of candidates) {
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

function send(response, status, file, method) {
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const hashed = /\/assets\//.test(file);
  response.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (method === 'HEAD') return response.end();
  createReadStream(file).pipe(response);
}

/**
 * Starts serving `root` under `basePath` on host:port. Resolves with the server once it listens.
 * Paths outside basePath, and paths with no file, answer the site's 404 page.
 */
export function startStaticServer({ root, port, host = '127.0.0.1', basePath = '/' }) {
  const notFound = join(root, '404.html');
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = url.pathname.startsWith(basePath) ? await resolveFile(root, `/${url.pathname.slice(basePath.length)}`) : undefined;
    if (file) send(response, 200, file, method);
    else send(response, 404, notFound, method);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
