/**
 * Reads the pages of a built site pushed as a zip. In two passes: the central directory first (paths, entry count,
 * declared sizes), so a hostile archive is refused before a byte is inflated; then each page, inflated one at a
 * time with its bytes counted, because a zip bomb can declare small sizes and expand to gigabytes.
 */
import { createHash } from 'node:crypto';
import * as zlib from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { UnreadableContent } from '../documents.js';
import { entryPath, escapeReason, isMacMetadata, isPagePath } from './entryPath.js';
import { archiveLimits, formatBytes, type ArchiveLimits } from './limits.js';
import { pageUrl } from './pageUrl.js';

export interface ArchivePage {
  /** path inside the archive, '/' separated: 'guide/intro/index.html' */
  path: string;
  /**
   * where a citation links: the page's own canonical link when it is an absolute http(s) URL, else '/' + path with
   * 'index.html' dropped ('/guide/intro/'; 'index.html' → '/')
   */
  url: string;
  html: string;
  /** sha256 hex of the page bytes */
  contentHash: string;
}

export interface ArchiveSkip {
  path: string;
  reason: string;
}

export interface SiteArchive {
  pages: ArchivePage[];
  skipped: ArchiveSkip[];
}

interface PageEntry {
  path: string;
  entry: Entry;
}

const REBUILD = 'Build the zip again from the built site folder, e.g. `docent source push --project <id> build/`.';

// zlib.crc32 arrived in Node 20.15; on an older Node 20 the checksum is not verified (inflate still catches most damage).
const crc32: ((data: Uint8Array) => number) | undefined = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

/**
 * Reads the .html/.htm pages of a zip (other entries are counted against the limits but not kept). Rejects with
 * UnreadableContent naming `name`, worded for the owner, when the bytes are not a zip, an entry path leaves the
 * archive (zip slip), there are too many entries, or the expanded size is over the limit (declared or actual). A
 * page over `maxPageBytes`, encrypted or compressed in a way yauzl cannot inflate is skipped and reported.
 */
export async function readSiteArchive(bytes: Uint8Array, name: string, limits: Partial<ArchiveLimits> = {}): Promise<SiteArchive> {
  const settings = archiveLimits(limits);
  const zip = await openZip(bytes, name);
  try {
    if (zip.entryCount > settings.maxEntries) throw tooManyEntries(name, zip.entryCount, settings);
    const { pages: pageEntries, skipped } = await catalogue(zip, name, settings);
    const pages: ArchivePage[] = [];
    let expanded = 0;
    for (const { path, entry } of pageEntries) {
      const data = await inflate(zip, entry, path, name, settings, expanded);
      expanded += data.length;
      const html = new TextDecoder('utf-8').decode(data);
      pages.push({ path, url: pageUrl(path, html), html, contentHash: createHash('sha256').update(data).digest('hex') });
    }
    return { pages, skipped };
  } finally {
    zip.close();
  }
}

async function openZip(bytes: Uint8Array, name: string): Promise<ZipFile> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    // decodeStrings off: entry paths are decoded and checked in entryPath.ts, with messages for the owner.
    return await yauzl.fromBufferPromise(buffer, { autoClose: false, decodeStrings: false, validateEntrySizes: true, strictFileNames: true });
  } catch (error) {
    throw new UnreadableContent(`${name} is not a zip archive, or it is damaged (${messageOf(error)}). Push a .zip of the built site, or its folder: \`docent source push --project <id> build/\`.`);
  }
}

