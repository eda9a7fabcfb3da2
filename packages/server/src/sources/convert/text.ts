/**
 * Plain text (`.txt`): no markup to trust, so every character is escaped. The title is the first non-empty line
 * when it is short enough to be one (a README's first line usually is); paragraphs are split on blank lines, and
 * single line breaks inside a paragraph are kept as `<br>` because plain-text files often wrap lists by hand.
 */
import { decodeText } from './decode.js';
import { htmlDocument, titleFromFileName } from './document.js';
import { escapeHtml } from './escape.js';

/** Longer than this, the first line is a paragraph rather than a title. */
const MAX_TITLE_LENGTH = 120;

export function renderText(name: string, bytes: Uint8Array): string {
  const text = decodeText(bytes).replace(/\r\n?/g, '\n');
  const firstLine = text.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
  const title = firstLine && firstLine.length <= MAX_TITLE_LENGTH ? firstLine : titleFromFileName(name);
  const paragraphs = text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>\n')}</p>`);
  return htmlDocument(title, paragraphs.join('\n'));
}
