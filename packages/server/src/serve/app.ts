/**
 * The Docent server as a Fastify app: the REST API under `/v1` (requests checked against openapi.yaml, errors as
 * problem+json) and the built site on every other path, each response with the security headers of
 * securityHeaders.ts. Fastify: maintained, fast, schema validation built in
 * (Ajv), and `inject()` lets tests call it without a socket; real-HTTP tests listen on 127.0.0.1.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { registerCors } from './cors.js';
import type { OpenApiDocument } from './openapi.js';
import { HttpProblem, problemOf, sendProblem, type ProblemError } from './problem.js';
import { feedbackRoutes } from './routes/feedback.js';
import { messageRoutes } from './routes/messages.js';
import { projectRoutes } from './routes/projects.js';
import { mergeInlineHashes, type InlineHashes } from './inlineHashes.js';
import { API_POLICY, COMMON_HEADERS, FILE_POLICY, sitePolicy } from './securityHeaders.js';
import { SiteFiles } from './siteFiles.js';
import { sendSite, type SiteServing } from './staticSite.js';

export interface AppOptions {
  context: ServerContext;
  contract: OpenApiDocument;
  siteDir: string;
  /** Origins allowed to call the API from a browser, besides the serving origin and localhost. */
  allowedOrigins?: readonly string[];
  /** Where the server reports what it does (never request bodies or secrets). */
  log?: (message: string) => void;
  /**
   * Behind a reverse proxy: take the visitor's address (rate limits) and the scheme and host (URLs in answers)
   * from X-Forwarded-For, -Proto and -Host. Only when the proxy sets them, or visitors could choose their own.
   */
  trustProxy?: boolean;
}

/** Request bodies above this size answer 413. */
export const BODY_LIMIT_BYTES = 32 * 1024;

function isApiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

function validationErrors(error: FastifyError): ProblemError[] {
  return (error.validation ?? []).map((item) => {
    const { missingProperty, additionalProperty } = item.params as { missingProperty?: string; additionalProperty?: string };
    const named = missingProperty ?? additionalProperty;
    const detail = additionalProperty ? 'is not a property of this request' : (item.message ?? 'is not valid');
    if (error.validationContext === 'body') return { pointer: named ? `${item.instancePath}/${named}` : item.instancePath, detail };
    return { parameter: named ?? item.instancePath.replace(/^\//, ''), detail };
  });
}

export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const log = options.log ?? (() => undefined);
  const app = Fastify({
    logger: false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // allowUnionTypes: the contract's event properties may be strings, numbers or booleans.
    ajv: { customOptions: { coerceTypes: true, allErrors: true, removeAdditional: false, allowUnionTypes: true } },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const instance = request.url.split('?')[0];
    if (error instanceof HttpProblem) return sendProblem(reply, problemOf(error.status, error.message, instance, error.errors), error.headers);
    if (error.validation && error.validationContext === 'body') {
      return sendProblem(reply, problemOf(422, 'The request body does not match the schema of this operation; see errors for each problem.', instance, validationErrors(error)));
    }
    if (error.validation) {
      const where = `${error.validationContext ?? 'request'} parameters`;
      return sendProblem(reply, problemOf(400, `The ${where} do not match this operation; see errors for each problem.`, instance, validationErrors(error)));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendProblem(reply, problemOf(413, `The request body is larger than ${BODY_LIMIT_BYTES / 1024} KiB. Send a shorter question or fewer events per request.`, instance));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(reply, problemOf(415, 'Send the request body as JSON with Content-Type: application/json.', instance));
    }
    if (error.statusCode === 400) {
      return sendProblem(reply, problemOf(400, 'The request body is not valid JSON. Check quotes, commas and brackets.', instance));
    }
    log(`internal error on ${request.method} ${instance}: ${error.message}`);
    return sendProblem(reply, problemOf(500, 'The server could not complete the request. Try again; if it keeps failing, check the server log.', instance));
  });

  // One policy string per page version and site index: a page's hashes and the site's stay the same objects
  // until the file changes or the site is indexed again, so a request does not merge and join them anew.
  const policies = new WeakMap<InlineHashes, WeakMap<InlineHashes, string>>();
  const site: SiteServing = {
    siteDir: options.siteDir,
    files: new SiteFiles(),
    pagePolicy: (page) => {
      const siteHashes = options.context.site.snapshot.inline;
      let forSite = policies.get(siteHashes);
      if (!forSite) policies.set(siteHashes, (forSite = new WeakMap()));
      let policy = forSite.get(page);
      if (policy === undefined) forSite.set(page, (policy = sitePolicy(mergeInlineHashes([siteHashes, page]))));
      return policy;
    },
  };
  // Before any route, so every response has them: errors, redirects and the answer streams that write their own
  // head (they pass these on). sendSite replaces the policy for pages.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(COMMON_HEADERS).header('content-security-policy', isApiPath(request.url) ? API_POLICY : FILE_POLICY);
  });

  registerCors(app, options.allowedOrigins ?? []);
  projectRoutes(app, options.context, options.contract);
  messageRoutes(app, options.context, options.contract);
  feedbackRoutes(app, options.context, options.contract);

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      const path = request.url.split('?')[0];
      return sendProblem(reply, problemOf(404, `There is no operation at ${request.method} ${path}. The API reference lists the operations.`, path));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).header('allow', 'GET, HEAD').type('text/plain; charset=utf-8').send('The site answers GET and HEAD only.');
    }
    return sendSite(site, request, reply);
  });
  return app;
}
