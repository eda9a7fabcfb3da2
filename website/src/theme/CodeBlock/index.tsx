import React, { Children, isValidElement, type ReactNode } from 'react';
import type { Props as ThemeProps } from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import { CodeTokensContext } from '@site/src/codeHighlight/useColouredLines';

interface Props extends ThemeProps {
  /** The build's colour runs for a Markdown code block (plugins/rehype-code-tokens.ts). */
  readonly tokens?: string;
}

/**
 * The theme's CodeBlock renders every block twice in the browser: once to hydrate, then again from scratch,
 * because Prism's inline colours on the server are always the light theme's. Here colours are CSS for both
 * modes (plugins/code-highlight.ts), so the server's markup is right as it is and the block hydrates once; the
 * build's colour runs reach the content through a context.
 */
export default function CodeBlock({ children, tokens, ...props }: Props): ReactNode {
  const parts = Children.toArray(children);
  // JSX inside a <pre> cannot be highlighted or copied: the theme shows it in a plain block.
  if (parts.some((part) => isValidElement(part))) return <ElementContent {...props}>{children}</ElementContent>;
  return (
    <CodeTokensContext.Provider value={tokens}>
      <StringContent {...props}>{parts.join('')}</StringContent>
    </CodeTokensContext.Provider>
  );
}
