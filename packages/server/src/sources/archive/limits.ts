/**
 * How much a pushed site archive may hold. The archive arrives from CI over the network, so every limit is checked
 * before the bytes it guards are held in memory: entries from the central directory, sizes as declared and again
 * while inflating.
 */

export interface ArchiveLimits {
  /** Entries of every kind (pages, assets, folders): a built docs site has hundreds to a few thousand. */
  maxEntries: number;
  /** Bytes of all entries once expanded. */
  maxExpandedBytes: number;
  /** Bytes of one page once expanded: a larger page is skipped, not indexed. */
  maxPageBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = Object.freeze({
  maxEntries: 10_000,
  maxExpandedBytes: 200 * MiB,
  maxPageBytes: 5 * MiB,
});

/** The defaults with the given overrides; a limit that is not a positive whole number is a programming error. */
export function archiveLimits(overrides: Partial<ArchiveLimits> = {}): ArchiveLimits {
  const limits = { ...DEFAULT_ARCHIVE_LIMITS };
  for (const key of Object.keys(limits) as (keyof ArchiveLimits)[]) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`Archive limit ${key} must be a positive whole number; got ${String(value)}`);
    limits[key] = value;
  }
  return limits;
}

/** "5 MiB", "12.5 KiB", "300 bytes": for messages the owner reads. */
export function formatBytes(bytes: number): string {
  const unit = (size: number, name: string): string => `${Number.isInteger(bytes / size) ? bytes / size : (bytes / size).toFixed(1)} ${name}`;
  if (bytes >= MiB) return unit(MiB, 'MiB');
  if (bytes >= 1024) return unit(1024, 'KiB');
  return `${bytes} bytes`;
}
