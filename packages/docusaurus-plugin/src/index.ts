import path from 'node:path';
import type { LoadContext, OptionValidationContext, Plugin } from '@docusaurus/types';
import { normalizeOptions, type PluginOptions, type ResolvedOptions } from './options';
import { toClientSettings, type ClientSettings } from './settings';

export type { PluginOptions, ResolvedOptions, ClientSettings };
export { normalizeOptions, PluginOptionsError, DEFAULT_OPTIONS } from './options';

export default function pluginDocent(_context: LoadContext, options: ResolvedOptions): Plugin<ClientSettings> {
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
  };
}

export function validateOptions({ options }: OptionValidationContext<PluginOptions, ResolvedOptions>): ResolvedOptions {
  return normalizeOptions(options);
}
