/**
 * Access to every operation, as its `security` in openapi.yaml says: a public project accepts the operations
 * listed with `{}` without a key from its allowed origins; everything else needs `Authorization: Bearer <key>`
 * with the operation's scope, and a private project needs a key for everything. 401 (with `WWW-Authenticate`)
 * for a missing or bad key, 403 for another project's key or a missing scope; the detail says what is missing.
 * Runs when the request arrives, before its body is read.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allows } from '../access/scopes.js';
import { isAllowedOrigin } from '../access/origins.js';
import { PROJECT_ID, type Project } from '../projects/types.js';
import type { AccessRule } from '../serve/openapi.js';
import { HttpProblem } from '../serve/problem.js';
import type { KeyCheck } from '../store/types.js';
import type { Services } from './services.js';

export interface Access {
  project: Project;
  /** The key the request carried, or null for an anonymous request to a public project. */
  key: KeyCheck | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    access: Access;
  }
}

function unauthorized(detail: string, invalidToken: boolean): HttpProblem {
  return new HttpProblem(401, detail, undefined, { 'www-authenticate': `Bearer realm="docent"${invalidToken ? ', error="invalid_token"' : ''}` });
}

function noProject(id: string): HttpProblem {
  return new HttpProblem(404, `There is no project with the id ${id} on this server. docent project list shows the projects; docent project create adds one.`);
}

/** Allows the browser to read the response when the origin may call the project. */
function allowOrigin(request: FastifyRequest, reply: FastifyReply, project: Project, services: Services): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (!isAllowedOrigin(origin, [...project.allowedOrigins, ...services.allowedOrigins()])) return false;
  reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  return true;
}

export function accessHook(rule: AccessRule, services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { projectId } = request.params as { projectId?: string };
    // A malformed id gets the parameter check's 400.
    if (projectId === undefined || !PROJECT_ID.test(projectId)) return;
    const project = await services.store.getProject(projectId);
    const header = request.headers.authorization;

    if (header !== undefined) {
      const result = await services.auth.check(header);
      if (!result.ok) throw unauthorized(result.detail, true);
      const { key, scopes } = result;
      if (key.project !== projectId) throw new HttpProblem(403, `The API key ${key.prefix} belongs to the project ${key.project}, not ${projectId}. Use a key of ${projectId}.`);
      if (!project) throw noProject(projectId);
      if (!allows(scopes, rule.scope)) {
        const holder = key.memberEmail ? `the personal key of ${key.memberEmail} (role ${key.memberRole ?? 'none'})` : `the API key ${key.prefix}`;
        throw new HttpProblem(
          403,
          `${rule.operationId} needs the scope ${rule.scope}, which ${holder} does not have${scopes.length ? ` (it has ${scopes.join(', ')})` : ''}. Use a key with the scope ${rule.scope}.`,
        );
      }
      allowOrigin(request, reply, project, services);
      request.access = { project, key };
      return;
    }

    if (!project) throw noProject(projectId);
    if (!project.public) {
      throw unauthorized(`The project ${projectId} is private: send Authorization: Bearer <key> with a key that has the scope ${rule.scope}.`, false);
    }
    if (!rule.anonymous) {
      throw unauthorized(`${rule.operationId} needs an API key with the scope ${rule.scope}: send Authorization: Bearer <key>.`, false);
    }
    if (!allowOrigin(request, reply, project, services)) {
      throw new HttpProblem(
        403,
        `Requests from ${request.headers.origin} are not allowed for this project. Add the origin to the project's allowed origins, or call the API from the site that serves it.`,
      );
    }
    request.access = { project, key: null };
  };
}

/** The CORS preflight of a project's operations: allowed origins get the methods and headers the API takes. */
export function preflightHook(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const projectId = /^\/v1\/projects\/([^/?]+)/.exec(request.url)?.[1];
    const project = projectId && PROJECT_ID.test(projectId) ? await services.store.getProject(projectId) : null;
    const origin = request.headers.origin;
    if (origin !== undefined && project && !allowOrigin(request, reply, project, services)) {
      throw new HttpProblem(403, `Requests from ${origin} are not allowed for this project. Add the origin to the project's allowed origins, or call the API from the site that serves it.`);
    }
    if (origin !== undefined && !project) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS')
      .header('access-control-allow-headers', 'content-type, authorization, accept')
      .header('access-control-max-age', '600')
      .send();
  };
}
