/**
 * The base of every URL the API returns (results, citations): the project's configured public URL (`--public-url`),
 * else the site's own `url` (read from its home page's canonical link), else the address the server listens on.
 * Never the request's Host or X-Forwarded-* headers, which the client chooses.
 */

/** `https://docs.example.com/` → `https://docs.example.com`: the base that a path starting with `/` is appended to. */
export function baseOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** The site's `url` from a built home page: its canonical link's origin, or null. */
export function canonicalOrigin(html: string): string | null {
  const href = /<link\b[^>]*\brel=["']?canonical["']?[^>]*>/i.exec(html)?.[0].match(/\bhref=["']?([^"'\s>]+)/i)?.[1];
  if (!href) return null;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** A section's link: crawled pages keep their own absolute URL; the hosted site's paths go under `base`. */
export function linkTo(base: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${base}${url}`;
}
