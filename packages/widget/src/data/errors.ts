/**
 * A failure whose message is written for the reader (the server's `detail`, when to try again, an unreachable
 * server): the dialog shows it as is. Any other error shows only the generic "could not be loaded" text.
 */
export class ReaderFacingError extends Error {
  override readonly name = 'ReaderFacingError';

  constructor(
    message: string,
    /** The HTTP status of the response, when there was one. */
    readonly status?: number,
    /** `429`: the seconds to wait before trying again, from `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
