/** Types of postgres.mjs, for the TypeScript tests that start PostgreSQL with it. */
export declare const SUPERUSER: string;
export declare const PASSWORD: string;

export interface RunningPostgres {
  version: string;
  port: number;
  /** postgres://docent:…@127.0.0.1:<port>/<database> (default postgres) */
  url(database?: string): string;
  /** Creates a database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown); `start` starts it again on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Why PostgreSQL cannot run here, or null when it can. */
export declare function postgresUnavailable(): string | null;
export declare function startPostgres(): Promise<RunningPostgres>;
