/**
 * OpenAPI descriptions are CommonMark. The index needs their words, not their layout, so this is a light reading:
 * paragraphs, list items, table rows and code blocks become HTML blocks, and inline syntax (emphasis, links,
 * images, HTML tags) is stripped to its text. Code spans stay <code>. Headings become paragraphs, because a real
 * heading would start a section of its own inside an operation's page.
 */
import { escapeHtml } from '@docent/engine';

/** The HTML tags a description may embed; other `<words>` (`List<String>`) are text. */
const HTML_TAG = /<\/?(?:a|abbr|b|blockquote|br|code|dd|del|details|div|dl|dt|em|h[1-6]|hr|i|img|ins|kbd|li|ol|p|pre|s|small|span|strong|sub|summary|sup|table|tbody|td|th|thead|tr|u|ul)\b[^>]*>/gi;

/** Text without Markdown syntax, HTML-escaped. */
function plainText(markdown: string): string {
  const text = markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(HTML_TAG, ' ')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?![\w*])/g, '$1$2')
    // Underscores only at word edges: snake_case names are common in API descriptions.
    .replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1');
  return escapeHtml(text);
}

/** One line or paragraph of Markdown as inline HTML: code spans as <code>, everything else as plain text. */
export function inlineHtml(markdown: string): string {
  let html = '';
  let last = 0;
  for (const match of markdown.matchAll(/(`+)([\s\S]*?[^`])\1(?!`)/g)) {
    html += plainText(markdown.slice(last, match.index)) + `<code>${escapeHtml((match[2] ?? '').trim())}</code>`;
    last = match.index + match[0].length;
  }
  return (html + plainText(markdown.slice(last))).replace(/\s+/g, ' ').trim();
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;
const TABLE_ROW = /^\s*\|/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** A description as HTML blocks. */
export function markdownHtml(markdown: string): string {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let items: string[] = [];
  const flush = (): void => {
    if (paragraph.length > 0) blocks.push(`<p>${inlineHtml(paragraph.join(' '))}</p>`);
    if (items.length > 0) blocks.push(`<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`);
    paragraph = [];
    items = [];
  };
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const fence = FENCE.exec(line)?.[1];
    if (fence) {
      flush();
      const code: string[] = [];
      for (index += 1; index < lines.length && !(lines[index] ?? '').trim().startsWith(fence); index += 1) code.push(lines[index] ?? '');
      blocks.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
    } else if (line.trim() === '') flush();
    else if (/^\s{0,3}#{1,6}\s/.test(line)) {
      flush();
      blocks.push(`<h3>${inlineHtml(line.replace(/^\s*#+\s*/, '').replace(/\s#+\s*$/, ''))}</h3>`);
    } else if (TABLE_ROW.test(line)) {
      if (paragraph.length > 0) flush();
      if (TABLE_RULE.test(line)) continue;
      // A row reads as "cell: cell, cell", which keeps "`sync` allows `syncProject`"-like pairs together.
      const cells = line.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((cell) => inlineHtml(cell)).filter(Boolean);
      items.push(cells.length === 2 ? `${cells[0]}: ${cells[1]}` : cells.join(', '));
    } else if (LIST_ITEM.test(line)) {
      if (paragraph.length > 0) flush();
      items.push(inlineHtml(line.replace(LIST_ITEM, '').replace(/^\[[ xX]\]\s+/, '')));
    } else if (items.length > 0 && /^\s+\S/.test(line)) {
      // A continuation line of the list item above.
      items[items.length - 1] += ` ${inlineHtml(line)}`;
    } else {
      if (items.length > 0) flush();
      paragraph.push(line.replace(/^\s*>\s?/, ''));
    }
  }
  flush();
  return blocks.join('\n');
}

/** A description as one line of inline HTML, cut at a word after `maxLength` characters of Markdown. */
export function excerptHtml(markdown: string, maxLength: number): string {
  // Heading and list markers only make sense at the start of a line, which collapsing would hide.
  const text = markdown.replace(/^\s{0,3}#{1,6}\s+/gm, '').replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '').replace(/\s+/g, ' ').trim();
  return inlineHtml(text.length <= maxLength ? text : `${text.slice(0, maxLength).replace(/\s+\S*$/, '')}…`);
}

/** The first paragraph of a description, as inline HTML: enough for an error response that every operation shares. */
export function firstParagraphHtml(markdown: string, maxLength = 300): string {
  return excerptHtml(markdown.trim().split(/\n\s*\n/)[0] ?? '', maxLength);
}
