/**
 * How the prepared HTML's code blocks and callouts become Markdown (hast-util-to-mdast handlers): a code block is
 * a fence with its language, its title as `title="…"` and its text exactly; a callout is a quote that opens with
 * GitHub's alert marker (`[!NOTE]`) when GitHub has that kind, else with the kind in bold.
 */
import type { Element } from 'hast';
import type { State } from 'hast-util-to-mdast';
import type { BlockContent, Blockquote, Code, DefinitionContent, Paragraph, PhrasingContent } from 'mdast';

function property(node: Element, name: string): string {
  const value = node.properties[name];
  return typeof value === 'string' ? value : '';
}

function textOf(node: Element): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '')).join('');
}

export function codeBlock(state: State, node: Element): Code {
  const title = property(node, 'dataTitle');
  const code: Code = {
    type: 'code',
    lang: property(node, 'dataLanguage') || null,
    meta: title ? `title="${title.replace(/"/g, "'")}"` : null,
    value: textOf(node),
  };
  state.patch(node, code);
  return code;
}

/** The kinds GitHub renders as alerts; Docusaurus's `danger` is GitHub's `caution`. */
const ALERTS: Readonly<Record<string, string>> = { note: 'NOTE', tip: 'TIP', important: 'IMPORTANT', warning: 'WARNING', caution: 'CAUTION', danger: 'CAUTION' };

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The opening lines as a paragraph of their own (before a code block or a list): without the line break after them. */
function withoutLastBreak(opening: PhrasingContent[]): PhrasingContent[] {
  const last = opening[opening.length - 1];
  if (last?.type === 'html') return [...opening.slice(0, -1), { ...last, value: last.value.trimEnd() }];
  return last?.type === 'text' && last.value === '\n' ? opening.slice(0, -1) : opening;
}

export function callout(state: State, node: Element): Blockquote {
  const children = state.toFlow(state.all(node)) as Array<BlockContent | DefinitionContent>;
  const kind = property(node, 'dataCallout');
  const title = property(node, 'dataTitle');
  if (kind) {
    const alert = ALERTS[kind];
    const opening: PhrasingContent[] = alert
      ? [{ type: 'html', value: `[!${alert}]\n` }]
      : [{ type: 'strong', children: [{ type: 'text', value: capitalized(title || kind) }] }, { type: 'text', value: '\n' }];
    // A title of the author's own ("Before you deploy") is kept under the marker.
    if (alert && title && title.toLowerCase() !== kind) opening.push({ type: 'strong', children: [{ type: 'text', value: title }] }, { type: 'text', value: '\n' });
    const first = children[0];
    if (first?.type === 'paragraph') first.children.unshift(...opening);
    else children.unshift({ type: 'paragraph', children: withoutLastBreak(opening) } satisfies Paragraph);
  }
  const quote: Blockquote = { type: 'blockquote', children };
  state.patch(node, quote);
  return quote;
}
