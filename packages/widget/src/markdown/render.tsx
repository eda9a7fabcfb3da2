/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Markdown AST → React elements. Text always goes through React's escaping: no `dangerouslySetInnerHTML`.
 */
import { Fragment, useMemo, type ReactNode } from 'react';
import type { Citation } from '../data/types.js';
import { STRINGS } from '../strings.js';
import { parseMarkdown, type Block, type Inline } from './parse.js';
import { isExternal } from './url.js';

export interface MarkdownContext {
  /** Citations of an answer; `[n]` becomes a link to citation n. */
  readonly citations?: readonly Citation[];
  /** Origin of the host page; links to other origins open in a new tab. */
  readonly pageOrigin?: string;
}

function linkProps(href: string, context: MarkdownContext): { href: string; target?: string; rel?: string } {
  return isExternal(href, context.pageOrigin) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
}

function renderInline(nodes: readonly Inline[], context: MarkdownContext): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={key}>{node.text}</Fragment>;
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'strong':
        return <strong key={key}>{renderInline(node.children, context)}</strong>;
      case 'em':
        return <em key={key}>{renderInline(node.children, context)}</em>;
      case 'break':
        return <br key={key} />;
      case 'link':
        return (
          <a key={key} {...linkProps(node.href, context)}>
            {renderInline(node.children, context)}
          </a>
        );
      case 'citation': {
        const citation = context.citations?.find((item) => item.number === node.number);
        if (!citation) return <Fragment key={key}>{`[${node.number}]`}</Fragment>;
        return (
          <a
            key={key}
            className="docent-citation"
            {...linkProps(citation.url, context)}
            aria-label={STRINGS.citationLabel(citation.number, citation.title)}
            title={citation.title}
          >
            {citation.number}
          </a>
        );
      }
      default:
        return null;
    }
  });
}

function renderBlocks(blocks: readonly Block[], context: MarkdownContext): ReactNode[] {
  return blocks.map((block, key) => {
    switch (block.type) {
      case 'paragraph':
        return <p key={key}>{renderInline(block.children, context)}</p>;
      case 'heading':
        // Headings inside an answer are emphasis, not document structure: they must not break the dialog's outline.
        return (
          <p key={key} className="docent-md-heading">
            <strong>{renderInline(block.children, context)}</strong>
          </p>
        );
      case 'code':
        return (
          <pre key={key} className="docent-md-pre" tabIndex={0}>
            <code data-language={block.language || undefined}>{block.text}</code>
          </pre>
        );
      case 'quote':
        return <blockquote key={key}>{renderBlocks(block.children, context)}</blockquote>;
      case 'table':
        // A wide table scrolls inside its own box, which takes the focus so the keyboard can scroll it too.
        return (
          <div key={key} className="docent-md-table" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  {block.header.map((cell, column) => (
                    <th key={column} scope="col">
                      {renderInline(cell, context)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, rowKey) => (
                  <tr key={rowKey}>
                    {row.map((cell, column) => (
                      <td key={column}>{renderInline(cell, context)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      case 'list': {
        const items = block.items.map((item, itemKey) => <li key={itemKey}>{renderListItem(item, context)}</li>);
        return block.ordered ? (
          <ol key={key} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      default:
        return null;
    }
  });
}

/** A list item with one paragraph renders tight (no `<p>`), like most Markdown renderers. */
function renderListItem(blocks: readonly Block[], context: MarkdownContext): ReactNode {
  const [first, ...rest] = blocks;
  if (first?.type === 'paragraph') {
    return (
      <>
        {renderInline(first.children, context)}
        {renderBlocks(rest, context)}
      </>
    );
  }
  return renderBlocks(blocks, context);
}

export function renderMarkdown(source: string, context: MarkdownContext = {}): ReactNode {
  return <div className="docent-markdown">{renderBlocks(parseMarkdown(source), context)}</div>;
}

export interface MarkdownProps extends MarkdownContext {
  readonly source: string;
}

export function Markdown({ source, citations, pageOrigin }: MarkdownProps): ReactNode {
  return useMemo(() => renderMarkdown(source, { citations, pageOrigin }), [source, citations, pageOrigin]);
}
