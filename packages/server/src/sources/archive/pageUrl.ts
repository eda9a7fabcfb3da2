/**
 * Where a citation of an archived page links. A site pushed as a zip has no address of its own, so the page's
 * canonical link is the best one when the build wrote it (Docusaurus does, from `url` + `baseUrl`); otherwise the
 * path inside the archive, which the API puts under the project's public URL.
 */
import { Parser } from 'htmlparser2';

/**
 * The page's `<link rel="canonical">` when it is an absolute http(s) URL, else null. Only the page's own head
 * counts: the scan stops at `<body>`, where a canonical link is not honoured by search engines either.
 */
export function canonicalLink(html: string): string | null {
  let found: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'body') {
        parser.pause();
        return;
      }
      const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
      if (name !== 'link' || !rel.includes('canonical') || attributes.href === undefined) return;
      found = absoluteHttpUrl(attributes.href.trim());
      // The first canonical link decides, as for the crawler; a second one does not get a vote.
      parser.pause();
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

function absoluteHttpUrl(href: string): string | null {
  if (!URL.canParse(href)) return null;
  const url = new URL(href);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/**
 * '/' + the archive path, with a final `index.html` dropped ('guide/intro/index.html' → '/guide/intro/',
 * 'index.html' → '/'). Each segment is percent-encoded so a file named `a#b.html` or `q?.html` stays one path.
 */
export function archivePathUrl(path: string): string {
  const segments = path.split('/');
  if (segments[segments.length - 1] === 'index.html') segments[segments.length - 1] = '';
  return '/' + segments.map(encodeURIComponent).join('/');
}

export function pageUrl(path: string, html: string): string {
  return canonicalLink(html) ?? archivePathUrl(path);
}
