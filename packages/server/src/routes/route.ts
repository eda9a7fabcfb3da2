/** How a route of the contract is registered: its path and schemas from openapi.yaml, access checked on arrival. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accessHook } from '../app/access.js';
import type { Services } from '../app/services.js';
import { operation, parametersSchema, schemaFor } from '../serve/openapi.js';

/** `{projectId}` in OpenAPI is `:projectId` in Fastify. */
export function routeOf(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

export interface RouteSpec {
  operationId: string;
  /** The name of the request body's schema in components.schemas, when the operation takes a body. */
  body?: string;
  handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

export function contractRoute(app: FastifyInstance, services: Services, spec: RouteSpec): void {
  const info = operation(services.contract, spec.operationId);
  const hasQuery = info.parameters.some((parameter) => parameter.in === 'query');
  app.route({
    method: info.method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
    url: routeOf(info.path),
    schema: {
      params: parametersSchema(info.parameters, 'path'),
      ...(hasQuery ? { querystring: parametersSchema(info.parameters, 'query') } : {}),
      // Keyed by media type: a JSON body is checked against the schema; an upload (addSource's multipart/form-data) is read by its handler.
      ...(spec.body ? { body: { content: { 'application/json': { schema: schemaFor(services.contract, spec.body) } } } } : {}),
    },
    onRequest: accessHook(info.access, services),
    handler: spec.handler,
  });
}
