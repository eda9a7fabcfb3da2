import { isElement, walk, type HastNode } from './hast';

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function rowsIn(node: HastNode, section: 'thead' | 'tbody'): HastNode[] {
  const group = (node.children ?? []).find((child) => isElement(child, section));
  return (group?.children ?? []).filter((child) => isElement(child, 'tr'));
}

function cellsOf(row: HastNode): HastNode[] {
  return (row.children ?? []).filter((child) => isElement(child, 'td') || isElement(child, 'th'));
}

/**
 * Each body cell of a Markdown table, but the first of its row, gets its column's heading as `data-label`. On a
 * phone a table of four or more columns shows each row as a block (src/css/tables.css): the first cell heads it
 * and the others follow, each after its column's name, instead of columns a word wide in a sideways-scrolling box.
 */
export default function rehypeTableCellLabels() {
  return (tree: HastNode): void => {
    walk(tree, (table) => {
      if (table.type !== 'element' || table.tagName !== 'table') return;
      const [head] = rowsIn(table, 'thead');
      if (!head) return;
      const headings = cellsOf(head).map((cell) => textOf(cell).trim());
      for (const row of rowsIn(table, 'tbody')) {
        cellsOf(row).forEach((cell, column) => {
          const heading = headings[column];
          if (column > 0 && heading) cell.properties = { ...cell.properties, dataLabel: heading };
        });
      }
    });
  };
}
