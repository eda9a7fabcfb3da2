/**
 * The site's rehype plugins for Markdown tables, on a table compiled as the site compiles a doc (MDX with GFM tables):
 * - rehype-table-code-breaks: code spans in cells wrap at their break points. The table is rendered with a `code`
 *   component that, like the theme's, takes any code whose children are not all text for a code block; a span with
 *   a `<wbr>` must still be a plain inline `<code>`, or each would become a code block and widen its table.
 * - rehype-table-cell-labels: each body cell but the first of its row names its column in `data-label`, which a
 *   phone shows before the cell when the table's rows become blocks.
 * Run: cd /work/main && node --import tsx --test website/tests/docs/tables.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Children, createElement, type ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToString } from 'react-dom/server';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Processor } from 'unified';
import rehypeTableCellLabels from '../../plugins/rehype-table-cell-labels';
import rehypeTableCodeBreaks from '../../plugins/rehype-table-code-breaks';

/** GitHub-flavoured Markdown (tables among it), as Docusaurus reads docs, from the site's own GFM dependencies. */
function remarkGfmTables(this: Processor): void {
  // Where remark-parse reads its syntax extensions; unified's Data type declares them only with remark-gfm's types.
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), gfm()];
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), gfmFromMarkdown()];
}

/** The theme's rule (MDXComponents/Code): inline only when every child is text without a line break. */
function ThemeLikeCode({ children }: { children?: ReactNode }): ReactNode {
  const inline = Children.toArray(children).every((child) => typeof child === 'string' && !child.includes('\n'));
  return inline ? createElement('code', null, children) : createElement('pre', { className: 'code-block' }, children);
}

/** The site's rehype plugins for tables, each a plugin without options. */
type TablePlugin = typeof rehypeTableCodeBreaks | typeof rehypeTableCellLabels;

async function render(markdown: string, rehypePlugins: TablePlugin[] = [rehypeTableCodeBreaks]): Promise<string> {
  const { evaluate } = await import('@mdx-js/mdx');
  const { default: Content } = await evaluate(markdown, {
    ...runtime,
    format: 'mdx',
    remarkPlugins: [remarkGfmTables],
    rehypePlugins,
  });
  return renderToString(createElement(Content, { components: { code: ThemeLikeCode } }));
}

describe('rehype-table-code-breaks', () => {
  it('puts <wbr> break points into code in table cells, and the code stays inline', async () => {
    const html = await render('| Variable | Meaning |\n|---|---|\n| `DOCENT_LLM_BASE_URL` | See `settings.widget`. |\n');
    assert.match(html, /<td><code>DOCENT_<wbr\/>LLM_<wbr\/>BASE_<wbr\/>URL<\/code><\/td>/);
    assert.match(html, /<code>settings\.<wbr\/>widget<\/code>/);
    assert.doesNotMatch(html, /code-block/);
  });

  it('leaves code outside tables, and code without a break point, to the theme', async () => {
    const html = await render('`DOCENT_LLM_BASE_URL`\n\n| Option |\n|---|\n| `button-style` |\n');
    assert.doesNotMatch(html, /<wbr/);
    assert.match(html, /<p><code>DOCENT_LLM_BASE_URL<\/code><\/p>/);
    assert.match(html, /<td><code>button-style<\/code><\/td>/);
  });
});

describe('rehype-table-cell-labels', () => {
  it("gives every body cell after the first its column's heading, code and all", async () => {
    const html = await render('| Variable | Required | `Example` value |\n|---|---|---|\n| `DOCENT_LLM_MODEL` | With a model | `llama3.1` |\n', [rehypeTableCellLabels]);
    assert.match(html, /<tr><td><code>DOCENT_LLM_MODEL<\/code><\/td><td data-label="Required">With a model<\/td><td data-label="Example value"><code>llama3.1<\/code><\/td><\/tr>/);
    assert.doesNotMatch(html, /<th data-label/);
  });

  it('labels no cell under an empty heading', async () => {
    const html = await render('| | Static | Connected |\n|---|---|---|\n| Searches | In the browser | On the server |\n', [rehypeTableCellLabels]);
    assert.match(html, /<tr><td>Searches<\/td><td data-label="Static">/);
  });
});
