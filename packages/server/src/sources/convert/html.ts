/**
 * HTML files are already what the extractor reads, so they pass through. Only the bytes need care: they are
 * decoded the way a crawled page is (byte-order mark, then `<meta charset>`, then UTF-8), so a page saved in
 * windows-1252 or Shift_JIS is not indexed as mojibake. The extractor itself ignores scripts and styles.
 */
import { decodeBody } from '../web/decode.js';
import { titleFromFileName } from './document.js';
import { escapeHtml } from './escape.js';

export function renderHtml(name: string, bytes: Uint8Array): string {
  const html = decodeBody(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), undefined);
  // A fragment with neither a <title> nor an <h1> would be titled by its URL; the file name reads better.
  if (/<title[\s>]/i.test(html) || /<h1[\s>]/i.test(html)) return html;
  return `<title>${escapeHtml(titleFromFileName(name))}</title>\n${html}`;
}
