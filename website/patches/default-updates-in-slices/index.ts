import { join, sep } from 'node:path';
import type { Plugin } from '@docusaurus/types';
import type { Compiler, Module } from 'webpack';

/** React DOM's client build, as the browser bundle takes it. */
const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;
const PATCH = 'default-updates-in-slices';

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
    name: PATCH,
    configureWebpack: (_config, isServer, { currentBundler }) =>
      isServer
        ? {}
        : {
            module: { rules: [{ test: REACT_DOM_CLIENT, use: [{ loader: join(__dirname, 'sliceDefaultUpdates.cjs') }] }] },
            plugins: [
              {
                apply(compiler: Compiler) {
                  compiler.hooks.thisCompilation.tap(PATCH, (compilation) => {
                    compilation.hooks.finishModules.tap(PATCH, (modules) => {
                      const patched = [...modules].some((module: Module) => {
                        const resource = (module as Module & { resource?: unknown }).resource;
                        return typeof resource === 'string' && REACT_DOM_CLIENT.test(resource.split('?')[0] ?? '');
                      });
                      if (patched) return;
                      compilation.errors.push(
                        new currentBundler.instance.WebpackError(
                          `${PATCH}: no module of the browser bundle is React DOM's client build (react-dom${sep}cjs${sep}react-dom-client.production.js). React DOM has moved it: update or remove the patch (website/patches/README.md).`,
                        ),
                      );
                    });
                  });
                },
              },
            ],
          },
  };
}
