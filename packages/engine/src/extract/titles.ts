/**
 * Page titles without the site's name. A single page can only guess (`Quickstart | Docent docs`); a whole site
 * tells: the ending most of its titles share after a separator is the site's name, whatever the separator.
 */

/** `Quickstart | Docent docs` → `Quickstart`: the text before the last ` | `. */
export function cleanTitle(title: string): string {
  const separator = title.lastIndexOf(' | ');
  if (separator <= 0) return title;
  const cleaned = title.slice(0, separator).trim();
  return cleaned || title;
}

const SEPARATOR = /\s+[|—–·:»\-]{1,2}\s+/g;

/** The endings of a title after each separator (`A — B — Site` → `— B — Site`, `— Site`). */
function endings(title: string): string[] {
  const found: string[] = [];
  for (const match of title.matchAll(SEPARATOR)) if ((match.index ?? 0) > 0) found.push(title.slice(match.index));
  return found;
}

/**
 * The suffix (separator included) that at least half of the titles, and at least 3, end with; the longest such when
 * several qualify. Null when the titles share none.
 */
export function sharedTitleSuffix(titles: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const title of new Set(titles)) for (const ending of endings(title)) counts.set(ending, (counts.get(ending) ?? 0) + 1);
  const distinct = new Set(titles).size;
  let best: string | null = null;
  for (const [ending, count] of counts) {
    if (count < 3 || count * 2 < distinct) continue;
    if (!best || ending.length > best.length) best = ending;
  }
  return best;
}

/** The title without the suffix, unless nothing would be left. */
export function withoutSuffix(title: string, suffix: string | null): string {
  if (!suffix || !title.endsWith(suffix) || title.length === suffix.length) return title;
  return title.slice(0, -suffix.length).trim() || title;
}
