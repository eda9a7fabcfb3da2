/**
 * The one composition root of the Docent server. The CLI, the tests and the bench all build the server here, from
 * typed options, and nothing is filled in after construction. Requests flow one way: security headers → access
 * (project, key, scope, origin) → the contract's route → store and engine → response. The REST API lives under
 * `/v1` (requests checked against openapi.yaml, errors as problem+json); every other path is the built site.
 */
import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { Authenticator } from '../access/authenticate.js';
import type { DocentConfig } from '../config/docentConfig.js';
import type { ProjectSettings } from '../projects/types.js';
import { analyticsRoutes } from '../routes/analytics.js';
import multipart from '@fastify/multipart';
import { UPLOAD_LIMITS } from '../routes/upload.js';
import { mcpRoutes } from '../mcp/http.js';
import { sourceRoutes } from '../routes/sources.js';
import { chatRoutes } from '../routes/chat.js';
import { feedbackRoutes } from '../routes/feedback.js';
import { projectRoutes } from '../routes/projects.js';
import { mergeInlineHashes, type InlineHashes } from '../serve/inlineHashes.js';
import type { LlmConfig } from '../serve/llm.js';
import { loadOpenApi, type OpenApiDocument } from '../serve/openapi.js';
import { HttpProblem, problemOf, sendProblem, type ProblemError } from '../serve/problem.js';
import { DEFAULT_LIMITS, type RateLimit } from '../serve/rateLimit.js';
import { API_POLICY, COMMON_HEADERS, FILE_POLICY, sitePolicy } from '../serve/securityHeaders.js';
import { SiteFiles } from '../serve/siteFiles.js';
import { SiteIndex } from '../serve/siteIndex.js';
import { SyncRunner } from '../sources/sync.js';
import type { CrawlOptions } from '../sources/web/index.js';
import { DOCENT_VERSION } from '../version.js';
import { sendSite, type SiteServing } from '../serve/staticSite.js';
import { ConflictError, StoreUnavailableError, type Store } from '../store/types.js';
import { printable } from '../terminal.js';
import { preflightHook } from './access.js';
import { ProjectContents } from './content.js';
import { pollChanges, POLL_EVERY_MS } from './polling.js';
import { scheduleRetention, PURGE_EVERY_MS } from './retention.js';
import { capConnections, clientErrorHandler, DEFAULT_TRANSPORT, fastifyTrustProxy, type TransportLimits, type TrustProxy } from './transport.js';
import { baseOf } from './urls.js';
import { nulPointer, nulProblem, useContractValidation } from './validation.js';
import { VisitorLimits, type LimitedOperation } from './limits.js';
import { sealDeclarations } from '../config/declaredSources.js';
import { SecretBox } from '../sources/secrets.js';
import { SYNC_LEASE_MS } from '../sources/sync.js';
import type { Clock, Logger, Services } from './services.js';

export interface ServerOptions {
  store: Store;
  /** The built site this server hosts, and the project whose content it is. */
  site: { dir: string; project: string };
  /** docent.config.json, applied to the store at start. */
  config?: DocentConfig;
  /** Origins allowed to call every project's API from a browser, besides each project's own. */
  allowedOrigins?: readonly string[];
  llm?: LlmConfig | null;
  /**
   * Behind reverse proxies: the visitor's address (for the per-visitor limits) is taken from X-Forwarded-For,
   * from the right, skipping the trusted proxies. Nothing else is read from X-Forwarded-* or Host.
   */
  trustProxy?: TrustProxy;
  /** The base of result and citation URLs (default: the site's own `url`, else the listening address). */
  publicUrl?: string;
  /** Timeouts and the connection cap (tests shorten them). */
  transport?: Partial<TransportLimits>;
  /** How often old data is purged (default hourly). */
  purgeEveryMs?: number;
  /** Crawl private and loopback addresses (DOCENT_ALLOW_PRIVATE_NETWORKS=true): tests and intranets only. */
  allowPrivateNetworks?: boolean;
  /** Crawler settings (tests shorten delays and timeouts). */
  crawl?: Partial<CrawlOptions>;
  /** How often the server looks for changes by other processes and for syncs that are due (default 2 s). */
  pollMs?: number;
  /** Per-visitor limits where a project sets none (tests and the bench raise them). */
  limits?: Partial<Record<LimitedOperation, RateLimit>>;
  contract?: OpenApiDocument;
  logger?: Logger;
  clock?: Clock;
  /** Re-index the site when it is rebuilt (default true). */
  watchSite?: boolean;
  /** Seals and opens source credentials (default: DOCENT_SECRET_KEY, else the key file beside the database). */
  secrets?: SecretBox;
}

