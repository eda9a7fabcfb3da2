import { isElement, walk, type HastNode } from './hast';

/** Elements whose content is phrasing only (headings), or where a lone paragraph adds only a margin (table cells). */
const INLINE_CONTAINERS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th', 'td'];

/**
 * MDX reads text on its own lines inside a JSX element as a paragraph, so the API reference generator's
 * `<h3>\n  License\n</h3>` renders `<h3><p>License</p></h3>`, which HTML forbids. This puts a lone paragraph's
 * content straight into such an element.
 */
export default function rehypeUnwrapJsxParagraphs() {
  return (tree: HastNode): void => {
    walk(tree, (node) => {
      if (!node.type.startsWith('mdxJsx') || !INLINE_CONTAINERS.some((name) => isElement(node, name))) return;
      const content = (node.children ?? []).filter((child) => child.type !== 'text' || child.value?.trim());
      const [only] = content;
      if (content.length === 1 && only && isElement(only, 'p')) node.children = only.children ?? [];
    });
  };
}
