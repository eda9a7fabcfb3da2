import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { checkedReplacements, type ModuleReplacement } from '../checkedReplacements';

/** The folders that import Docusaurus' `browserContext` module: its client code (App.js) and exports/useIsBrowser.js. */
const IMPORTERS_OF_BROWSER_CONTEXT = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client([\\/]exports)?$/;

/**
 * How the browser starts the site, so that start-up never holds the main thread for long (the bundle's scripts
 * themselves load once the page has been painted: `ssrTemplate.ts`):
 * - The bundle starts from `startInShortTasks.ts` instead of Docusaurus' client entry, which it reaches in
 *   steps, one task each (React DOM's modules, the app's, the requests for the route's chunks, then the entry that
 *   hydrates), instead of one long task.
 * - React DOM (with its scheduler) is a script of its own, `react-dom.<hash>.js`, before the runtime and `main`: the
 *   browser compiles and runs two scripts of about 210 kB in two tasks instead of one of 420 kB.
 * - Docusaurus' `browserContext` module becomes `browserContext.tsx`: once the page has hydrated, the render
 *   that switches every `useIsBrowser()` to true (tabs, the API pages' layout and their tabs, which mount their
 *   content afresh) is a transition, done in slices between which the browser handles input, instead of one task
 *   of up to 200 ms on an API page.
 */
export default function browserStart(): Plugin {
  const replacements: ModuleReplacement[] = [
    { request: /^\.\.?\/browserContext$/, context: IMPORTERS_OF_BROWSER_CONTEXT, file: join(__dirname, 'browserContext.tsx') },
  ];
  return {
    name: 'browser-start',
    configureWebpack: (_config, isServer, { currentBundler }) => ({
      ...checkedReplacements('browser-start', currentBundler.instance, { replacements }),
      ...(isServer
        ? {}
        : {
            entry: join(__dirname, 'startInShortTasks.ts'),
            optimization: { splitChunks: { cacheGroups: { reactDom: { test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, name: 'react-dom', chunks: 'initial', priority: 40, enforce: true } } } },
          }),
    }),
  };
}
