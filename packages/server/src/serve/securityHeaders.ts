/**
 * The security headers `docent serve` sends. The site's Content-Security-Policy allows only the site's own origin
 * and, by hash, the inline code its built pages carry: no `'unsafe-inline'` and no `'unsafe-eval'` for scripts.
 * Styles are allowed by hash too (`'unsafe-hashes'` lets a hash cover a `style` attribute, such as the colours
 * of highlighted code), unless a site has so many distinct inline styles that the header would outgrow what
 * reverse proxies accept; then styles, and only styles, fall back to `'unsafe-inline'`.
 */
import type { InlineHashes } from './inlineHashes.js';

/** Above this many style hashes the policy allows inline styles instead (about 3.5 KiB of hashes). */
export const MAX_STYLE_HASHES = 64;

/** Sent with every response, site and API alike. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'SAMEORIGIN',
};

/** Every header this module sets, for responses that write their own head. */
export const SECURITY_HEADER_NAMES: readonly string[] = [...Object.keys(COMMON_HEADERS), 'content-security-policy'];

/** API answers are data, never a document: nothing may load or frame them. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function stylesFallBack(hashes: InlineHashes): boolean {
  return hashes.styles.length > MAX_STYLE_HASHES;
}

/** The site's policy, allowing these inline scripts and styles by hash. */
export function sitePolicy(hashes: InlineHashes): string {
  const styleSources = stylesFallBack(hashes)
    ? ["'unsafe-inline'"]
    : hashes.styles.length > 0
      ? ["'unsafe-hashes'", ...hashes.styles]
      : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...hashes.scripts],
    ['style-src', "'self'", ...styleSources],
    // data: for the icons the theme's stylesheet embeds as data URLs.
    ['img-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** For the site's other files (scripts, stylesheets, data, images) and plain answers: no inline code at all. */
export const FILE_POLICY = sitePolicy({ scripts: [], styles: [] });
