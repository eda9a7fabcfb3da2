/**
 * Where a long code span in a table cell may wrap: after a path or URL separator (`/`, `?`, `&`, `=`), after a `.`,
 * `_` or `:` between letters (`settings.widget`, `DOCENT_LLM_BASE_URL`), after a comma, and between the words of
 * a camelCase name (`suggestedQuestionsTitle`). Browsers already wrap after hyphens. Without these points a cell
 * is as wide as its longest name, and a table of such names runs out of the content column.
 *
 * Pure, so the build's rehype plugin (Markdown tables) and `CodeText` (generated tables) split text the same way;
 * each puts a `<wbr>` between the parts, which adds no character to the text, a copy or the search index.
 */
const SEPARATORS = new Set(['/', '?', '&', '=', ',']);
const JOINERS = new Set(['.', '_', ':']);
const LETTER = /[A-Za-z]/;
const LOWER_OR_DIGIT = /[a-z0-9]/;
const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;

function breaksBefore(text: string, at: number): boolean {
  const before = text[at - 1] ?? '';
  const next = text[at] ?? '';
  if (/\s/.test(next) || /\s/.test(before)) return false;
  if (SEPARATORS.has(before)) return next !== '/';
  if (JOINERS.has(before)) return LETTER.test(text[at - 2] ?? '') && LETTER.test(next);
  return LOWER_OR_DIGIT.test(before) && UPPER.test(next) && LOWER.test(text[at + 1] ?? '');
}

/** Splits `text` at its break points; the parts joined again are `text`. */
export function breakParts(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let at = 1; at < text.length; at += 1) {
    if (!breaksBefore(text, at)) continue;
    parts.push(text.slice(start, at));
    start = at;
  }
  parts.push(text.slice(start));
  return parts;
}
