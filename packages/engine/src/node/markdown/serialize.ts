/**
 * The element tree back to HTML, for the Markdown writer to read: only what was kept, attributes and text escaped.
 */
import type { Element } from '../../extract/tree.js';

const VOID_TAGS: ReadonlySet<string> = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string): string => escapeText(value).replace(/"/g, '&quot;');

export function toHtml(node: Element | string): string {
  if (typeof node === 'string') return escapeText(node);
  const attributes = Object.entries(node.attrs)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  if (VOID_TAGS.has(node.tag)) return `<${node.tag}${attributes}>`;
  const inner = node.children.map(toHtml).join('');
  return node.tag.startsWith('#') ? inner : `<${node.tag}${attributes}>${inner}</${node.tag}>`;
}
