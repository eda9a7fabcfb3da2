/**
 * Bytes of a text file (Markdown, reStructuredText, plain text, CSV) as a string. Files written by editors are
 * UTF-8, but CSV exported by Excel on Windows and old text files are often windows-1252, and decoding those as
 * UTF-8 would index "caf\uFFFD" instead of "café". A byte-order mark wins; otherwise UTF-8 when the bytes are valid
 * UTF-8, else windows-1252 (which maps every byte, so it cannot fail).
 */
import { TextDecoder } from 'node:util';

export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    // TextDecoder drops a UTF-8 byte-order mark by itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