export interface DocentServer {
  app: FastifyInstance;
  site: SiteIndex;
  syncs: SyncRunner;
  /** Resolves once the project has no sync running and no source waiting for one (tests, the bench). */
  syncsIdle(project: string): Promise<void>;
  /** Indexes the hosted site again and swaps in its project's index (what the watcher does when the site is rebuilt). */
  refreshSite(): Promise<void>;
  /** Listens on the address; resolves with the server's URL. */
  listen(port: number, host: string): Promise<string>;
  /** Finishes the requests in flight, stops watching the site and closes the store. */
  close(): Promise<void>;
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

/** The hosted site's project, created public on first start with the site's name. */
async function ensureSiteProject(store: Store, project: string, siteName: string | null): Promise<void> {
  if (await store.getProject(project)) return;
  const settings: ProjectSettings = { name: siteName ?? project, public: true, allowedOrigins: [], widget: {}, limits: {} };
  try {
    await store.createProject(project, settings);
  } catch (error) {
    // Another server on the same database created it first, a moment ago.
    if (!(error instanceof ConflictError)) throw error;
  }
}

function errorHandler(app: FastifyInstance, log: Logger): void {
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
    if (error instanceof StoreUnavailableError) {
      log(`the database is unavailable (${request.method} ${instance}): ${error.message}`);
      return sendProblem(reply, problemOf(503, 'The database of this server cannot be reached right now. Try again in a few seconds.', instance), { 'retry-after': '5' });
    }
    log(`internal error on ${request.method} ${instance}: ${error.message}`);
    return sendProblem(reply, problemOf(500, 'The server could not complete the request. Try again; if it keeps failing, check the server log.', instance));
  });
}

/** The built site on every path outside the API, with a Content-Security-Policy per page. */
function siteServing(dir: string, site: SiteIndex): SiteServing {
  // One policy string per page version and site index: a page's hashes and the site's stay the same objects
  // until the file changes or the site is indexed again, so a request does not merge and join them anew.
  const policies = new WeakMap<InlineHashes, WeakMap<InlineHashes, string>>();
  return {
    siteDir: dir,
    files: new SiteFiles(),
    pagePolicy: (page) => {
      const siteHashes = site.snapshot.inline;
      let forSite = policies.get(siteHashes);
      if (!forSite) policies.set(siteHashes, (forSite = new WeakMap()));
      let policy = forSite.get(page);
      if (policy === undefined) forSite.set(page, (policy = sitePolicy(mergeInlineHashes([siteHashes, page]))));
      return policy;
    },
  };
}

