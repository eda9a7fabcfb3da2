/**
 * 64-bit FNV-1a over the UTF-8 bytes of a string, as 16 hex characters. Pure JavaScript (no
 * `crypto`, no `TextEncoder`) so that it gives the same value in every browser and in Node.
 * It identifies content; it is not a cryptographic hash.
 */
export function contentHash(text: string): string {
  // The 64-bit state is kept as two unsigned 32-bit halves. Multiplying by the FNV prime
  // 0x100000001b3 is state * 0x1b3 + (state << 40), modulo 2^64.
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  const mix = (byte: number): void => {
    low = (low ^ byte) >>> 0;
    const lowProduct = low * 0x1b3;
    high = (Math.imul(high, 0x1b3) + (low << 8) + Math.floor(lowProduct / 0x100000000)) >>> 0;
    low = lowProduct >>> 0;
  };
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      // ASCII, the common case, inline.
      low = (low ^ code) >>> 0;
      const lowProduct = low * 0x1b3;
      high = (Math.imul(high, 0x1b3) + (low << 8) + Math.floor(lowProduct / 0x100000000)) >>> 0;
      low = lowProduct >>> 0;
      continue;
    }
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        i++;
      }
    }
    if (code < 0x800) {
      mix(0xc0 | (code >> 6));
    } else if (code < 0x10000) {
      mix(0xe0 | (code >> 12));
      mix(0x80 | ((code >> 6) & 0x3f));
    } else {
      mix(0xf0 | (code >> 18));
      mix(0x80 | ((code >> 12) & 0x3f));
      mix(0x80 | ((code >> 6) & 0x3f));
    }
    mix(0x80 | (code & 0x3f));
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}
