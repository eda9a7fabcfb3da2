/**
 * Word documents (`.docx`) with mammoth, which maps Word's paragraph styles to HTML: "Heading 1"–"Heading 6" to
 * h1–h6, lists, tables, bold and italics. Mammoth gives headings no ids, so each gets the slug of its text
 * (unique within the document) to become an anchored section. Images are dropped rather than inlined as data
 * URIs: they carry no searchable text and would make the HTML many times larger.
 */
import mammoth from 'mammoth';
import { UnreadableContent } from '../documents.js';
import { fileNameOf, htmlDocument, titleFromFileName } from './document.js';
import { slugify, uniqueIds } from './slug.js';

const NO_IMAGES = mammoth.images.imgElement(async () => ({ src: '' }));

export async function renderDocx(name: string, bytes: Uint8Array): Promise<string> {
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      // A .docx can link files by path ("externalFileAccess"); an upload must never read the server's disk.
      { convertImage: NO_IMAGES, externalFileAccess: false },
    );
    html = result.value;
  } catch (error) {
    throw new UnreadableContent(
      `${fileNameOf(name)} is not a Word document (.docx): ${reasonOf(error)}. If it is a .doc, .odt or .pages file, save it as .docx from Word or LibreOffice and upload it again`,
    );
  }
  const nextId = uniqueIds(slugify, 'section');
  let title = '';
  // Mammoth writes headings as a bare `<hN>` (no attributes), so the tag can be matched without a parser.
  const body = html.replace(/<h([1-6])>([\s\S]*?)<\/h\1>/g, (_match, level: string, inner: string) => {
    const text = textOf(inner);
    title ||= text;
    return `<h${level} id="${nextId(text)}">${inner}</h${level}>`;
  });
  return htmlDocument(title || titleFromFileName(name), body);
}

/**
 * Why mammoth (or JSZip under it) could not open the file, in the owner's terms for the two usual cases (a file
 * that is not a ZIP package at all, such as an old .doc; a ZIP without a Word document inside), else mammoth's
 * own first sentence.
 */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/central directory|zip file/i.test(message)) return 'it is not a ZIP package, as every .docx file is (an old .doc, or another format renamed?)';
  if (/main document part/i.test(message)) return 'the ZIP package holds no Word document (word/document.xml is missing)';
  return message.split('\n', 1)[0]?.replace(/[.?!\s]+$/, '') || 'it could not be opened';
}

/** The text of a heading's inner HTML: tags dropped (bookmarks, bold), the few entities mammoth writes decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_entity, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
