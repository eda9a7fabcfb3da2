/**
 * Link policy for rendered Markdown: http(s), protocol-relative, relative paths, `?query` and `#anchor` links
 * are allowed; every other scheme (`javascript:`, `data:`, `vbscript:`, `mailto:`…) is refused.
 */
export function safeHref(url: string): string | null {
  // Browsers drop ASCII tab and newline anywhere in a URL and trim control characters and spaces at the ends,
  // so `java\tscript:` is `javascript:`: look at the URL the way the browser will.
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (cleaned === '') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(cleaned)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  if (scheme) {
    const name = scheme[1]?.toLowerCase();
    return name === 'http' || name === 'https' ? cleaned : null;
  }
  // No scheme: a relative reference. A colon before any `/`, `?` or `#` would make the browser read a scheme.
  const firstSpecial = cleaned.search(/[/?#]/);
  const head = firstSpecial === -1 ? cleaned : cleaned.slice(0, firstSpecial);
  return head.includes(':') ? null : cleaned;
}

/** True when the link leaves the current site (it then opens in a new tab). */
export function isExternal(href: string, pageOrigin: string | undefined): boolean {
  if (!/^(?:https?:)?\/\//i.test(href)) return false;
  if (pageOrigin === undefined) return true;
  try {
    return new URL(href, pageOrigin).origin !== pageOrigin;
  } catch {
    return true;
  }
}
