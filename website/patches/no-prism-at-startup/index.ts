import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { checkedReplacements } from '../checkedReplacements';

/** theme-classic's client module that loads Prism and the extra languages into every page's main bundle. */
const THEME_PRISM_CLIENT_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;

/**
 * Drops theme-classic's client module that puts Prism (about 30 KiB gzip) in every page's main bundle and runs
 * it at start-up. Markdown code blocks come highlighted from the build (plugins/rehype-code-tokens.ts and
 * plugins/code-highlight.ts); Prism loads on demand (src/codeHighlight/browserHighlighter.ts) where code is
 * highlighted in the browser: code blocks made at run time and the API request explorer.
 */
export default function noPrismAtStartup(): Plugin {
  return {
    name: 'no-prism-at-startup',
    configureWebpack: (_config, _isServer, { currentBundler }) =>
      checkedReplacements('no-prism-at-startup', currentBundler.instance, {
        replacements: [{ request: THEME_PRISM_CLIENT_MODULE, file: join(__dirname, 'noPrismAtStartup.ts') }],
      }),
  };
}
