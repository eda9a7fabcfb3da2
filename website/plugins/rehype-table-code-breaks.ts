import { breakParts } from '../src/components/CodeText/breakPoints';
import { isElement, walk, type HastNode } from './hast';

const CELLS = ['td', 'th'];

function withBreaks(node: HastNode): HastNode[] {
  if (node.type !== 'text' || !node.value) return [node];
  return breakParts(node.value).flatMap((part, index): HastNode[] => {
    const text: HastNode = { type: 'text', value: part };
    return index === 0 ? [text] : [{ type: 'element', tagName: 'wbr', properties: {}, children: [] }, text];
  });
}

/**
 * Code spans in table cells wrap at their natural break points (`src/components/CodeText/breakPoints.ts`) instead
 * of stretching their column: a cell holding `DOCENT_LLM_BASE_URL` or a URL would make its table wider than the
 * content column, with the last column out of sight.
 *
 * A span that gets a `<wbr>` is marked as JSX written in the page (MDX's `_mdxExplicitJsx`, which MDX sets on every
 * `<tag>` an author writes), so MDX renders it as a plain `<code>`. Through the theme's code component, which takes
 * any code with more than text in it for a code block, each span would be a block of its own.
 * `tests/docs/table-code-breaks.test.ts` compiles a table with this plugin and checks that the span stays inline.
 */
export default function rehypeTableCodeBreaks() {
  return (tree: HastNode): void => {
    walk(tree, (cell) => {
      if (!CELLS.some((name) => isElement(cell, name))) return;
      walk(cell, (node) => {
        if (node.type !== 'element' || node.tagName !== 'code') return;
        const children = (node.children ?? []).flatMap(withBreaks);
        if (children.length === (node.children ?? []).length) return;
        node.children = children;
        node.data = { ...node.data, _mdxExplicitJsx: true };
      });
    });
  };
}
