/**
 * 64-bit FNV-1a over the UTF-8 bytes of a string, as 16 hex characters. Pure JavaScript (no
 * `crypto`, no `TextEncoder`) so that it gives the same value in every browser and in Node.
 * It identifies content; it is not a cryptographic hash.
 */
/** The same hash, fed in pieces: hashing `a` then `b` gives the hash of `a + b` (pieces must not split a surrogate pair). */
export class ContentHasher {
  private high = 0xcbf29ce4;
  private low = 0x84222325;

  private mix(byte: number): void {
    this.low = (this.low ^ byte) >>> 0;
    const lowProduct = this.low * 0x1b3;
    this.high = (Math.imul(this.high, 0x1b3) + (this.low << 8) + Math.floor(lowProduct / 0x100000000)) >>> 0;
    this.low = lowProduct >>> 0;
  }

  update(text: string): this {
    // The 64-bit state is kept as two unsigned 32-bit halves. Multiplying by the FNV prime
    // 0x100000001b3 is state * 0x1b3 + (state << 40), modulo 2^64.
    let { high, low } = this;
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
      this.high = high;
      this.low = low;
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
        const next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          i++;
        }
      }
      if (code < 0x800) {
        this.mix(0xc0 | (code >> 6));
      } else if (code < 0x10000) {
        this.mix(0xe0 | (code >> 12));
        this.mix(0x80 | ((code >> 6) & 0x3f));
      } else {
        this.mix(0xf0 | (code >> 18));
        this.mix(0x80 | ((code >> 12) & 0x3f));
        this.mix(0x80 | ((code >> 6) & 0x3f));
      }
      this.mix(0x80 | (code & 0x3f));
      ({ high, low } = this);
    }
    this.high = high;
    this.low = low;
    return this;
  }

  digest(): string {
    return this.high.toString(16).padStart(8, '0') + this.low.toString(16).padStart(8, '0');
  }
}

export function contentHash(text: string): string {
  return new ContentHasher().update(text).digest();
}
