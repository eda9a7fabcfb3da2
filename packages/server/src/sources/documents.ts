/**
 * What every source type hands the sync: documents with a URL, a hash of their raw content and a way to render
 * them as HTML. The sync renders and extracts only the documents whose hash changed, with the same extractor as
 * crawled pages, so every type gets the same sections, anchors and search behaviour.
 */
import type { CrawlFailure } from './web/types.js';

export interface SourceDocument {
  /**
   * Where a citation of the document links: an absolute http(s) URL, or a path starting with `/` that the API
   * puts under the project's public URL. A `#fragment` is kept (one OpenAPI operation of a document).
   */
  url: string;
  /** sha256 hex of the raw content: an unchanged hash skips rendering and extraction. */
  contentHash: string;
  /**
   * The document as HTML: a `<title>`, and `h1`–`h3` headings whose `id` is the anchor of their section. Rejects
   * with an UnreadableContent error, worded for the owner, when the content cannot be read.
   */
  render(): Promise<string>;
}

export interface CollectResult {
  documents: SourceDocument[];
  /** Documents that could not be read; each keeps what it had indexed, unless `status` says it is gone. */
  failures: CrawlFailure[];
  /** Set when the source as a whole failed: it keeps what it had indexed. */
  fatal: string | null;
}

/** Content that cannot be turned into text (an encrypted PDF, a broken document): the message says what to do. */
export class UnreadableContent extends Error {
  override readonly name = 'UnreadableContent';
}
