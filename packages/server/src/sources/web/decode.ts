/**
 * A response body as text. Pages are mostly UTF-8, but a page in windows-1252 or Shift_JIS decoded as UTF-8 would
 * index mojibake, so the charset of the Content-Type header, a byte-order mark or a <meta charset> is honoured.
 */
import { TextDecoder } from 'node:util';

export interface ContentType {
  mime: string;
  charset: string | undefined;
}

export function parseContentType(header: string | undefined): ContentType {
  const [mime = '', ...parameters] = (header ?? '').split(';');
  const charset = parameters.map((parameter) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(parameter)?.[1]).find(Boolean);
  return { mime: mime.trim().toLowerCase(), charset };
}

export function isHtmlMime(mime: string): boolean {
  return mime === 'text/html' || mime === 'application/xhtml+xml';
}

/** With no Content-Type at all, a body that opens like HTML is taken as HTML. */
export function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b/i.test(body.subarray(0, 1024).toString('latin1'));
}

function decoderFor(label: string | undefined): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

export function decodeBody(body: Buffer, headerCharset: string | undefined): string {
  const hasBom = body.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) || body.subarray(0, 2).equals(Buffer.from([0xff, 0xfe])) || body.subarray(0, 2).equals(Buffer.from([0xfe, 0xff]));
  if (hasBom) {
    const label = body[0] === 0xef ? 'utf-8' : body[0] === 0xff ? 'utf-16le' : 'utf-16be';
    return new TextDecoder(label).decode(body);
  }
  const sniffed = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(body.subarray(0, 1024).toString('latin1'))?.[1];
  const decoder = decoderFor(headerCharset) ?? decoderFor(sniffed) ?? new TextDecoder('utf-8');
  return decoder.decode(body);
}
