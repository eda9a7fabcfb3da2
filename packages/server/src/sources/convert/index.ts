/**
 * Turns one uploaded or repository file into the HTML that `extractSections` splits into sections: a `<title>`
 * and h1–h3 headings whose `id` is each section's anchor. One converter per format, each in its own file; this
 * module picks one by extension and makes sure that a file which cannot be read fails with an UnreadableContent
 * worded for the owner, never with a library's stack trace.
 */
import { UnreadableContent } from '../documents.js';
import { renderCsv } from './csv.js';
import { extensionOf, fileNameOf } from './document.js';
import { renderDocx } from './docx.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { renderPdf } from './pdf.js';
import { renderRst } from './rst.js';
import { renderText } from './text.js';

/** The extensions an upload (`file` source) may have. */
export const UPLOAD_EXTENSIONS = ['.md', '.mdx', '.txt', '.html', '.pdf', '.docx', '.csv'] as const;

/** Every extension renderFile reads: the uploadable ones plus '.rst', '.markdown', '.htm' (repositories). */
export const RENDERABLE_EXTENSIONS: readonly string[] = [...UPLOAD_EXTENSIONS, '.rst', '.markdown', '.htm'];

const MEDIA_TYPES: Record<string, string> = {
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  // MDX has no registered media type; it is Markdown to anything that downloads it.
  '.mdx': 'text/markdown',
  '.txt': 'text/plain',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.csv': 'text/csv',
  '.rst': 'text/x-rst',
  // What an openapi or private upload may be.
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.zip': 'application/zip',
};

/** By extension, case-insensitive: `Guide.PDF` is renderable. */
export function isRenderable(name: string): boolean {
  return RENDERABLE_EXTENSIONS.includes(extensionOf(name));
}

/** The media type to serve the original file with; `application/octet-stream` for an extension not read here. */
export function mediaTypeOf(name: string): string {
  return MEDIA_TYPES[extensionOf(name)] ?? 'application/octet-stream';
}

/**
 * The file as HTML for extractSections. `name` may be a path (`docs/guide/intro.md`); messages name its last
 * segment. Rejects with UnreadableContent, with a message for the owner naming the file.
 */
export async function renderFile(name: string, bytes: Uint8Array): Promise<string> {
  const extension = extensionOf(name);
  try {
    switch (extension) {
      case '.md':
      case '.markdown':
        return await renderMarkdown(name, bytes, { mdx: false });
      case '.mdx':
        return await renderMarkdown(name, bytes, { mdx: true });
      case '.rst':
        return renderRst(name, bytes);
      case '.txt':
        return renderText(name, bytes);
      case '.html':
      case '.htm':
        return renderHtml(name, bytes);
      case '.pdf':
        return await renderPdf(name, bytes);
      case '.docx':
        return await renderDocx(name, bytes);
      case '.csv':
        return await renderCsv(name, bytes);
      default:
        throw new UnreadableContent(
          `${fileNameOf(name)} cannot be indexed: files ending in ${extension || '(no extension)'} are not read; convert it to one of ${RENDERABLE_EXTENSIONS.join(', ')}`,
        );
    }
  } catch (error) {
    if (error instanceof UnreadableContent) throw error;
    // A converter's own checks all throw UnreadableContent; anything else is a library failing on this file.
    const reason = error instanceof Error ? error.message : String(error);
    throw new UnreadableContent(`${fileNameOf(name)} could not be read: ${reason}`);
  }
}
