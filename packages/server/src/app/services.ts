/** What the routes share, made once by createServer and never changed after. */
import type { Authenticator } from '../access/authenticate.js';
import type { LlmConfig } from '../serve/llm.js';
import type { OpenApiDocument } from '../serve/openapi.js';
import type { SecretBox } from '../sources/secrets.js';
import type { SyncRunner } from '../sources/sync.js';
import type { Store } from '../store/types.js';
import type { ProjectContent, ProjectContents } from './content.js';
import type { VisitorLimits } from './limits.js';

export interface Logger {
  /** Reports what the server does; never request bodies or secrets. */
  (message: string): void;
}

export interface Clock {
  (): Date;
}

export interface Services {
  store: Store;
  /** Seals source credentials before they are stored. */
  secrets: SecretBox;
  contract: OpenApiDocument;
  /** The indexed content of a project: its sources, and the hosted site's pages for the project it is bound to. */
  content(projectId: string): ProjectContent;
  contents: ProjectContents;
  /** The project the hosted site is bound to, and the folder of the built site. */
  siteProject: string;
  siteDir: string;
  syncs: SyncRunner;
  /** The model that writes answers; null for extractive answers. */
  llm: LlmConfig | null;
  log: Logger;
  now: Clock;
  auth: Authenticator;
  limits: VisitorLimits;
  /** Origins allowed for every project (`--allowed-origin`, the public URL's, the listening address'), besides each project's own. */
  allowedOrigins(): readonly string[];
  /** The base of the URLs answers and results link to (see urls.ts). */
  publicBase(): string;
}
