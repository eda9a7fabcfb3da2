/**
 * Robots directives of a page, from <meta name="robots"> (or name="docent") and the X-Robots-Tag header. `noindex`
 * keeps the page out of the index; `nofollow` keeps its links out of the crawl; `none` is both.
 */

export interface Directives {
  noindex: boolean;
  nofollow: boolean;
}

/** Directives that carry a value after a colon, so "name: value" is not a user-agent prefix for them. */
const VALUED = new Set(['unavailable_after', 'max-snippet', 'max-image-preview', 'max-video-preview']);

function apply(directive: string, into: Directives): void {
  const word = directive.trim().toLowerCase();
  if (word === 'noindex' || word === 'none') into.noindex = true;
  if (word === 'nofollow' || word === 'none') into.nofollow = true;
}

/**
 * `agentToken` is the crawler's name in lower case ("docent"): an X-Robots-Tag part prefixed with another crawler's
 * name ("googlebot: noindex") does not concern it.
 */
export function readDirectives(robotsMeta: readonly string[], xRobotsTag: string | undefined, agentToken: string): Directives {
  const directives: Directives = { noindex: false, nofollow: false };
  for (const content of robotsMeta) for (const part of content.split(',')) apply(part, directives);
  let agent: string | null = null;
  for (const part of (xRobotsTag ?? '').split(',')) {
    const scoped = /^\s*([\w.-]+)\s*:\s*(.*)$/.exec(part);
    let directive = part;
    if (scoped?.[1] && scoped[2] !== undefined && !VALUED.has(scoped[1].toLowerCase())) {
      agent = scoped[1].toLowerCase();
      directive = scoped[2];
    }
    if (agent === null || agent === agentToken) apply(directive, directives);
  }
  return directives;
}
