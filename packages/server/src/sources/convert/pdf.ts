/**
 * PDF with unpdf (pdf.js built for servers). A PDF has no headings, only an optional outline (the bookmarks pane),
 * so sections come from the outline when there is one: each entry becomes a heading with the id `page=N` of the
 * page it points to, because a link ending in `#page=N` opens that page in the PDF viewers of browsers. Without an
 * outline, each page is a section "Page N". Top-level entries are h2 and deeper ones h3: the extractor gives an h1
 * no anchor, and every entry needs its page's.
 *
 * Text is read page by page, handing the event loop a turn between pages, so a 500-page manual does not stall
 * every other request while it is converted.
 */
import { getDocumentProxy } from 'unpdf';
import { UnreadableContent } from '../documents.js';
import { fileNameOf, htmlDocument, titleFromFileName, yieldToEventLoop } from './document.js';
import { escapeHtml } from './escape.js';
import { outlineHeadings, type OutlineHeading } from './pdfOutline.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

export async function renderPdf(name: string, bytes: Uint8Array): Promise<string> {
  const file = fileNameOf(name);
  const pdf = await open(file, bytes);
  try {
    const pages = await pageTexts(file, pdf);
    if (pages.every((text) => text.trim() === '')) {
      throw new UnreadableContent(`${file} has no text layer (a scanned document?): run it through OCR first, then upload it again`);
    }
    const headings = await outlineHeadings(pdf).catch(() => []);
    const title = (await metadataTitle(pdf)) || headings[0]?.title || titleFromFileName(name);
    const body = headings.length > 0 ? bodyFromOutline(pages, headings) : bodyByPage(pages);
    return htmlDocument(title, body);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

async function open(file: string, bytes: Uint8Array): Promise<PdfDocument> {
  // pdf.js tolerates some junk before the header, but bytes with no header at all are some other kind of file.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) {
    throw new UnreadableContent(`${file} is not a PDF: its content is another kind of file. Export or print it to PDF, then upload that file`);
  }
  try {
    // A copy: pdf.js may transfer (detach) the buffer it is given, and the caller's bytes must stay usable.
    return await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    // pdf.js errors are not exported as classes from unpdf's entry point; their `name` says what they are.
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new UnreadableContent(`${file} is protected by a password: upload a copy without one`);
    }
    throw damaged(file, error instanceof Error ? error.message : String(error));
  }
}

function damaged(file: string, reason: string): UnreadableContent {
  return new UnreadableContent(`${file} is a damaged PDF: ${reason.replace(/[.\s]+$/, '')}. Export it to PDF again and upload the new file`);
}

async function pageTexts(file: string, pdf: PdfDocument): Promise<string[]> {
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    try {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
      pages.push(text);
      page.cleanup();
    } catch (error) {
      throw damaged(file, `page ${number} cannot be read (${error instanceof Error ? error.message : String(error)})`);
    }
    await yieldToEventLoop();
  }
  return pages;
}

async function metadataTitle(pdf: PdfDocument): Promise<string> {
  try {
    const { info } = await pdf.getMetadata();
    const title = (info as Record<string, unknown> | undefined)?.Title;
    return typeof title === 'string' ? title.trim() : '';
  } catch {
    return '';
  }
}

function paragraph(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed ? `<p>${escapeHtml(collapsed)}</p>` : '';
}

function bodyByPage(pages: string[]): string {
  return pages.map((text, index) => `<h2 id="page=${index + 1}">Page ${index + 1}</h2>\n${paragraph(text)}`).join('\n');
}

/**
 * Outline entries sit at the start of their page, or, when their title appears in the page's text (after the
 * previous entry on that page), where the title appears: two chapters that share a page then each get their own
 * text. Text before the first entry stays in the document's untitled first section.
 */
function bodyFromOutline(pages: string[], headings: OutlineHeading[]): string {
  const parts: string[] = [];
  let headingIndex = 0;
  for (const [pageIndex, text] of pages.entries()) {
    const flat = text.replace(/\s+/g, ' ').trim();
    const lower = flat.toLowerCase();
    // Lower-casing a few characters (İ) changes the length, and with it every index found in `lower`.
    const searchable = lower.length === flat.length;
    let cursor = 0;
    for (; headingIndex < headings.length && (headings[headingIndex]?.pageIndex ?? Infinity) <= pageIndex; headingIndex += 1) {
      const heading = headings[headingIndex];
      if (!heading) continue;
      const found = searchable ? lower.indexOf(heading.title.toLowerCase(), cursor) : -1;
      const at = found === -1 ? cursor : found;
      parts.push(paragraph(flat.slice(cursor, at)));
      const tag = heading.depth === 0 ? 'h2' : 'h3';
      parts.push(`<${tag} id="page=${heading.pageIndex + 1}">${escapeHtml(heading.title)}</${tag}>`);
      // The title is the heading now, not body text too.
      cursor = found === -1 ? at : at + heading.title.length;
    }
    parts.push(paragraph(flat.slice(cursor)));
  }
  return parts.filter(Boolean).join('\n');
}
