import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { checkedReplacements } from '../checkedReplacements';

/** theme-common's module that exports `useCodeWordWrap` to the themes: its `internal` entry. */
const IMPORTERS_OF_CODE_WORD_WRAP = /[\\/]@docusaurus[\\/]theme-common[\\/]lib$/;

/**
 * Every code block (the theme's and the API explorer's) asks theme-common's `useCodeWordWrap` whether it scrolls
 * sideways, to show its word-wrap button. The hook read the block's widths in an effect: the first block forced a
 * layout of the whole page inside the task that runs hydration's effects, a third of that task on a doc page with
 * code. The `internal` entry gets `useCodeWordWrap.ts`, which reads them in a ResizeObserver, after the browser's
 * own layout.
 */
export default function codeWrapAfterLayout(): Plugin {
  return {
    name: 'code-wrap-after-layout',
    configureWebpack: (_config, isServer, { currentBundler }) =>
      isServer
        ? {}
        : checkedReplacements('code-wrap-after-layout', currentBundler.instance, {
            replacements: [{ request: /^\.\/hooks\/useCodeWordWrap$/, context: IMPORTERS_OF_CODE_WORD_WRAP, file: join(__dirname, 'useCodeWordWrap.ts') }],
          }),
  };
}
