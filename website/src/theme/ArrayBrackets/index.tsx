import React, { type ReactNode } from 'react';

/*
 * The theme draws "Array [" and "]" around array items as `<li>`s, also where no list encloses them (inside a
 * property's details), and at 60 % opacity, below 4.5:1 contrast. Here they are plain text in a readable colour.
 */

export function OpeningArrayBracket(): ReactNode {
  return <div className="api-array-bracket api-array-bracket--opening">Array [</div>;
}

export function ClosingArrayBracket(): ReactNode {
  return <div className="api-array-bracket">]</div>;
}
