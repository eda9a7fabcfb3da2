/**
 * One sitemap file, read: XML <urlset> or <sitemapindex> (sitemaps.org), a plain-text list of URLs (also allowed by
 * the protocol), gzip'd or not. Anything else is an error that says what the URL turned out to be, because the
 * usual mistake is giving the home page or a feed instead of the sitemap.
 */
import { gunzipSync } from 'node:zlib';
import { TextDecoder } from 'node:util';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatBytes } from '../../net/fetchError.js';
import { looksLikeHtml } from './decode.js';

export type SitemapDocument = { kind: 'urlset'; urls: string[] } | { kind: 'index'; sitemaps: string[] };

export class SitemapError extends Error {
  override readonly name = 'SitemapError';
}

export interface SitemapSource {
  url: string;
  mime: string;
  maxBytes: number;
}

function isGzip(body: Buffer): boolean {
  return body[0] === 0x1f && body[1] === 0x8b;
}

/** Gunzip with the same cap as the download: a few KiB of gzip can inflate to gigabytes. */
function gunzip(body: Buffer, { url, maxBytes }: SitemapSource): Buffer {
  try {
    return gunzipSync(body, { maxOutputLength: maxBytes });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) throw new SitemapError(`${url} is larger than ${formatBytes(maxBytes)} once uncompressed`);
    throw new SitemapError(`${url} looks gzip'd but could not be uncompressed (a damaged .gz file?)`);
  }
}

const parser = new XMLParser({
  ignoreAttributes: true,
  // Sitemaps are often written with a prefix (<sm:urlset>) or with extension namespaces (image:, news:, xhtml:).
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

function locs(entries: unknown): string[] {
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    const loc = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).loc : undefined;
    return typeof loc === 'string' && loc ? [loc] : [];
  });
}

function childOf(root: unknown, name: string): unknown {
  return typeof root === 'object' && root !== null ? (root as Record<string, unknown>)[name] : undefined;
}

export function parseSitemap(raw: Buffer, source: SitemapSource): SitemapDocument {
  const body = isGzip(raw) ? gunzip(raw, source) : raw;
  const text = new TextDecoder('utf-8').decode(body);
  const { url } = source;
  if (source.mime === 'text/html' || source.mime === 'application/xhtml+xml' || looksLikeHtml(body)) {
    throw new SitemapError(`${url} is an HTML page, not a sitemap; give the address of the sitemap itself (often /sitemap.xml)`);
  }
  if (!text.trimStart().startsWith('<')) return plainTextSitemap(text, url);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new SitemapError(`${url} is not well-formed XML: ${msg} (line ${line}, column ${col})`);
  }
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch (error) {
    // The parser refuses entity expansion past its limits (a "billion laughs" file), among other things.
    throw new SitemapError(`${url} could not be read as XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const urlset = childOf(document, 'urlset');
  if (urlset !== undefined) return { kind: 'urlset', urls: locs(childOf(urlset, 'url')) };
  const index = childOf(document, 'sitemapindex');
  if (index !== undefined) return { kind: 'index', sitemaps: locs(childOf(index, 'sitemap')) };
  const root = Object.keys(typeof document === 'object' && document !== null ? document : {}).find((key) => !key.startsWith('?'));
  throw new SitemapError(`${url} is XML but not a sitemap: its root element is <${root ?? '?'}>, where a sitemap has <urlset> or <sitemapindex>`);
}

/** sitemaps.org also allows a text file with one URL per line; anything else that is not XML is not a sitemap. */
function plainTextSitemap(text: string, url: string): SitemapDocument {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines.length > 0 && lines.every((line) => /^https?:\/\/\S+$/i.test(line))) return { kind: 'urlset', urls: lines };
  throw new SitemapError(`${url} is not a sitemap: it is neither XML nor a list of URLs, one per line`);
}
