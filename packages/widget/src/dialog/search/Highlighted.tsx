/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import { parseSnippet } from '../../markdown/snippet.js';

/** A snippet with `<mark>`ed matches, rendered as text (never as HTML). */
export function Highlighted({ snippet, className }: { snippet: string; className?: string }): ReactNode {
  return (
    <span className={className}>
      {parseSnippet(snippet).map((part, index) =>
        part.marked ? (
          <mark key={index} className="docent-mark">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}
