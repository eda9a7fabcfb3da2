/**
 * Task list items (`- [ ] text`) render as a checkbox next to their text with nothing tying the two together, so
 * a screen reader announces an unnamed checkbox (axe rule "label"). This rehype plugin wraps each task checkbox and
 * the inline content after it in a `<label>`, at build time, so the name holds without JavaScript too. The content
 * stops at the first block (a nested list, a paragraph), which a label may not contain.
 */

interface Node {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: Node[];
}

/** Elements that may not go inside a `<label>`; text, inline elements and MDX inline JSX may. */
const BLOCKS = new Set(['ul', 'ol', 'p', 'div', 'pre', 'table', 'blockquote', 'details', 'figure', 'label']);

function isTaskCheckbox(node: Node): boolean {
  return node.type === 'element' && node.tagName === 'input' && node.properties?.type === 'checkbox';
}

function isBlock(node: Node): boolean {
  return (node.type === 'element' && BLOCKS.has(node.tagName ?? '')) || node.type === 'mdxJsxFlowElement';
}

function labelCheckboxes(parent: Node): void {
  const children = parent.children ?? [];
  const at = children.findIndex(isTaskCheckbox);
  if (at >= 0) {
    let end = at + 1;
    while (end < children.length && !isBlock(children[end]!)) end += 1;
    const label: Node = { type: 'element', tagName: 'label', properties: {}, children: children.slice(at, end) };
    children.splice(at, end - at, label);
  }
  for (const child of children) {
    if (child.type === 'element' && child.tagName !== 'label') labelCheckboxes(child);
  }
}

export default function rehypeTaskListLabels(): (tree: Node) => void {
  return (tree) => labelCheckboxes(tree);
}
