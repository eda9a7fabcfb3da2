/**
 * `/mcp` of `docent serve`: MCP over Streamable HTTP, stateless (each POST is a whole exchange, so any server behind
 * a load balancer can answer it). The project is the key's (`Authorization: Bearer <key>`); without a key,
 * `?project=<id>` names a public project, which answers from anywhere its allowed origins allow, as the REST API
 * does. A missing or refused key is a 401 problem before any MCP message is read, so clients can ask for a key.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAllowedOrigin } from '../access/origins.js';
import type { Services } from '../app/services.js';
import { PROJECT_ID, type Project } from '../projects/types.js';
import { HttpProblem } from '../serve/problem.js';
import { API_POLICY, COMMON_HEADERS } from '../serve/securityHeaders.js';
import { serverBackend, type Caller } from './backend.js';
import { docsMcpServer } from './tools.js';

export const MCP_PATH = '/mcp';

function unauthorized(detail: string): HttpProblem {
  return new HttpProblem(401, detail, undefined, { 'www-authenticate': 'Bearer realm="docent"' });
}

/** The project the request may use, and who calls; a problem when it may use none. */
async function accessOf(request: FastifyRequest, services: Services): Promise<{ project: Project; caller: Caller }> {
  const { project: named } = request.query as { project?: string };
  if (named !== undefined && !PROJECT_ID.test(named)) throw new HttpProblem(400, `"${named}" is not a project id. Give ?project=<id>, such as ?project=my-project.`);
  const header = request.headers.authorization;
  if (header !== undefined) {
    const result = await services.auth.check(header);
    if (!result.ok) throw unauthorized(result.detail);
    if (named !== undefined && named !== result.key.project) {
      throw new HttpProblem(403, `The API key ${result.key.prefix} belongs to the project ${result.key.project}, not ${named}. Leave out ?project, or use a key of ${named}.`);
    }
    const project = await services.store.getProject(result.key.project);
    if (!project) throw new HttpProblem(404, `The project ${result.key.project} of this key no longer exists.`);
    return { project, caller: { scopes: result.scopes, address: request.ip, limited: true } };
  }
  if (named === undefined) throw unauthorized('Name the project: /mcp?project=<id> for a public project, or send Authorization: Bearer <key> with a key that has the scopes search and chat.');
  const project = await services.store.getProject(named);
  if (!project) throw new HttpProblem(404, `There is no project with the id ${named} on this server.`);
  if (!project.public) throw unauthorized(`The project ${named} is private: send Authorization: Bearer <key> with a key that has the scopes search and chat.`);
  const origin = request.headers.origin;
  if (origin !== undefined && !isAllowedOrigin(origin, [...project.allowedOrigins, ...services.allowedOrigins()])) {
    throw new HttpProblem(403, `Requests from ${origin} are not allowed for this project. Add the origin to the project's allowed origins.`);
  }
  return { project, caller: { scopes: null, address: request.ip, limited: true } };
}

async function exchange(request: FastifyRequest, reply: FastifyReply, services: Services): Promise<FastifyReply> {
  const { project, caller } = await accessOf(request, services);
  const server = docsMcpServer(serverBackend(services, project, caller));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  reply.hijack();
  for (const [name, value] of Object.entries({ ...COMMON_HEADERS, 'content-security-policy': API_POLICY })) reply.raw.setHeader(name, value);
  if (request.headers.origin !== undefined) reply.raw.setHeader('access-control-allow-origin', request.headers.origin).setHeader('vary', 'Origin');
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request.raw, reply.raw, request.body);
  return reply;
}

export function mcpRoutes(app: FastifyInstance, services: Services): void {
  app.post(MCP_PATH, (request, reply) => exchange(request, reply, services));
  const notHere = async (): Promise<never> => {
    throw new HttpProblem(405, 'This MCP endpoint is stateless: send each JSON-RPC message as a POST. It keeps no session to stream from or to delete.', undefined, { allow: 'POST' });
  };
  app.get(MCP_PATH, notHere);
  app.delete(MCP_PATH, notHere);
}
