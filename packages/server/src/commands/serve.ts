/**
 * `docent serve --site <dir> --project <id>`: serves the built site and the REST API of every project in the
 * database from one origin. The site is the content of `--project`; docent.config.json, when present, is applied
 * first. The site is indexed on start and again whenever it is rebuilt. SIGTERM and SIGINT finish the requests in
 * flight, then close the database cleanly.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createServer } from '../app/createServer.js';
import { parseTrustProxy, type TrustProxy } from '../app/transport.js';
import { ConfigError, readDocentConfig, type DocentConfig } from '../config/docentConfig.js';
import { PROJECT_ID, PROJECT_ID_RULE } from '../projects/types.js';
import { llmConfigFromEnv } from '../serve/llm.js';
import { MAX_STYLE_HASHES, stylesFallBack } from '../serve/securityHeaders.js';
import { DEFAULT_DB, openStore } from './admin.js';
import { parseCommand } from './args.js';
import { UsageError, type Io } from './usage.js';

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
  /** --trust-proxy: the proxies in front of the server (a count, or their addresses). */
  trustProxy?: TrustProxy;
  /** --public-url: the base of result and citation URLs. */
  publicUrl?: string;
}

const DEFAULT_CONFIG = 'docent.config.json';

export function parseServeArgs(args: string[]): ServeOptions {
  const { values } = parseCommand('serve', args, {
    site: { type: 'string' },
    project: { type: 'string' },
    port: { type: 'string', default: '3000' },
    host: { type: 'string', default: '127.0.0.1' },
    db: { type: 'string', default: DEFAULT_DB },
    'allowed-origin': { type: 'string', multiple: true, default: [] },
    config: { type: 'string' },
    'trust-proxy': { type: 'string' },
    'public-url': { type: 'string' },
  });
  if (values.config !== undefined && !existsSync(values.config)) {
    throw new UsageError(`serve: --config ${values.config} does not exist; pass the path of your docent.config.json`);
  }
  const config = values.config ?? (existsSync(DEFAULT_CONFIG) ? DEFAULT_CONFIG : undefined);
  if (!values.site) throw new UsageError('serve: --site is required: the folder of the built site, such as --site build');
  if (!existsSync(path.join(values.site, 'index.html'))) {
    throw new UsageError(`serve: ${values.site} has no index.html; build the site first or pass its output folder to --site`);
  }
  if (!values.project || !PROJECT_ID.test(values.project)) throw new UsageError(`serve: --project must be a project id: ${PROJECT_ID_RULE}, such as my-docs`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`serve: --port must be a port number from 0 to 65535; got "${values.port}"`);
  let trustProxy: TrustProxy | undefined;
  if (values['trust-proxy'] !== undefined) {
    const parsed = parseTrustProxy(values['trust-proxy']);
    if (typeof parsed === 'string') throw new UsageError(`serve: --trust-proxy: ${parsed}; got "${values['trust-proxy']}"`);
    trustProxy = parsed;
  }
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !/^https?:\/\/[^/]/.test(publicUrl)) {
    throw new UsageError(`serve: --public-url must be an http or https URL, such as https://docs.example.com; got "${publicUrl}"`);
  }
  return {
    site: values.site,
    project: values.project,
    port,
    host: values.host,
    db: values.db,
    allowedOrigins: values['allowed-origin'],
    ...(trustProxy ? { trustProxy } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(config ? { config } : {}),
  };
}

/** Starts the server; resolves once it listens. */
export async function startServer(options: ServeOptions, log: (message: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  let llm: ReturnType<typeof llmConfigFromEnv>;
  try {
    llm = llmConfigFromEnv(env);
  } catch (error) {
    throw new UsageError(`serve: the model settings are incomplete: ${(error as Error).message}`);
  }
  let config: DocentConfig | undefined;
  if (options.config) {
    try {
      config = await readDocentConfig(options.config);
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(`serve: ${error.message}`);
      throw error;
    }
  }
  const store = await openStore('serve', options.db, { create: true }, env);
  const server = await createServer({
    store,
    site: { dir: options.site, project: options.project },
    ...(config ? { config } : {}),
    allowedOrigins: options.allowedOrigins,
    llm,
    allowPrivateNetworks: env.DOCENT_ALLOW_PRIVATE_NETWORKS === 'true',
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    logger: log,
  }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const { snapshot } = server.site;
  if (stylesFallBack(snapshot.inline)) {
    log(`the site has ${snapshot.inline.styles.length} distinct inline styles, more than the ${MAX_STYLE_HASHES} the Content-Security-Policy lists by hash: it allows inline styles ('unsafe-inline' for styles only) instead`);
  }
  const url = await server.listen(options.port, options.host);
  const shown = options.host === '127.0.0.1' ? url.replace('127.0.0.1', 'localhost') : url;
  const projects = (await store.listProjects()).length;
  log(
    `serving ${options.site} and the API at ${shown} (${snapshot.pages} pages, ${snapshot.sections} sections indexed for project ${options.project}; ${projects} project${projects === 1 ? '' : 's'} in ${store.location}; answers ${llm ? `by ${llm.model}` : 'extractive'}${options.config ? `; applied ${options.config}` : ''})`,
  );
  return { url, close: () => server.close() };
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
