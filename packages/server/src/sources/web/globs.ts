/**
 * `include` and `exclude` globs of a sitemap source, matched against the URL's path only (the docs promise
 * "/docs/**", not "https://host/docs/**"). An empty `include` keeps every URL; `exclude` wins over `include`.
 */
import picomatch from 'picomatch';

export type PathFilter = (url: string) => 'kept' | 'not-included' | 'excluded';

export function pathFilter(include: readonly string[] = [], exclude: readonly string[] = []): PathFilter {
  // dot: paths like /.well-known/ are ordinary pages to a site owner, not hidden files.
  const options = { dot: true };
  const included = include.length > 0 ? picomatch([...include], options) : () => true;
  const excluded = exclude.length > 0 ? picomatch([...exclude], options) : () => false;
  return (url) => {
    const path = decodePath(new URL(url).pathname);
    if (excluded(path)) return 'excluded';
    return included(path) ? 'kept' : 'not-included';
  };
}

/** Globs are written with readable characters ("/guides/café"), paths arrive percent-encoded. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
