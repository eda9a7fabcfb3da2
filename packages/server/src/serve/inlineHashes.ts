/**
 * The inline code of a built HTML page that a strict Content-Security-Policy must allow by hash: the text of each
 * inline `<script>` the browser runs, and of each `<style>` element and `style` attribute. A small scanner, not a
 * full HTML parser: built pages are well-formed, and a value it misreads only adds a hash no element matches.
 */
import { createHash } from 'node:crypto';

export interface InlineHashes {
  /** `'sha256-…'` sources for `script-src`, one per distinct inline script. */
  scripts: string[];
  /** `'sha256-…'` sources for `style-src`: `<style>` elements and `style` attributes. */
  styles: string[];
}

/**
 * Script types the browser runs, so CSP checks them. Anything else (`application/ld+json`, `text/template`) is a
 * data block that never runs and needs no hash.
 */
const RUN_TYPES = /^(?:|module|importmap|speculationrules|(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|text\/jscript)$/;

const TAG_NAME = /[a-zA-Z][^\s/>]*/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references the browser decodes in attribute values (numeric, and the common named ones). */
export function decodeAttribute(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, reference: string) => {
    if (reference.startsWith('#')) {
      const code = reference[1] === 'x' || reference[1] === 'X' ? parseInt(reference.slice(2), 16) : parseInt(reference.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[reference] ?? whole;
  });
}

/** The CSP source for `text`: the browser hashes the UTF-8 of the text after the parser turned CR LF and CR into LF. */
export function hashSource(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(normalized, 'utf8').digest('base64')}'`;
}

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeAttribute(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** Where the start tag whose attributes begin at `from` ends (just after its `>`): a quoted value may hold `>`. */
function endOfTag(html: string, from: number): number {
  let at = from;
  while (at < html.length) {
    const char = html[at]!;
    if (char === '>') return at + 1;
    if (char === '=') {
      at += 1;
      while (/\s/.test(html[at] ?? '')) at += 1;
      const quote = html[at];
      if (quote === '"' || quote === "'") {
        const closing = html.indexOf(quote, at + 1);
        if (closing === -1) return html.length;
        at = closing;
      }
    }
    at += 1;
  }
  return html.length;
}

/** The hashes a page needs, each once, in the order they first appear. */
export function inlineHashesOf(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  let at = 0;
  while ((at = html.indexOf('<', at)) !== -1) {
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      at = end === -1 ? html.length : end + 3;
      continue;
    }
    TAG_NAME.lastIndex = at + 1;
    const tagName = TAG_NAME.exec(html);
    if (!tagName) {
      at += 1;
      continue;
    }
    const attributesFrom = at + 1 + tagName[0].length;
    at = endOfTag(html, attributesFrom);
    const name = tagName[0].toLowerCase();
    const attributes = attributesOf(html.slice(attributesFrom, at - 1));
    const style = attributes.get('style');
    if (style !== undefined) styles.add(hashSource(style));
    if (name !== 'script' && name !== 'style') continue;
    // Raw text up to the matching end tag: `</script` or `</style` followed by space, `/` or `>`.
    const close = new RegExp(`</${name}[\\s/>]`, 'gi');
    close.lastIndex = at;
    const end = close.exec(html)?.index ?? html.length;
    const text = html.slice(at, end);
    at = end;
    if (name === 'style') styles.add(hashSource(text));
    else if (!attributes.has('src') && RUN_TYPES.test((attributes.get('type') ?? '').trim().toLowerCase())) scripts.add(hashSource(text));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** Every hash of `pages`, each once. */
export function mergeInlineHashes(pages: Iterable<InlineHashes>): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const page of pages) {
    page.scripts.forEach((hash) => scripts.add(hash));
    page.styles.forEach((hash) => styles.add(hash));
  }
  return { scripts: [...scripts], styles: [...styles] };
}
