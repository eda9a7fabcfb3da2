/**
 * Escaping for text a converter puts into HTML. Every converter builds its HTML from strings, so every piece of
 * text from a file goes through here: a file's "<script>" must reach the extractor as text, never as a tag.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or as a double- or single-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}
