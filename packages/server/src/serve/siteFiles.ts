/**
 * The site's text files in memory with their brotli and gzip copies, so a request never compresses a file again:
 * each file is read and compressed on its first request, and kept while its size and modification time stay the
 * same (a rebuild rewrites them, and the next request reads the new file). The least recently used files leave
 * once the copies pass the memory budget.
 */
import type { Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { compress, type Encoding } from './compression.js';
import { inlineHashesOf, type InlineHashes } from './inlineHashes.js';

/** Bigger files are streamed from disk as they are. */
export const MAX_CACHED_FILE_BYTES = 8 * 1024 * 1024;
const DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024;

export interface CachedFile {
  body: Buffer;
  /** Changes whenever the file does: size and modification time. */
  version: string;
}

interface Entry extends CachedFile {
  file: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  inline?: InlineHashes;
  bytes: number;
}

export function versionOf(stats: Pick<Stats, 'size' | 'mtimeMs'>): string {
  return `${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}`;
}

export class SiteFiles {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly budgetBytes = DEFAULT_BUDGET_BYTES) {}

  /** Bytes held now: the files and their compressed copies. */
  get size(): number {
    return this.bytes;
  }

  /** The file's content as of `stats`, from memory when it has not changed since it was read. */
  async read(file: string, stats: Pick<Stats, 'size' | 'mtimeMs'>): Promise<CachedFile> {
    const version = versionOf(stats);
    const known = this.entries.get(file);
    if (known && known.version === version) {
      // Most recently used last, so eviction takes the oldest first.
      this.entries.delete(file);
      this.entries.set(file, known);
      return known;
    }
    const body = await readFile(file);
    // Another request may have read the same file meanwhile: keep one entry per file.
    const current = this.entries.get(file);
    if (current && current.version === version) return current;
    if (current) this.forget(file, current);
    const entry: Entry = { file, body, version, encoded: {}, bytes: 0 };
    this.entries.set(file, entry);
    this.grow(entry, body.length);
    return entry;
  }

  /** The file compressed; compressed once per version, even when requests for it arrive together. */
  encoded(file: string, cached: CachedFile, encoding: Encoding): Promise<Buffer> {
    const entry = this.entryOf(file, cached);
    const known = entry?.encoded[encoding];
    if (known) return known;
    const pending = compress(cached.body, encoding);
    if (entry) {
      entry.encoded[encoding] = pending;
      void pending.then((output) => this.grow(entry, output.length), () => undefined);
    }
    return pending;
  }

  /** The inline scripts and styles of an HTML file, found once per version. */
  inlineHashes(file: string, cached: CachedFile): InlineHashes {
    const entry = this.entryOf(file, cached);
    if (entry?.inline) return entry.inline;
    const inline = inlineHashesOf(cached.body.toString('utf8'));
    if (entry) entry.inline = inline;
    return inline;
  }

  /** The entry still holding this version, if it was not replaced or evicted meanwhile. */
  private entryOf(file: string, cached: CachedFile): Entry | undefined {
    const entry = this.entries.get(file);
    return entry && entry.body === cached.body ? entry : undefined;
  }

  /** Counts `bytes` more for a held entry, then evicts the least recently used others while over budget. */
  private grow(entry: Entry, bytes: number): void {
    if (this.entries.get(entry.file) !== entry) return;
    entry.bytes += bytes;
    this.bytes += bytes;
    for (const [file, oldest] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      if (oldest !== entry) this.forget(file, oldest);
    }
  }

  private forget(file: string, entry: Entry): void {
    this.entries.delete(file);
    this.bytes -= entry.bytes;
  }
}
