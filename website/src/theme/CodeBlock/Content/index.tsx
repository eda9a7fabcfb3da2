import React, { memo, type ReactNode } from 'react';
import clsx from 'clsx';
import type { LineInputProps, LineOutputProps, TokenInputProps, TokenOutputProps } from 'prism-react-renderer';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import type { Props } from '@theme/CodeBlock/Content';
import Line from '@theme/CodeBlock/Line';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import { siteStyledTypes } from '@site/src/codeHighlight/siteStyledTypes';
import { chainStyle } from '@site/src/codeHighlight/tokens';
import type { ColouredLine } from '@site/src/codeHighlight/tokens';
import { useColouredLines } from '@site/src/codeHighlight/useColouredLines';

/** The theme's line markup, without Prism's inline colours: the stylesheet colours `.token` by type (plugins/code-highlight.ts). */
function lineProps({ className }: LineInputProps): LineOutputProps {
  return { className: clsx('token-line', className) };
}

/** A token's type is the chain of its styled types (src/codeHighlight/tokens.ts): one class each. */
function tokenProps({ token }: TokenInputProps): TokenOutputProps {
  const [chain = 'plain'] = token.types;
  return { className: clsx('token', chain.split('+')), style: chainStyle(chain, siteStyledTypes), children: token.content };
}

interface LinesProps {
  readonly lines: ColouredLine[];
  /** The highlighted lines' classes, by line index (`metadata.lineClassNames`). */
  readonly classNames: Readonly<Record<number, string[] | undefined>>;
  readonly numbered: boolean;
}

function sameClassNames(a: LinesProps['classNames'], b: LinesProps['classNames']): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[Number(key)]?.join(' ') === b[Number(key)]?.join(' '));
}

/**
 * The block's lines and tokens. The theme makes the block's metadata afresh at each render, and each block renders
 * again right after hydration (its word-wrap state settles), so this skips that render unless the lines or their
 * classes changed: on a page with a dozen blocks, hundreds of token spans.
 */
const Lines = memo(
  function Lines({ lines, classNames, numbered }: LinesProps): ReactNode {
    return lines.map((line, index) => (
      <Line key={index} line={line} getLineProps={lineProps} getTokenProps={tokenProps} classNames={classNames[index]} showLineNumbers={numbered} />
    ));
  },
  (before, after) => before.lines === after.lines && before.numbered === after.numbered && sameClassNames(before.classNames, after.classNames),
);

/**
 * The theme's code block content, fed with colour runs instead of running Prism: the build's for Markdown
 * blocks, the browser's (loaded on demand) for blocks made at run time. Same markup as the theme's: `pre.prism-code`,
 * `.token-line` lines with the highlighted-line classes and line numbers, `.token` spans.
 */
export default function CodeBlockContent({ className }: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const lines = useColouredLines(metadata.codeInput, metadata.code, metadata.language, wordWrap.codeBlockRef);
  const numbered = metadata.lineNumbersStart !== undefined;
  return (
    // The block scrolls sideways, so it takes keyboard focus, as in the theme.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <pre ref={wordWrap.codeBlockRef} tabIndex={0} className={clsx(className, 'prism-code', `language-${metadata.language}`, styles.codeBlock, 'thin-scrollbar')}>
      <code
        className={clsx(styles.codeBlockLines, numbered && styles.codeBlockLinesWithNumbering)}
        style={numbered ? { counterReset: `line-count ${(metadata.lineNumbersStart as number) - 1}` } : undefined}
      >
        <Lines lines={lines} classNames={metadata.lineClassNames} numbered={numbered} />
      </code>
    </pre>
  );
}
