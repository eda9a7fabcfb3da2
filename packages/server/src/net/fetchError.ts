/**
 * Why a guarded fetch failed. The message goes into a source's `error` as it is, so it is written for the owner of the
 * site being crawled: it names the URL or host and says what to change.
 */
export type FetchErrorKind =
  | 'invalid-url'
  | 'scheme'
  | 'refused-address'
  | 'dns'
  | 'redirects'
  | 'timeout'
  | 'too-large'
  | 'tls'
  | 'connection'
  | 'aborted';

export class FetchError extends Error {
  override readonly name = 'FetchError';

  constructor(
    readonly kind: FetchErrorKind,
    /** The URL being fetched when it failed (after any redirects). */
    readonly url: string,
    message: string,
  ) {
    super(message);
  }
}

export const PRIVATE_NETWORKS_HINT = 'Docent does not crawl private networks unless DOCENT_ALLOW_PRIVATE_NETWORKS=true';

/** "20 s", "0.5 s": timeouts as a person reads them. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(ms < 1000 ? 3 : 1))} s`;
}

/** "5 MiB", "64 KiB", "300 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}
