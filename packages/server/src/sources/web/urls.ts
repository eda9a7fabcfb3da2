/**
 * URL identity for the crawl: one page, one string. Fragments name a place in a page, not another page, so they are
 * dropped; relative links resolve against the page (or its <base>); only http(s) is a page at all.
 */

/** The normalised absolute URL, or null when `input` is not an http(s) URL. */
export function normaliseUrl(input: string, base?: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(input.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url.href;
}

export function sameOrigin(a: string, b: string): boolean {
  return new URL(a).origin === new URL(b).origin;
}

/** A `url` source's scope: same origin, and a path that starts with the start URL's path. */
export function underPrefix(start: string): (url: string) => boolean {
  const origin = new URL(start).origin;
  const prefix = new URL(start).pathname;
  return (url) => {
    const candidate = new URL(url);
    return candidate.origin === origin && candidate.pathname.startsWith(prefix);
  };
}

/** Links to files no HTML extractor can read; skipping them by name saves downloading them only to discard them. */
const NOT_PAGES = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|dmg|exe|msi|deb|rpm|apk|jar|woff2?|ttf|otf|eot|mp[34]|m4a|wav|ogg|webm|mov|avi|mkv|css|js|mjs|map|json|xml|txt|csv|wasm)$/i;

export function looksLikeFile(url: string): boolean {
  return NOT_PAGES.test(new URL(url).pathname);
}
