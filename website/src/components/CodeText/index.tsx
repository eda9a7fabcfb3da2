import React, { Fragment, type ReactNode } from 'react';
import { breakParts } from './breakPoints';

/** A code span that may wrap at its natural break points (see `breakPoints.ts`): these texts fill table cells. */
function BreakableCode({ text }: { text: string }): ReactNode {
  return (
    <code>
      {breakParts(text).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

/**
 * Text from a definition in code (an attribute row, a style description), where `backticks` mark code as in
 * Markdown. Only backticks: these strings are also console warnings and code comments, so they stay plain text.
 */
export default function CodeText({ text }: { text: string }): ReactNode {
  const parts = text.split('`');
  if (parts.length % 2 === 0) throw new Error(`Unbalanced backtick in reference text: ${text}`);
  return parts.map((part, index) => (index % 2 === 1 ? <BreakableCode key={index} text={part} /> : part));
}
