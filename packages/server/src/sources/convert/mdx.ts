/**
 * Reduces an MDX tree to plain Markdown content. Docs hide much of their text inside components
 * (`<Tabs><TabItem>…</TabItem></Tabs>`, `<details>`, admonition components), so a JSX element is replaced by its
 * children: the Markdown inside stays searchable, the tags and their attributes go. ESM (`import`/`export`) and
 * `{expressions}` are code, not prose, and are dropped; `{/* comments *\/}` are expressions too.
 */
import type { Root } from 'mdast';

/** The slice of a unist node this walk needs; MDX node types are matched by name. */
interface TreeNode {
  type: string;
  /** A JSX element's tag name (`Tabs`, `TabItem`); null for a fragment. */
  name?: string | null;
  children?: TreeNode[];
}

const DROPPED = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);
/** Elements whose children are code, not prose: unwrapping `<script>` would index its source as text. */
const DROPPED_ELEMENTS = new Set(['script', 'style']);
const JSX_FLOW = 'mdxJsxFlowElement';
const JSX_TEXT = 'mdxJsxTextElement';

/** Node types allowed only inside a paragraph or heading (mdast "phrasing content"). */
const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'linkReference', 'image', 'imageReference', 'footnoteReference', 'html', JSX_TEXT, 'mdxTextExpression']);

export function stripMdx(tree: Root): void {
  strip(tree as unknown as TreeNode);
}

function strip(parent: TreeNode): void {
  if (!parent.children) return;
  const kept: TreeNode[] = [];
  for (const child of parent.children) {
    if (DROPPED.has(child.type)) continue;
    const isJsx = child.type === JSX_FLOW || child.type === JSX_TEXT;
    if (isJsx && DROPPED_ELEMENTS.has((child.name ?? '').toLowerCase())) continue;
    strip(child);
    if (child.type === JSX_TEXT) kept.push(...(child.children ?? []));
    else if (isJsx) kept.push(...asFlow(child.children ?? []));
    else kept.push(child);
  }
  parent.children = kept;
}

/**
 * `<Note>Some text</Note>` on one line is a block element whose children are phrasing: unwrapped, they go into a
 * paragraph of their own so the text does not run into the block before or after it.
 */
function asFlow(children: TreeNode[]): TreeNode[] {
  if (children.length === 0 || !children.every((child) => PHRASING.has(child.type))) return children;
  return [{ type: 'paragraph', children }];
}
