import path from 'node:path';
import type { LoadContext, OptionValidationContext, Plugin } from '@docusaurus/types';
import { normalizeOptions, type PluginOptions, type ResolvedOptions } from './options';
import { toClientSettings, type ClientSettings } from './settings';
import { writeArtifacts } from './server/postBuild';
import { optedOutPermalinks } from './server/optOut';

export type { PluginOptions, ResolvedOptions, ClientSettings };
export { normalizeOptions, PluginOptionsError, DEFAULT_OPTIONS } from './options';

export default function pluginDocent(context: LoadContext, options: ResolvedOptions): Plugin<ClientSettings> {
  let optedOut = new Set<string>();
  return {
    name: 'docusaurus-plugin-docent',
    getThemePath() {
      return path.resolve(__dirname, './theme');
    },
    getTypeScriptThemePath() {
      return path.resolve(__dirname, '../src/theme');
    },
    async loadContent() {
      return toClientSettings(options);
    },
    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content);
    },
    injectHtmlTags() {
      // The local analytics script (records page views in connected mode; does nothing in static mode).
      const attributes: Record<string, string | boolean> = { src: `${context.baseUrl}analytics.js`, defer: true, 'data-project': options.project };
      if (options.apiUrl) attributes['data-api-url'] = options.apiUrl;
      return { headTags: [{ tagName: 'script', attributes }] };
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
