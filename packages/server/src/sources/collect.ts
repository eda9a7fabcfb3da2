/**
 * What each source type yields for a sync, as SourceDocuments: crawled pages (`url`, `sitemap`, a `private`
 * crawl with its request headers), a repository's files (`github`), uploaded files (`file`), an OpenAPI
 * document's operations (`openapi`) and the pages of a pushed archive (`private` upload). Credentials are opened
 * here, for the fetch only, and never leave this module.
 */
import { createHash } from 'node:crypto';
import { readSiteArchive } from './archive/index.js';
import { renderFile } from './convert/index.js';
import { UnreadableContent, type CollectResult, type SourceDocument } from './documents.js';
import { collectGithub } from './github/index.js';
import { operationDocuments } from './openapi/index.js';
import type { SecretBox } from './secrets.js';
import type { GithubSourceConfig, OpenapiSourceConfig, PrivateSourceConfig, Source, SourceCredentials, StoredFile } from './types.js';
import { crawlSitemapSource, crawlUrlSource, type CrawlOptions, type CrawlResult, type SitemapSourceConfig, type UrlSourceConfig } from './web/index.js';
import { fetchDocument } from './web/document.js';

export interface CollectContext {
  crawl: CrawlOptions;
  secrets: SecretBox;
  /** The source's sealed credentials, or null. */
  credentials(sourceId: string): Promise<string | null>;
  files(sourceId: string): Promise<StoredFile[]>;
}

function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Where a citation of an uploaded file links: the server's own download URL for it (see getSourceFile). */
export function fileUrl(source: Pick<Source, 'project' | 'id'>, name: string): string {
  return `/v1/projects/${encodeURIComponent(source.project)}/sources/${encodeURIComponent(source.id)}/files/${encodeURIComponent(name)}`;
}

function fromCrawl(result: CrawlResult): CollectResult {
  return {
    documents: result.pages.map((page) => ({ url: page.url, contentHash: page.contentHash, render: () => Promise.resolve(page.html) })),
    failures: result.failures,
    fatal: result.fatal,
  };
}

function failed(fatal: string): CollectResult {
  return { documents: [], failures: [], fatal };
}

async function credentialsOf(source: Source, context: CollectContext): Promise<SourceCredentials> {
  const sealed = await context.credentials(source.id);
  return sealed ? (JSON.parse(context.secrets.open(sealed)) as SourceCredentials) : {};
}

function uploadedFiles(source: Source, files: readonly StoredFile[]): CollectResult {
  return {
    documents: files.map((file) => ({ url: fileUrl(source, file.name), contentHash: sha256(file.bytes), render: () => renderFile(file.name, file.bytes) })),
    failures: [],
    fatal: files.length ? null : 'The source has no files: upload them again as a new source.',
  };
}

/** One document per operation, at the description's URL (or download URL) with the operation's fragment. */
async function operations(text: string, name: string, base: string): Promise<CollectResult> {
  try {
    const documents: SourceDocument[] = (await operationDocuments(text, name)).map((operation) => ({
      url: `${base}#${operation.anchor}`,
      contentHash: sha256(operation.html),
      render: () => Promise.resolve(operation.html),
    }));
    return { documents, failures: [], fatal: documents.length ? null : `${name} describes no operations: add paths with operations to it.` };
  } catch (error) {
    if (error instanceof UnreadableContent) return failed(error.message);
    throw error;
  }
}

async function collectOpenapi(source: Source, config: OpenapiSourceConfig, context: CollectContext): Promise<CollectResult> {
  if (config.url) {
    const fetched = await fetchDocument(config.url, context.crawl);
    return fetched.ok ? operations(fetched.text, config.url, config.url) : failed(fetched.reason);
  }
  const [file] = await context.files(source.id);
  if (!file) return failed('The source has no document: upload it again as a new source.');
  return operations(file.bytes.toString('utf8'), file.name, fileUrl(source, file.name));
}

async function collectArchive(source: Source, context: CollectContext): Promise<CollectResult> {
  const [file] = await context.files(source.id);
  if (!file) return failed('The source has no archive: push it again.');
  try {
    const { pages, skipped } = await readSiteArchive(file.bytes, file.name);
    return {
      documents: pages.map((page) => ({ url: page.url, contentHash: page.contentHash, render: () => Promise.resolve(page.html) })),
      failures: skipped.map((entry) => ({ url: entry.path, reason: entry.reason })),
      fatal: pages.length ? null : `${file.name} holds no HTML pages: zip the output folder of your site build (the HTML files), not its sources.`,
    };
  } catch (error) {
    if (error instanceof UnreadableContent) return failed(error.message);
    throw error;
  }
}

/** Everything the source holds now; a source that cannot be read at all has `fatal` set. */
export async function collect(source: Source, context: CollectContext): Promise<CollectResult> {
  switch (source.type) {
    case 'url':
      return fromCrawl(await crawlUrlSource(source.config as UrlSourceConfig, context.crawl));
    case 'sitemap':
      return fromCrawl(await crawlSitemapSource(source.config as SitemapSourceConfig, context.crawl));
    case 'github': {
      const { token } = await credentialsOf(source, context);
      return collectGithub(source.config as GithubSourceConfig, token ?? null, context.crawl);
    }
    case 'file':
      return uploadedFiles(source, await context.files(source.id));
    case 'openapi':
      return collectOpenapi(source, source.config as OpenapiSourceConfig, context);
    case 'private': {
      const config = source.config as PrivateSourceConfig;
      if (!config.url) return collectArchive(source, context);
      const { headers } = await credentialsOf(source, context);
      const start = { url: config.url, include_subpages: config.include_subpages ?? false, ...(config.max_depth === undefined ? {} : { max_depth: config.max_depth }) };
      return fromCrawl(await crawlUrlSource(start, { ...context.crawl, ...(headers ? { headers } : {}) }));
    }
  }
}
