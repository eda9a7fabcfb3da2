/**
 * A built page as Markdown that renders like the page: headings with their levels, code blocks fenced with their
 * language and every line, nested lists, GFM tables, callouts with their kind, absolute links, images with their
 * alt text. The Docusaurus plugin's `.md` copies and `llms-full.txt`, and the MCP `get_page` tool, use it.
 */
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { callout, codeBlock } from './handlers.js';
import { prepareContent, type PrepareOptions } from './prepare.js';

export interface PageMarkdownOptions extends PrepareOptions {
  /** The page's title, written as its `# ` heading when the content has no `h1` of its own. */
  title?: string;
}

const processor = unified()
  .use(rehypeParse, { fragment: true })
  .use(rehypeRemark, { handlers: { pre: codeBlock, blockquote: callout } })
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', fences: true, rule: '-', listItemIndent: 'one' });

export function pageMarkdown(html: string, options: PageMarkdownOptions): string {
  const { html: content, hasTitle } = prepareContent(html, options);
  const tree = processor.runSync(processor.parse(content));
  const body = String(processor.stringify(tree)).trim();
  const heading = !hasTitle && options.title ? `# ${options.title}\n\n` : '';
  return `${heading}${body}\n`;
}
