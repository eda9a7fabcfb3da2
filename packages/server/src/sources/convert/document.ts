/**
 * What every converter shares: the file's name as messages and titles show it, and the HTML page around the body,
 * shaped the way `extractSections` reads it (a `<title>`, the content in `<article>`).
 */
import { escapeHtml } from './escape.js';

/** `docs/guide/intro.md` → `intro.md`: the name the owner recognises in a message. */
export function fileNameOf(name: string): string {
  const segments = name.split(/[/\\]/);
  return segments[segments.length - 1] || name;
}

/** The lower-cased extension with its dot (`.md`), or `''` for a name without one. */
export function extensionOf(name: string): string {
  const fileName = fileNameOf(name);
  const dot = fileName.lastIndexOf('.');
  // A leading dot is a hidden file's name (".env"), not an extension.
  return dot > 0 ? fileName.slice(dot).toLowerCase() : '';
}

/** `docs/guide/intro.md` → `intro`: the title of a file that has none of its own. */
export function titleFromFileName(name: string): string {
  const fileName = fileNameOf(name);
  const extension = extensionOf(fileName);
  return extension ? fileName.slice(0, -extension.length) : fileName;
}

/** `body` is HTML already; `title` and `description` are text and are escaped here. */
export function htmlDocument(title: string, body: string, description = ''): string {
  const meta = description ? `<meta name="description" content="${escapeHtml(description)}">` : '';
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${meta}</head>\n<body><article>\n${body}\n</article></body></html>\n`;
}

/** Gives the event loop a turn, so that converting a long document does not hold up every other request. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