/** Pass one: every entry's path and declared size, without inflating anything. */
async function catalogue(zip: ZipFile, name: string, limits: ArchiveLimits): Promise<{ pages: PageEntry[]; skipped: ArchiveSkip[] }> {
  const pages: PageEntry[] = [];
  const skipped: ArchiveSkip[] = [];
  const seen = new Set<string>();
  let entries = 0;
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      // The central directory can hold more records than its end record admits to; yauzl stops at the count, but
      // counting here keeps the limit true whatever a future reader does.
      entries += 1;
      if (entries > limits.maxEntries) throw tooManyEntries(name, entries, limits);
      const path = entryPath(entry);
      const escape = escapeReason(path);
      if (escape) {
        throw new UnreadableContent(
          `${name} is refused: the entry ${JSON.stringify(path)} would land outside the archive (${escape}). Zip the built site from inside its folder, so every path is relative and uses "/": \`docent source push --project <id> build/\` does this.`,
        );
      }
      declared += entry.uncompressedSize;
      if (declared > limits.maxExpandedBytes) throw tooLarge(name, `declares more than ${formatBytes(limits.maxExpandedBytes)} once expanded`, limits);
      if (path.endsWith('/') || !isPagePath(path) || isMacMetadata(path)) continue;

      const skip = (reason: string): void => void skipped.push({ path, reason });
      if (seen.has(path)) skip('the archive holds this path twice; the first copy is indexed');
      else if (entry.uncompressedSize > limits.maxPageBytes) skip(`${formatBytes(entry.uncompressedSize)}, over the ${formatBytes(limits.maxPageBytes)} limit for one page`);
      else if (entry.isEncrypted()) skip('the page is encrypted; zip the site without a password');
      else if (!entry.canDecodeFileData()) skip(`compressed with zip method ${entry.compressionMethod}, which Docent cannot read; zip with the usual deflate method`);
      else pages.push({ path, entry });
      seen.add(path);
    }
  } catch (error) {
    if (error instanceof UnreadableContent) throw error;
    throw new UnreadableContent(`${name} is damaged: its list of entries cannot be read (${messageOf(error)}). ${REBUILD}`);
  }
  return { pages, skipped };
}

/** Pass two, one page: its bytes, counted as they come so that a page lying about its size is stopped early. */
async function inflate(zip: ZipFile, entry: Entry, path: string, name: string, limits: ArchiveLimits, expandedSoFar: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // yauzl's own check (validateEntrySizes) also ends the stream once it passes the declared size.
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (expandedSoFar + size > limits.maxExpandedBytes) throw tooLarge(name, `expands to more than ${formatBytes(limits.maxExpandedBytes)}`, limits);
      if (size > entry.uncompressedSize || size > limits.maxPageBytes) throw sizeLie(name, path);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof UnreadableContent) throw error;
    if (/too many bytes|not enough bytes/i.test(messageOf(error))) throw sizeLie(name, path);
    throw new UnreadableContent(`${name} is damaged: the page ${JSON.stringify(path)} cannot be inflated (${messageOf(error)}). ${REBUILD}`);
  }
  const data = Buffer.concat(chunks, size);
  if (size !== entry.uncompressedSize) throw sizeLie(name, path);
  if (crc32 && crc32(data) !== entry.crc32) throw new UnreadableContent(`${name} is damaged: the page ${JSON.stringify(path)} fails its checksum. ${REBUILD}`);
  return data;
}

function tooManyEntries(name: string, count: number, limits: ArchiveLimits): UnreadableContent {
  return new UnreadableContent(
    `${name} holds ${count} entries; at most ${limits.maxEntries} are accepted. Push only the built site (the folder your docs build writes, without node_modules or sources).`,
  );
}

function tooLarge(name: string, what: string, limits: ArchiveLimits): UnreadableContent {
  return new UnreadableContent(
    `${name} ${what}; at most ${formatBytes(limits.maxExpandedBytes)} are accepted. Push only the built site's pages and assets (no videos, downloads or source maps), or split it into several sources.`,
  );
}

function sizeLie(name: string, path: string): UnreadableContent {
  return new UnreadableContent(
    `${name} is refused: the entry ${JSON.stringify(path)} expands to a different size than the archive declares, as a zip bomb does. ${REBUILD}`,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
