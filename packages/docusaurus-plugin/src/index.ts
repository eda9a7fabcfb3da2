import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, OptionValidationContext, Plugin } from '@docusaurus/types';
import { normalizeOptions, type PluginOptions, type ResolvedOptions } from './options';
import { toClientSettings, type ClientSettings } from './settings';
import { writeArtifacts } from './server/postBuild';
import { optedOutPermalinks } from './server/optOut';

export type { PluginOptions, ResolvedOptions, ClientSettings };
export { normalizeOptions, PluginOptionsError, DEFAULT_OPTIONS } from './options';

/**
 * The client module that records page views in connected mode (client/pageViews.ts), with this instance's
 * settings: a file Docusaurus bundles with the site, written once the options are known. Static mode has none.
 */
function pageViewsModule(context: LoadContext, options: ResolvedOptions): { file: string; source: string } | undefined {
  if (!options.apiUrl) return undefined;
  const recorder = path.resolve(__dirname, './client/pageViews.js');
  const settings = { apiUrl: options.apiUrl, project: options.project };
  return {
    file: path.join(context.generatedFilesDir, 'docusaurus-plugin-docent', options.id, 'pageViews.js'),
    source: `import { recordPageViews } from ${JSON.stringify(recorder)};\nexport const onRouteDidUpdate = recordPageViews(${JSON.stringify(settings)});\n`,
  };
}

function pluginDocent(context: LoadContext, options: ResolvedOptions): Plugin<ClientSettings> {
  let optedOut = new Set<string>();
  const pageViews = pageViewsModule(context, options);
  return {
    name: 'docusaurus-plugin-docent',
    getThemePath() {
      return path.resolve(__dirname, './theme');
    },
    getTypeScriptThemePath() {
      return path.resolve(__dirname, '../src/theme');
    },
    getClientModules() {
      // The widget takes the site's primary colour and fonts (the file says how the site's own values still win).
      return [path.resolve(__dirname, './client/siteLook.css'), ...(pageViews ? [pageViews.file] : [])];
    },
    async loadContent() {
      if (pageViews) {
        await mkdir(path.dirname(pageViews.file), { recursive: true });
        await writeFile(pageViews.file, pageViews.source);
      }
      return toClientSettings(options);
    },
    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content);
    },
    async allContentLoaded({ allContent }) {
      optedOut = optedOutPermalinks(allContent as Parameters<typeof optedOutPermalinks>[0]);
    },
    async postBuild({ outDir }) {
      const { siteConfig } = context;
      const report = await writeArtifacts(
        { outDir, baseUrl: siteConfig.baseUrl, site: { title: siteConfig.title, tagline: siteConfig.tagline, url: siteConfig.url } },
        options,
        optedOut,
      );
      const kib = (report.indexBytes / 1024).toFixed(1);
      console.log(
        `[docent] indexed ${report.pages} pages into ${report.sections} sections (${options.indexPath}, ${kib} KiB` +
          `${report.indexParts ? `, with ${report.indexParts} parts beside it` : ''}) ` +
          `and wrote llms.txt, llms-full.txt and ${report.pages} Markdown copies in ${report.milliseconds} ms` +
          (optedOut.size ? `; ${optedOut.size} page(s) opted out with docent: false` : ''),
      );
    },
  };
}

export function validateOptions({ options }: OptionValidationContext<PluginOptions, ResolvedOptions>): ResolvedOptions {
  return normalizeOptions(options);
}

// The module is the plugin function itself, with the named exports copied onto it: Docusaurus calls the module (or
// its `default`) and reads `validateOptions` from it, and `require()` and ES-module `import` get the same function.
// A CommonJS `exports.default` would hand an ES-module importer an object with the plugin under `.default`
// (publint's CJS_WITH_ESMODULE_DEFAULT_EXPORT, arethetypeswrong's CJSOnlyExportsDefault).
module.exports = Object.assign(pluginDocent, exports);
