import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { checkedReplacements } from '../checkedReplacements';

/** React DOM's client build, as the browser bundle takes it. */
const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/**
 * React renders an update in slices, yielding to the browser between them, only when it is a transition; an update
 * at the default priority, such as state set in an effect, renders in one piece. After hydration, several of
 * theme-common's providers set state in effects (the colour mode's choice, the mobile menu's docs sidebar), and
 * each such render took one task of 12 to 23 ms on a desktop (unminified, traced), four times that on a phone. A
 * loader (`sliceDefaultUpdates.cjs`) changes the one condition in React DOM's client build so that default-priority
 * renders are sliced too; input events still render in one piece. The build fails if React DOM's client build is
 * not in the bundle or no longer holds that condition.
 */
export default function defaultUpdatesInSlices(): Plugin {
  return {
    name: 'default-updates-in-slices',
    configureWebpack: (_config, isServer, { currentBundler }) =>
      isServer
        ? {}
        : checkedReplacements('default-updates-in-slices', currentBundler.instance, {
            rewrites: [{ file: REACT_DOM_CLIENT, loader: join(__dirname, 'sliceDefaultUpdates.cjs') }],
          }),
  };
}
