import { isElement, walk, type HastNode } from './hast';

/** Elements that end a task item's own text: what follows them (a nested list, a code block) is not its label. */
const BLOCKS = new Set(['ul', 'ol', 'p', 'div', 'pre', 'table', 'blockquote']);

function isCheckbox(node: HastNode): boolean {
  return isElement(node, 'input') && node.properties?.type === 'checkbox';
}

function isBlock(node: HastNode): boolean {
  return node.type !== 'text' && BLOCKS.has(node.tagName ?? node.name ?? '');
}

/** Moves the checkbox at the start of `container` and the text after it into a `<label>`. */
function labelCheckbox(container: HastNode): boolean {
  const children = container.children ?? [];
  const start = children.findIndex((child) => child.type !== 'text' || child.value?.trim());
  if (start === -1 || !children[start] || !isCheckbox(children[start])) return false;
  let end = start + 1;
  while (end < children.length && !isBlock(children[end] as HastNode)) end += 1;
  const label: HastNode = { type: 'element', tagName: 'label', properties: {}, children: children.slice(start, end) };
  container.children = [...children.slice(0, start), label, ...children.slice(end)];
  return true;
}

/**
 * GitHub-style task items (`- [x] Set the allowed origins`) become a disabled checkbox followed by text that
 * nothing ties to it, so a screen reader announces an unnamed checkbox. Wrapping the checkbox and the item's
 * text in a `<label>` names it with that text. A loose list puts the text in a paragraph; the label goes there.
 */
export default function rehypeTaskListLabels() {
  return (tree: HastNode): void => {
    walk(tree, (node) => {
      if (!isElement(node, 'li')) return;
      const classes = node.properties?.className;
      if (!Array.isArray(classes) || !classes.includes('task-list-item')) return;
      const first = node.children?.find((child) => child.type !== 'text');
      if (!labelCheckbox(node) && first && isElement(first, 'p')) labelCheckbox(first);
    });
  };
}
