/** What every command shares: where it writes, and the error that means the command line is wrong. */

/** Where the CLI writes; tests pass their own. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** True when standard error is a terminal, where progress shows as a bar. */
  isTerminal?: boolean;
}

/** A user error: printed as one line, exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
