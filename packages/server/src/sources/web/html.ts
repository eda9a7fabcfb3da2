/**
 * What the crawler needs from a page besides its text: links to follow, the canonical URL, <base>, and robots meta
 * tags. A real HTML tokenizer (htmlparser2, the engine's own) so comments, scripts and odd quoting do not invent links.
 */
import { Parser } from 'htmlparser2';

export interface PageSignals {
  /** href values as written, in document order. */
  links: string[];
  canonical: string | null;
  base: string | null;
  /** Contents of <meta name="robots"> and <meta name="docent">. */
  robotsMeta: string[];
}

function relTokens(value: string | undefined): string[] {
  return (value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

export function readPageSignals(html: string, agentToken: string): PageSignals {
  const signals: PageSignals = { links: [], canonical: null, base: null, robotsMeta: [] };
  const parser = new Parser({
    onopentag(name, attributes) {
      const href = attributes.href?.trim();
      if ((name === 'a' || name === 'area') && href && !relTokens(attributes.rel).includes('nofollow')) signals.links.push(href);
      else if (name === 'link' && href && signals.canonical === null && relTokens(attributes.rel).includes('canonical')) signals.canonical = href;
      else if (name === 'base' && href && signals.base === null) signals.base = href;
      else if (name === 'meta' && attributes.content !== undefined) {
        const metaName = (attributes.name ?? '').trim().toLowerCase();
        if (metaName === 'robots' || metaName === agentToken) signals.robotsMeta.push(attributes.content);
      }
    },
  });
  parser.write(html);
  parser.end();
  return signals;
}
