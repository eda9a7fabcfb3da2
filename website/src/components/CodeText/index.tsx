import React, { type ReactNode } from 'react';

/**
 * Text from a definition in code (an attribute row, a style description), where `backticks` mark code as in
 * Markdown. Only backticks: these strings are also console warnings and code comments, so they stay plain text.
 */
export default function CodeText({ text }: { text: string }): ReactNode {
  const parts = text.split('`');
  if (parts.length % 2 === 0) throw new Error(`Unbalanced backtick in reference text: ${text}`);
  return parts.map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}