export async function createServer(options: ServerOptions): Promise<DocentServer> {
  const write = options.logger ?? (() => undefined);
  // Log lines carry request paths and model errors: one printable line each.
  const log: Logger = (message) => write(printable(message));
  const now = options.clock ?? (() => new Date());
  const { store } = options;
  const secrets = options.secrets ?? (await SecretBox.forStore(store, process.env));
  for (const warning of secrets.warnings) log(warning);
  if (options.config) await store.applyProjects(sealDeclarations(options.config.projects, secrets), options.config.plans);
  const site = await SiteIndex.open(options.site.dir, log);
  await ensureSiteProject(store, options.site.project, site.snapshot.siteName);
  const contents = new ProjectContents(store, site, options.site.project, log);
  // A store of one server: any sync still running was left by a process that stopped. A shared one: only syncs whose
  // server stopped renewing them; the others belong to servers that are alive.
  const staleBefore = store.shared ? new Date(now().getTime() - SYNC_LEASE_MS) : now();
  const abandoned = await store.failAbandonedSyncs(now().toISOString(), staleBefore.toISOString());
  if (abandoned) log(`marked ${abandoned} sync${abandoned === 1 ? '' : 's'} that a stopped server left running as failed`);
  await contents.refreshChanged();
  const stopWatching = options.watchSite === false ? () => undefined : site.watch(() => contents.rebuild(options.site.project));
  const stopPurging = scheduleRetention(store, now, log, options.purgeEveryMs ?? PURGE_EVERY_MS);
  const syncs = new SyncRunner(store, {
    crawl: { allowPrivateNetworks: options.allowPrivateNetworks ?? false, userAgent: `Docent/${DOCENT_VERSION}`, ...options.crawl },
    secrets,
    now,
    log,
    changed: (project) => contents.rebuild(project),
  });
  const stopPolling = pollChanges(store, contents, syncs, now, log, options.pollMs ?? POLL_EVERY_MS);
  // Another server changed a project's content: rebuild its index now rather than at the next poll.
  const stopListening = store.onContentChanged ? await store.onContentChanged(() => void contents.refreshChanged()) : async () => undefined;

  let listening: string | null = null;
  const publicBase = (): string => baseOf(options.publicUrl ?? site.snapshot.siteUrl ?? listening ?? 'http://localhost');
  const services: Services = {
    store,
    secrets,
    contract: options.contract ?? loadOpenApi(),
    content: (projectId) => contents.get(projectId),
    contents,
    syncs,
    siteProject: options.site.project,
    siteDir: options.site.dir,
    llm: options.llm ?? null,
    log,
    now,
    auth: new Authenticator(store, now, log),
    limits: new VisitorLimits({ ...DEFAULT_LIMITS, ...options.limits }, () => now().getTime(), store.shared ? store : null),
    allowedOrigins: () => [...(options.allowedOrigins ?? []), new URL(publicBase()).origin, ...(listening ? [listening] : [])],
    publicBase,
  };
  const transport = { ...DEFAULT_TRANSPORT, ...options.transport };

  const app = Fastify({
    logger: false,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: transport.requestTimeoutMs,
    // Node checks the request and header timeouts this often; its default (30 s) would let a stalled request live long past them.
    http: { headersTimeout: transport.headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, transport.requestTimeoutMs) },
    clientErrorHandler,
    frameworkErrors: (error, request, reply) => {
      reply.headers(COMMON_HEADERS).header('content-security-policy', API_POLICY);
      const path = (request.raw.url ?? '').split('?')[0] ?? '';
      log(`refused a request that could not be routed (${error.code}): ${path.slice(0, 200)}`);
      return sendProblem(reply, problemOf(400, 'The URL is not valid: check its percent-encoding (% followed by two hexadecimal digits).'));
    },
  });
  capConnections(app.server, transport.connectionsPerAddress, options.trustProxy);
  useContractValidation(app);
  // Only JSON bodies: without this, Fastify would parse text/plain and answer 422 instead of 415.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body is no body (curl -X POST -H 'Content-Type: application/json' to syncProject); an operation
  // that needs one says so through its schema.
  // Fastify's own parser, which refuses __proto__ and constructor.prototype keys.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const at = nulPointer(value);
      return at ? done(nulProblem(422, at), undefined) : done(null, value);
    });
  });
  errorHandler(app, log);
  // Before any route, so every response has them: errors, redirects and the answer streams that write their own
  // head (they pass these on). sendSite replaces the policy for pages.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(COMMON_HEADERS).header('content-security-policy', isApiPath(request.url) ? API_POLICY : FILE_POLICY);
  });
  app.options('/v1/*', preflightHook(services));
  projectRoutes(app, services);
  chatRoutes(app, services);
  mcpRoutes(app, services);
  feedbackRoutes(app, services);
  analyticsRoutes(app, services);
  // Only addSource takes uploads: the multipart parser lives in the sources routes' own scope, so every other
  // operation still answers 415 to a multipart body.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: UPLOAD_LIMITS });
    sourceRoutes(scope, services);
  });

  const serving = siteServing(options.site.dir, site);
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      const path = request.url.split('?')[0];
      return sendProblem(reply, problemOf(404, `There is no operation at ${request.method} ${path}. The API reference lists the operations.`, path));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).header('allow', 'GET, HEAD').type('text/plain; charset=utf-8').send('The site answers GET and HEAD only.');
    }
    return sendSite(serving, request, reply);
  });

  return {
    app,
    site,
    syncs,
    refreshSite: () => site.refresh(() => contents.rebuild(options.site.project)),
    async syncsIdle(project) {
      for (;;) {
        await syncs.idle(project);
        const busy = (await store.listSources(project, 1000)).some((source) => source.status === 'pending' || source.status === 'syncing');
        if (!busy && !syncs.isRunning(project)) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async listen(port, host) {
      await app.listen({ port, host });
      const address = app.server.address();
      listening = `http://${host.includes(':') ? `[${host}]` : host}:${typeof address === 'object' && address ? address.port : port}`;
      return listening;
    },
    async close() {
      stopWatching();
      await stopListening();
      await stopPolling();
      await stopPurging();
      await syncs.stopAll();
      // app.close() waits for every connection to end, and a keep-alive connection whose response was in flight
      // when closing began would stay open after it for the whole keep-alive timeout (72 s), keeping the store
      // open: end each such connection as soon as its response has been sent in full.
      const endWhenSent = (message: unknown): void => {
        const { server, socket } = message as { server: unknown; socket: Socket };
        if (server === app.server) socket.end();
      };
      diagnostics.subscribe('http.server.response.finish', endWhenSent);
      try {
        await app.close();
      } finally {
        diagnostics.unsubscribe('http.server.response.finish', endWhenSent);
      }
      await store.close();
    },
  };
}
