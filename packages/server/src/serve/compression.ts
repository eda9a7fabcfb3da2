/**
 * Which encoding a response is sent in: brotli or gzip for text (pages, scripts, stylesheets, JSON, SVG,
 * Markdown), as the request's Accept-Encoding allows, or the bytes as they are. Levels favour speed, because a
 * file is compressed on its first request (then kept; see siteFiles.ts): brotli 5 compresses the largest
 * script of this site's docs in under 0.1 s and still beats gzip's best.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Smaller files gain too little for the work and the header. */
export const MIN_COMPRESS_BYTES = 1024;

const TEXT_TYPE = /^(?:text\/|application\/(?:json|javascript|xml|yaml|manifest\+json)|image\/svg\+xml)/;

export function isCompressible(contentType: string): boolean {
  return TEXT_TYPE.test(contentType);
}

/** Preference on a tie: the smaller output first. */
const SUPPORTED: readonly Encoding[] = ['br', 'gzip'];

/**
 * The encoding to send for an Accept-Encoding header: the supported coding with the highest q-value (brotli on a
 * tie), none when the header is absent or refuses both (`q=0`). `*` stands for every coding the header does not name.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of SUPPORTED) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
