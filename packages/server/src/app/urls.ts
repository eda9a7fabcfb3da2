/** Absolute URLs of the served site's pages in API answers. */
import type { FastifyRequest } from 'fastify';
import { servingOrigin } from './access.js';

export function publicUrl(request: FastifyRequest, path: string): string {
  return `${servingOrigin(request)}${path}`;
}
