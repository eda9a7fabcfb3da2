/**
 * `docent serve --site <dir> --project <id>`: serves the built site and the REST API from one origin, with the
 * site's pages indexed on start and again whenever the site is rebuilt. SIGTERM and SIGINT finish the requests in
 * flight, then close the database cleanly.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Io } from '../cli.js';
import { UsageError } from '../cli.js';
import { createApp } from '../serve/app.js';
import { ServerContext } from '../serve/context.js';
import { openDatabase } from '../serve/database.js';
import { llmConfigFromEnv } from '../serve/llm.js';
import { loadOpenApi } from '../serve/openapi.js';
import { SiteIndex } from '../serve/siteIndex.js';
import { parseCommand } from './args.js';

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
}

export function parseServeArgs(args: string[]): ServeOptions {
  const { values } = parseCommand('serve', args, {
    site: { type: 'string' },
    project: { type: 'string' },
    port: { type: 'string', default: '3000' },
    host: { type: 'string', default: '127.0.0.1' },
    db: { type: 'string', default: path.join('.docent', 'docent.db') },
    'allowed-origin': { type: 'string', multiple: true, default: [] },
  });
  if (!values.site) throw new UsageError('serve: --site is required: the folder of the built site, such as --site build');
  if (!existsSync(path.join(values.site, 'index.html'))) {
    throw new UsageError(`serve: ${values.site} has no index.html; build the site first or pass its output folder to --site`);
  }
  if (!values.project || !PROJECT_ID.test(values.project)) {
    throw new UsageError('serve: --project must be a project id: 3 to 40 characters of a-z, 0-9 and -, such as --project my-docs');
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`serve: --port must be a port number from 0 to 65535; got "${values.port}"`);
  return { site: values.site, project: values.project, port, host: values.host, db: values.db, allowedOrigins: values['allowed-origin'] };
}

/** Starts the server; resolves once it listens. */
export async function startServer(options: ServeOptions, log: (message: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  let llm: ReturnType<typeof llmConfigFromEnv>;
  try {
    llm = llmConfigFromEnv(env);
  } catch (error) {
    throw new UsageError(`serve: the model settings are incomplete: ${(error as Error).message}`);
  }
  const db = openDatabase(options.db);
  const site = await SiteIndex.open(options.site, log);
  const stopWatching = site.watch();
  const context = new ServerContext(options.project, site, db);
  context.llm = llm;
  context.log = log;
  const app = await createApp({
    context,
    contract: loadOpenApi(),
    siteDir: options.site,
    allowedOrigins: options.allowedOrigins,
    log,
  });
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host === '127.0.0.1' ? 'localhost' : options.host;
  log(`serving ${options.site} and the API for project ${options.project} at http://${shownHost}:${port} (${site.snapshot.pages} pages, ${site.snapshot.sections} sections indexed; database ${options.db}; answers ${llm ? `by ${llm.model}` : 'extractive'})`);
  return {
    url: `http://${options.host}:${port}`,
    async close() {
      stopWatching();
      await app.close();
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
