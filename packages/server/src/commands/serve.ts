/**
 * `docent serve --site <dir> --project <id>`: serves the built site and the REST API from one origin, with the
 * site's pages indexed on start and again whenever the site is rebuilt. SIGTERM and SIGINT finish the requests in
 * flight, then close the database cleanly.
 */
import diagnostics from 'node:diagnostics_channel';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Io } from '../cli.js';
import { UsageError } from '../cli.js';
import { createApp } from '../serve/app.js';
import { ServerContext } from '../serve/context.js';
import { openDatabase } from '../serve/database.js';
import { MAX_STYLE_HASHES, stylesFallBack } from '../serve/securityHeaders.js';
import { llmConfigFromEnv } from '../serve/llm.js';
import { loadOpenApi } from '../serve/openapi.js';
import { SiteIndex } from '../serve/siteIndex.js';
import { parseCommand } from './args.js';
import { ConfigError, readProjectConfig, type ProjectConfig } from '../config/projectConfig.js';

const PROJECT_ID = /^[a-z0-9][a-z0-9-]{2,39}$/;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export interface ServeOptions {
  site: string;
  project: string;
  port: number;
  host: string;
  db: string;
  allowedOrigins: string[];
  /** docent.config.json: given with --config, or found in the working folder. */
  config?: string;
  /** --trust-proxy: the server runs behind a reverse proxy that sets X-Forwarded-*. */
  trustProxy?: boolean;
}

const DEFAULT_CONFIG = 'docent.config.json';

export function parseServeArgs(args: string[]): ServeOptions {
  const { values } = parseCommand('serve', args, {
    site: { type: 'string' },
    project: { type: 'string' },
    port: { type: 'string', default: '3000' },
    host: { type: 'string', default: '127.0.0.1' },
    db: { type: 'string', default: path.join('.docent', 'docent.db') },
    'allowed-origin': { type: 'string', multiple: true, default: [] },
    config: { type: 'string' },
    'trust-proxy': { type: 'boolean', default: false },
  });
  if (values.config !== undefined && !existsSync(values.config)) {
    throw new UsageError(`serve: --config ${values.config} does not exist; pass the path of your docent.config.json`);
  }
  const config = values.config ?? (existsSync(DEFAULT_CONFIG) ? DEFAULT_CONFIG : undefined);
  if (!values.site) throw new UsageError('serve: --site is required: the folder of the built site, such as --site build');
  if (!existsSync(path.join(values.site, 'index.html'))) {
    throw new UsageError(`serve: ${values.site} has no index.html; build the site first or pass its output folder to --site`);
  }
  if (!values.project || !PROJECT_ID.test(values.project)) {
    throw new UsageError('serve: --project must be a project id: 3 to 40 characters of a-z, 0-9 and -, such as --project my-docs');
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`serve: --port must be a port number from 0 to 65535; got "${values.port}"`);
  return { site: values.site, project: values.project, port, host: values.host, db: values.db, allowedOrigins: values['allowed-origin'], trustProxy: values['trust-proxy'], ...(config ? { config } : {}) };
}

/** Starts the server; resolves once it listens. */
export async function startServer(options: ServeOptions, log: (message: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  let llm: ReturnType<typeof llmConfigFromEnv>;
  try {
    llm = llmConfigFromEnv(env);
  } catch (error) {
    throw new UsageError(`serve: the model settings are incomplete: ${(error as Error).message}`);
  }
  let settings: ProjectConfig | null = null;
  if (options.config) {
    try {
      settings = await readProjectConfig(options.config, options.project);
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(`serve: ${error.message}`);
      throw error;
    }
  }
  const db = openDatabase(options.db);
  const site = await SiteIndex.open(options.site, log);
  const stopWatching = site.watch();
  const context = new ServerContext(options.project, site, db, settings?.messageLimit ? { messages: settings.messageLimit } : {});
  if (settings) context.settings = settings;
  context.llm = llm;
  context.log = log;
  const app = await createApp({
    context,
    contract: loadOpenApi(),
    siteDir: options.site,
    allowedOrigins: [...options.allowedOrigins, ...(settings?.allowedOrigins ?? [])],
    log,
    trustProxy: options.trustProxy ?? false,
  });
  if (stylesFallBack(site.snapshot.inline)) {
    log(`the site has ${site.snapshot.inline.styles.length} distinct inline styles, more than the ${MAX_STYLE_HASHES} the Content-Security-Policy lists by hash: it allows inline styles ('unsafe-inline' for styles only) instead`);
  }
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host === '127.0.0.1' ? 'localhost' : options.host;
  log(`serving ${options.site} and the API for project ${options.project} at http://${shownHost}:${port} (${site.snapshot.pages} pages, ${site.snapshot.sections} sections indexed; database ${options.db}; answers ${llm ? `by ${llm.model}` : 'extractive'}${options.config ? `; settings from ${options.config}${settings ? '' : `, which does not declare ${options.project}`}` : ''})`);
  return {
    url: `http://${options.host}:${port}`,
    async close() {
      stopWatching();
      // app.close() waits for every connection to end, and a keep-alive connection whose response was in flight
      // when closing began would stay open after it for the whole keep-alive timeout (72 s), keeping the database
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
      db.close();
    },
  };
}

export async function runServe(args: string[], io: Io): Promise<number> {
  const options = parseServeArgs(args);
  const log = (message: string): void => io.out(`docent: ${message}\n`);
  const server = await startServer(options, log);
  return new Promise((resolve) => {
    const stop = (signal: string): void => {
      log(`${signal}: finishing requests in flight and closing the database`);
      void server.close().then(() => resolve(0));
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
