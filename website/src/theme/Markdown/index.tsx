import React, { memo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import CodeBlock from '@theme/CodeBlock';

/** A hast node, as far as this file reads it. */
interface HastNode {
  readonly type: string;
  readonly tagName?: string;
  readonly value?: string;
  readonly properties?: { readonly className?: unknown };
  readonly children?: readonly HastNode[];
}

function textOf(node: HastNode): string {
  return node.value ?? (node.children ?? []).map(textOf).join('');
}

/** `language-json` → `json`, from a `<code>` element's classes. */
function languageOf(code: HastNode | undefined): string | undefined {
  const classes = code?.properties?.className;
  const names = Array.isArray(classes) ? classes.map(String) : [];
  return names.find((name) => name.startsWith('language-'))?.slice('language-'.length);
}

const components: Components = {
  // A fenced block becomes the site's code block (colours, copy button) rather than a bare <pre>.
  pre({ node }) {
    const code = (node as HastNode | undefined)?.children?.find((child) => child.tagName === 'code');
    if (!code) return null;
    return <CodeBlock language={languageOf(code)}>{textOf(code).replace(/\n$/, '')}</CodeBlock>;
  },
};

/**
 * The OpenAPI theme's Markdown for the descriptions of parameters, schemas and responses, which it renders in the
 * browser. The same GitHub-flavoured Markdown (paragraphs, code, tables, lists, links, fenced blocks), without the
 * theme's raw-HTML pass: the API descriptions hold no HTML, and that pass (an HTML parser, about a sixth of the API
 * pages' script) ran on every page start-up. Raw HTML in a description shows as text. Memoized: a description
 * renders again only when its text changes, not each time the API layout re-renders around it.
 */
function Markdown({ children }: { children?: string }): ReactNode {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
      {children}
    </ReactMarkdown>
  );
}

export default memo(Markdown);
