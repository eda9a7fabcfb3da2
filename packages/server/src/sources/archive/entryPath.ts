/**
 * The path of an archive entry, checked before anything uses it. Pages are never written to disk, but their paths
 * become citation URLs, so a path that climbs out of the archive (zip slip) is refused rather than quietly
 * rewritten. yauzl can validate names itself; it is asked not to (decodeStrings: false) so that the refusal names
 * the archive and says what to do, instead of ending the read with yauzl's terse "invalid relative path".
 */
import yauzl, { type Entry } from 'yauzl';

/** Why `path` would leave the archive, or null when it stays inside. */
export function escapeReason(path: string): string | null {
  // Backslashes first: `..\evil.html` is a climb on Windows even though no segment is "..".
  if (path.includes('\\')) return 'it uses backslashes, which Windows reads as folder separators';
  if (path.startsWith('/')) return 'it is an absolute path';
  if (/^[a-zA-Z]:/.test(path)) return 'it starts with a drive letter';
  if (path.split('/').includes('..')) return 'it climbs out with ".."';
  // A NUL cuts a path short in C-based tools, so what they see and what is indexed would differ.
  if (path.includes('\0')) return 'it contains a NUL character';
  return null;
}

/**
 * The entry's path as text: the Info-ZIP Unicode path when present, UTF-8 when the entry says so, else CP437, as
 * zip tools write it. Backslashes are kept (strict) so `escapeReason` sees them.
 */
export function entryPath(entry: Entry): string {
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
}

export function isPagePath(path: string): boolean {
  return /\.html?$/i.test(path);
}

/** macOS Archive Utility adds `__MACOSX/._page.html` resource forks: they end in .html but are not pages. */
export function isMacMetadata(path: string): boolean {
  return path.split('/').includes('__MACOSX');
}
