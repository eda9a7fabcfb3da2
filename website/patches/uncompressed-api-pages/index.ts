import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { checkedReplacements } from '../checkedReplacements';

/** The OpenAPI theme's page component for API pages, the one browser-side importer of `pako`. */
const API_ITEM = /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiItem$/;

/**
 * The OpenAPI plugin writes each operation's document into its page's front matter, deflated and in base64 unless
 * `disableCompression` is set, and the theme's `ApiItem` inflates it with pako at every render: on an API page
 * about 20 ms on a desktop (four times that on a phone) in one piece of hydration, and again once the page has
 * hydrated, after pako's own modules took about 12 ms to start. The site sets `disableCompression`
 * (docusaurus.config.ts), so the document arrives as plain data that `ApiItem` uses as it is, and here its `pako`
 * becomes `pako.ts`, which the theme only reaches if a document is still compressed, and which then says so.
 * The server bundle keeps the real module: size and start-up do not matter there.
 */
export default function uncompressedApiPages(): Plugin {
  return {
    name: 'uncompressed-api-pages',
    configureWebpack: (_config, isServer, { currentBundler }) =>
      isServer
        ? {}
        : checkedReplacements('uncompressed-api-pages', currentBundler.instance, {
            replacements: [{ request: /^pako$/, context: API_ITEM, file: join(__dirname, 'pako.ts') }],
          }),
  };
}
