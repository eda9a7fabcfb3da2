import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The folders that import Docusaurus' `browserContext` module: its client code (App.js) and exports/useIsBrowser.js. */
const IMPORTERS_OF_BROWSER_CONTEXT = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client([\\/]exports)?$/;

/**
 * How the browser starts the site, so that start-up never holds the main thread for long:
 * - The bundle starts from `browser/startAfterFirstPaint.ts` instead of Docusaurus' client entry, which it starts one
 *   frame later. Otherwise a fast connection delivers the scripts before the browser has painted the server-rendered
 *   page, and the first paint waits for the whole bundle to run: about 200 ms on a mid-range phone.
 * - Docusaurus' `browserContext` module becomes `browser/browserContext.tsx`: once the page has hydrated, the render
 *   that switches every `useIsBrowser()` to true (tabs, the API pages' layout and their tabs, which mount their
 *   content afresh) is a transition, done in slices between which the browser handles input, instead of one task
 *   of up to 200 ms on an API page.
 */
export default function browserStart(): Plugin {
  const browserContext = join(__dirname, 'browser', 'browserContext.tsx');
  return {
    name: 'browser-start',
    configureWebpack: (_config, isServer, { currentBundler }) => ({
      plugins: [
        new currentBundler.instance.NormalModuleReplacementPlugin(/^\.\.?\/browserContext$/, (resource: { context: string; request: string }) => {
          if (IMPORTERS_OF_BROWSER_CONTEXT.test(resource.context)) resource.request = browserContext;
        }),
      ],
      ...(isServer ? {} : { entry: join(__dirname, 'browser', 'startAfterFirstPaint.ts') }),
    }),
  };
}
