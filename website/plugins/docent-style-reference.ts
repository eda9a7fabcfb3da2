import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { checkDescriptions, parseStyleDefaults, type StyleReferenceData } from '../src/components/StyleTable/styleReference';

/** The widget's source stylesheet, found through the workspace package the site depends on. */
export function widgetStylesheet(siteDir: string): string {
  const packageJson = createRequire(join(siteDir, 'package.json')).resolve('@docent/widget/package.json');
  return join(dirname(packageJson), 'src', 'styles', 'docent.css');
}

/**
 * Reads every `--docent-*` property and its light and dark default from the widget stylesheet, in Node, and
 * publishes them as global data for `<StyleTable>` (customization/styles.mdx): a browser component cannot read
 * files. A stylesheet it cannot parse, a property without a description, or a description without a property
 * fails the build here, with a message that names the file to fix.
 */
export default function docentStyleReference(context: LoadContext): Plugin<StyleReferenceData> {
  const stylesheet = widgetStylesheet(context.siteDir);
  const shown = relative(context.siteDir, stylesheet);
  return {
    name: 'docent-style-reference',
    getPathsToWatch: () => [stylesheet],
    async loadContent() {
      const properties = parseStyleDefaults(await readFile(stylesheet, 'utf8'), shown);
      checkDescriptions(properties);
      return { properties };
    },
    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content);
    },
  };
}
