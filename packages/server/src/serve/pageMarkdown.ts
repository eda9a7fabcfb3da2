/**
 * A page as Markdown, for MCP's `get_page`: the content root of its HTML (the article, else `main`, else the body),
 * without navigation, tables of contents, buttons and scripts, converted by rehype-remark and written by
 * remark-stringify with GitHub Flavored Markdown (tables, task lists). Code blocks keep their lines and language.
 */
import type { Element, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

const CONTENT_ROOTS = ['article', 'main', '[role=main]', 'body'];
/** What is part of the page's chrome, not its content. */
const CHROME = ['nav', 'header:not(article header)', 'footer', 'aside', 'script', 'style', 'noscript', 'template', 'button', 'form', 'svg', '.hash-link', '.theme-doc-toc-mobile', '.theme-doc-footer', '.pagination-nav', '[hidden]', '[aria-hidden=true]'];

/** Replaces the tree's children with the content root's, and drops the chrome inside it. */
function keepContent() {
  return (tree: Root): void => {
    const root = CONTENT_ROOTS.map((selector) => select(selector, tree)).find((element): element is Element => element !== undefined);
    if (root) tree.children = [root];
    for (const element of selectAll(CHROME.join(', '), tree)) {
      element.tagName = 'span';
      element.children = [];
    }
  };
}

const processor = unified()
  .use(rehypeParse)
  .use(keepContent)
  .use(rehypeRemark)
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', fences: true, rule: '-' });

export async function htmlToMarkdown(html: string): Promise<string> {
  return String(await processor.process(html)).trim();
}
