import React, { type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';

/**
 * The theme's container sets the code colours of the current mode inline, which the server can only render for
 * the light mode. The site's stylesheet sets them per mode instead (plugins/code-highlight.ts).
 */
export default function CodeBlockContainer<T extends 'div' | 'pre'>({ as: As, ...props }: { as: T } & ComponentProps<T>): ReactNode {
  const Element = As as 'div';
  return <Element {...(props as ComponentProps<'div'>)} className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)} />;
}
