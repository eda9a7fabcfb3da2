import React, { memo, type ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import { parseBlocks, type Block } from './blocks';
import { parseInline, type Inline } from './inline';

/** Links to web pages, mail and this site only: a `javascript:` or other scheme shows as text. */
const SAFE_HREF = /^(https?:|mailto:|\/|#|\.\.?\/)/i;

function renderInline(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'strong':
        return <strong key={key}>{renderInline(node.children)}</strong>;
      case 'emphasis':
        return <em key={key}>{renderInline(node.children)}</em>;
      case 'link':
        return SAFE_HREF.test(node.href) ? (
          <a key={key} href={node.href}>
            {renderInline(node.children)}
          </a>
        ) : (
          <React.Fragment key={key}>{renderInline(node.children)}</React.Fragment>
        );
    }
  });
}

const inline = (text: string): ReactNode[] => renderInline(parseInline(text));

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case 'paragraph':
      return <p key={key}>{inline(block.text)}</p>;
    case 'heading': {
      const Heading = `h${block.depth}` as const;
      return <Heading key={key}>{inline(block.text)}</Heading>;
    }
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List key={key}>
          {block.items.map((item, index) => (
            <li key={index}>{inline(item)}</li>
          ))}
        </List>
      );
    }
    case 'table':
      return (
        <table key={key}>
          <thead>
            <tr>
              {block.head.map((cell, index) => (
                <th key={index}>{inline(cell)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {block.head.map((_, index) => (
                  <td key={index}>{inline(row[index] ?? '')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'code':
      // A fenced block is the site's code block (colours, copy button), not a bare <pre>.
      return (
        <CodeBlock key={key} language={block.language}>
          {block.text}
        </CodeBlock>
      );
  }
}

/**
 * The OpenAPI theme's Markdown for the descriptions of parameters, schemas and responses, which it renders in the
 * browser. The descriptions of this site's API use a small part of GitHub-flavoured Markdown (paragraphs, headings,
 * lists, tables, fenced code, code spans, strong, emphasis, links), which blocks.ts and inline.ts read; the theme's
 * renderer (react-markdown, a Markdown parser, an HTML parser and the HTML property tables) cost the API pages
 * about a third of their start-up script. Raw HTML shows as text. Memoized: a description renders again only when
 * its text changes, not each time the API layout re-renders around it.
 */
function Markdown({ children }: { children?: string }): ReactNode {
  if (!children) return null;
  return <>{parseBlocks(children).map(renderBlock)}</>;
}

export default memo(Markdown);
