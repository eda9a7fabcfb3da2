// `npm run bench` builds the site twice more to measure what the search button adds to a first load: with.config.ts
// keeps the button as the only Docent element on the page (page feedback off, as the chat button already is),
// without.config.ts also swaps the navbar's SearchBar for an empty one. The difference between the two builds' first
// loads is the button: its element, its React component, its stylesheet. Two files, not one with an environment
// variable, because the bundler's persistent cache is keyed by the config file.
import type { Config, Plugin } from '@docusaurus/types';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import site from '../../website/docusaurus.config';

type PluginEntry = NonNullable<Config['plugins']>[number];
const WEBSITE = fileURLToPath(new URL('../../website/', import.meta.url));

/** The site's plugins: local ones resolved from website/ (Docusaurus resolves them beside the config), feedback off. */
function benchPlugin(entry: PluginEntry): PluginEntry {
  const local = (name: string): string => (name.startsWith('./') ? join(WEBSITE, name) : name);
  if (typeof entry === 'string') return local(entry);
  if (!Array.isArray(entry) || typeof entry[0] !== 'string') return entry;
  const options = entry[0] === 'docusaurus-plugin-docent' ? { ...(entry[1] as object), pageFeedback: false } : entry[1];
  return [local(entry[0]), options];
}

const noSearchBar: Plugin = {
  name: 'bench-no-search-bar',
  configureWebpack: () => ({
    resolve: { alias: { '@theme/SearchBar': fileURLToPath(new URL('./NoSearchBar.js', import.meta.url)) } },
  }),
};

export function benchConfig(searchButton: boolean): Config {
  return { ...site, plugins: [...(site.plugins ?? []).map(benchPlugin), ...(searchButton ? [] : [() => noSearchBar])] };
}
