/**
 * CORS for the API: a browser request from another origin is allowed only from the project's allowed origins
 * (default: the origin serving the site, and localhost on any port). Others get a 403 problem that says so.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpProblem } from './problem.js';

const LOCALHOST = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isAllowedOrigin(origin: string, request: FastifyRequest, configured: readonly string[]): boolean {
  if (configured.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return LOCALHOST.has(url.hostname) || origin === `${request.protocol}://${request.host}`;
  } catch {
    return false;
  }
}

export function registerCors(app: FastifyInstance, configured: readonly string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!isAllowedOrigin(origin, request, configured)) {
      throw new HttpProblem(
        403,
        `Requests from ${origin} are not allowed for this project. Add the origin to the project's allowed origins, or call the API from the site that serves it.`,
      );
    }
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  });
  app.options('/v1/*', async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type, authorization, accept')
      .header('access-control-max-age', '600')
      .send(),
  );
}
