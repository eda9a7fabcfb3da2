/** The little of the HTML syntax tree (hast, with MDX's JSX elements) that the site's rehype plugins touch. */
export interface HastNode {
  type: string;
  /** An HTML element's name. */
  tagName?: string;
  /** A JSX element's name, such as `h3` or `Tabs`. */
  name?: string | null;
  properties?: Record<string, unknown>;
  children?: HastNode[];
  value?: string;
  /** What earlier plugins recorded about the node (MDX: `_mdxExplicitJsx` for JSX written in the page). */
  data?: Record<string, unknown>;
}

/** Calls `visit` on every node of the tree, parents before their children. */
export function walk(node: HastNode, visit: (node: HastNode) => void): void {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

/** True for an element (HTML or JSX) named `name`. */
export function isElement(node: HastNode, name: string): boolean {
  return (node.type === 'element' && node.tagName === name) || (node.type.startsWith('mdxJsx') && node.name === name);
}
