import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { checkedReplacements } from '../checkedReplacements';

/** theme-common's modules that import its `useWindowSize`: its index (for the themes) and the mobile menu's context. */
const IMPORTERS_OF_WINDOW_SIZE = /[\\/]@docusaurus[\\/]theme-common[\\/]lib([\\/]contexts)?$/;

/**
 * theme-common's `useWindowSize` answers `ssr` until the page has hydrated, then sets the real size from an effect.
 * React renders that update in one piece: on a phone, the docs sidebar leaves the page and is drawn into the closed
 * mobile menu, and the table of contents changes place, in one task of up to 100 ms after hydration. The two modules
 * that import the hook get `useWindowSize.ts`, which makes that first update a transition, rendered in slices
 * between which the browser handles input. What shows does not change: the page keeps its `ssr` layout, the one
 * the server sent, until the transition commits.
 */
export default function windowSizeInSlices(): Plugin {
  return {
    name: 'window-size-in-slices',
    configureWebpack: (_config, isServer, { currentBundler }) =>
      isServer
        ? {}
        : checkedReplacements('window-size-in-slices', currentBundler.instance, {
            replacements: [{ request: /^\.\.?\/hooks\/useWindowSize$/, context: IMPORTERS_OF_WINDOW_SIZE, file: join(__dirname, 'useWindowSize.ts') }],
          }),
  };
}
