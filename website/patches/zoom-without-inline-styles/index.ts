import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { checkedReplacements } from '../checkedReplacements';

/**
 * Image zoom without a `<style>` element made at runtime, so the site works under a Content-Security-Policy that
 * allows no inline styles but those its built pages carry (the policy `docent serve` sends). medium-zoom, which
 * docusaurus-plugin-image-zoom uses, injects its stylesheet as a `<style>` element when it loads; its `pure`
 * build injects nothing, and its stylesheet ships as a file, which this plugin adds to the site's CSS.
 */
export default function zoomWithoutInlineStyles(context: LoadContext): Plugin {
  const fromZoomPlugin = createRequire(createRequire(join(context.siteDir, 'package.json')).resolve('docusaurus-plugin-image-zoom/package.json'));
  const mediumZoom = dirname(fromZoomPlugin.resolve('medium-zoom/package.json'));
  return {
    name: 'zoom-without-inline-styles',
    getClientModules: () => [join(mediumZoom, 'dist', 'style.css')],
    configureWebpack: (_config, _isServer, { currentBundler }) =>
      checkedReplacements('zoom-without-inline-styles', currentBundler.instance, {
        aliases: [{ key: 'medium-zoom$', target: join(mediumZoom, 'dist', 'pure', 'index.js') }],
      }),
  };
}
