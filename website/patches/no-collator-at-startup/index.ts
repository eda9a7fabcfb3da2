import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { checkedReplacements } from '../checkedReplacements';

/**
 * theme-common's modules that import `useShallowMemoObject` from its `reactUtils`: the hook behind code blocks'
 * word wrap (`useMutationObserver`, once per code block) and the docs sidebar's filler of the mobile menu.
 */
const IMPORTERS_OF_SHALLOW_MEMO = /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/](hooks|contexts[\\/]navbarSecondaryMenu)$/;

/**
 * theme-common's `useShallowMemoObject` orders an object's keys with `localeCompare`. The first `localeCompare` of
 * a page sets up the browser's collator: about 15 to 20 ms on a desktop and four times that on a phone, in the
 * middle of hydration, on every doc page (the mobile menu's filler) and more so on pages with code. The two
 * modules that use it get `reactUtils.ts`, which orders the keys by code unit; the order only has to be the same
 * from one render to the next.
 */
export default function noCollatorAtStartup(): Plugin {
  return {
    name: 'no-collator-at-startup',
    configureWebpack: (_config, _isServer, { currentBundler }) =>
      checkedReplacements('no-collator-at-startup', currentBundler.instance, {
        replacements: [{ request: /^(\.\.\/)+utils\/reactUtils$/, context: IMPORTERS_OF_SHALLOW_MEMO, file: join(__dirname, 'reactUtils.ts') }],
      }),
  };
}
