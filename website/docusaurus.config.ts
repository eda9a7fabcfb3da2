import type { Config, Plugin } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import type { PluginOptions as DocentOptions } from 'docusaurus-plugin-docent';
import remarkApiLayout from './plugins/remark-api-layout';
import rehypeCodeTokens, { type CodeTokensOptions } from './plugins/rehype-code-tokens';
import rehypeTableCellLabels from './plugins/rehype-table-cell-labels';
import rehypeTableCodeBreaks from './plugins/rehype-table-code-breaks';
import rehypeTaskListLabels from './plugins/rehype-task-list-labels';
import rehypeUnwrapJsxParagraphs from './plugins/rehype-unwrap-jsx-paragraphs';
// Readers' words for this site's own ("bot" for assistant): see customization/search.
import synonyms from './synonyms.json';
import { ssrTemplate } from './patches/browser-start/ssrTemplate';
import { darkCodeTheme, lightCodeTheme } from './src/prismThemes';

/** Code colours and languages: the theme's `prism` options, and the build-time highlighting of Markdown code blocks. */
const prism = {
  theme: lightCodeTheme,
  darkTheme: darkCodeTheme,
  // json, yaml and python come with prism-react-renderer; these are the other languages the docs and API samples use.
  additionalLanguages: ['bash', 'php', 'toml', 'ruby'],
} satisfies CodeTokensOptions;

const siteUrl = process.env.SITE_URL || 'http://localhost:3000';

/** The OpenAPI theme imports Node's `path`; the browser bundle gets the small polyfill instead. */
function pathPolyfill(): Plugin {
  return {
    name: 'path-browserify-fallback',
    configureWebpack() {
      return { resolve: { fallback: { path: require.resolve('path-browserify') } } };
    },
  };
}

/**
 * The test build (DOCENT_E2E_ROUTES=1) adds a page that crashes on purpose and turns on the floating chat
 * button, so the end-to-end suite can exercise both; the published site has neither.
 */
const testBuild = process.env.DOCENT_E2E_ROUTES === '1';
/**
 * Connected mode: DOCENT_API_URL is the Docent server's address, `/` when `docent serve` serves the site itself
 * (what `npm start` and the test build do). Without it the site runs in static mode.
 */
const apiUrl = process.env.DOCENT_API_URL || (testBuild ? '/' : undefined);
const e2eRoutes = testBuild ? ['./tests/e2e-routes-plugin.ts'] : [];

const config = {
  title: 'Docent docs',
  tagline: 'Ask-AI chatbot for technical documentation',
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl: '/',
  trailingSlash: false,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onBrokenMarkdownLinks: 'warn',
  i18n: { defaultLocale: 'en', locales: ['en'] },
  future: {
    experimental_faster: true,
    // Required by the faster SSG workers; the other v4 flags stay off (site storage keeps the plain "theme" key).
    v4: { removeLegacyPostBuildHeadAttribute: true },
  },
  markdown: { format: 'detect' },
  // The bundle's scripts load once the page has been painted. This and every other patch of Docusaurus or theme
  // internals lives in patches/, listed with its reason and its check in patches/README.md.
  ssrTemplate: ssrTemplate(),
  clientModules: ['./patches/prefetch-when-idle/index.ts'],

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          docItemComponent: '@site/src/components/DocItemByKind',
          breadcrumbs: true,
          lastVersion: 'current',
          versions: { current: { label: 'Next' } },
          remarkPlugins: [remarkApiLayout],
          rehypePlugins: [rehypeTaskListLabels, rehypeUnwrapJsxParagraphs, rehypeTableCellLabels, rehypeTableCodeBreaks, [rehypeCodeTokens, prism]],
        },
        pages: { rehypePlugins: [rehypeTaskListLabels, rehypeTableCellLabels, rehypeTableCodeBreaks, [rehypeCodeTokens, prism]] },
        blog: false,
        theme: { customCss: ['./src/css/custom.css', './src/css/tables.css', './src/css/api-pages.css'] },
        // The Google tag only when GTAG_ID is set at build time; by default the site talks to no third party.
        ...(process.env.GTAG_ID ? { gtag: { trackingID: process.env.GTAG_ID, anonymizeIP: true } } : {}),
        sitemap: {
          changefreq: 'daily',
          priority: 0.5,
          ignorePatterns: ['/tags/**'],
          filename: 'sitemap.xml',
        },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    [
      'docusaurus-plugin-docent',
      {
        id: 'default',
        project: 'docent-docs',
        headerTitle: 'Docent chatbot',
        cleanTitles: true,
        buttonStyle: 'rounded',
        synonyms,
        ...(testBuild ? { chatButton: true } : {}),
        ...(apiUrl ? { apiUrl } : {}),
      } satisfies DocentOptions,
    ],
    [
      'docusaurus-plugin-openapi-docs',
      {
        id: 'openapi',
        docsPluginId: 'classic',
        config: {
          docent: {
            specPath: '../packages/server/openapi.yaml',
            outputDir: 'docs/api',
            sidebarOptions: { groupPathsBy: 'tag' },
            // Each page's OpenAPI document as plain data, which the theme uses as it is, instead of deflated data it
            // inflates in the browser at every render; see patches/uncompressed-api-pages.
            disableCompression: true,
          } satisfies OpenApiPlugin.Options,
        },
      },
    ],
    'docusaurus-plugin-sass',
    'docusaurus-plugin-image-zoom',
    // Its stylesheet as a file, not an inline <style> that a strict Content-Security-Policy blocks; see the patch.
    './patches/zoom-without-inline-styles/index.ts',
    './plugins/docent-style-reference.ts',
    './plugins/robots-txt.ts',
    './patches/browser-start/index.ts',
    './plugins/code-highlight.ts',
    './patches/no-prism-at-startup/index.ts',
    './patches/no-collator-at-startup/index.ts',
    './patches/uncompressed-api-pages/index.ts',
    './patches/window-size-in-slices/index.ts',
    './patches/code-wrap-after-layout/index.ts',
    './patches/default-updates-in-slices/index.ts',
    pathPolyfill,
    // One copy each of the request explorer's duplicated dependencies in the browser bundle; see the patch.
    './patches/dedupe-explorer-deps/index.ts',
    ...e2eRoutes,
  ],

  themes: ['docusaurus-theme-openapi-docs'],

  // Without JavaScript no tab can be chosen: show every tab panel.
  headTags: [
    {
      tagName: 'noscript',
      attributes: {},
      innerHTML: '<style>[role="tabpanel"][hidden]{display:block!important}</style>',
    },
  ],

  themeConfig: {
    metadata: [{ name: 'keywords', content: 'docs assistant, ask AI, documentation search, chatbot' }],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: 'rest-api-beta',
      content:
        'The <a href="/api/docent-ai-rest-api-beta">Docent REST API</a> is in beta, so its operations may still change between releases.',
      isCloseable: true,
    },
    navbar: {
      hideOnScroll: true,
      logo: {
        alt: 'Docent docs',
        src: 'img/logo.svg',
        srcDark: 'img/logo-dark.svg',
        width: 118,
        height: 32,
      },
      // The search button is the only configured item; the colour-mode toggle comes with the theme.
      items: [{ type: 'search', position: 'right' }],
    },
    footer: {
      style: 'light',
      copyright: 'Copyright © 2025 Docent.',
    },
    docs: { sidebar: { hideable: false, autoCollapseCategories: false } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    zoom: {
      selector: '.markdown img',
      background: { light: 'rgb(255, 255, 255)', dark: 'rgb(27, 27, 29)' },
    },
    prism,
    // The request explorer's code samples: the languages readers of the REST API use most, instead of the theme's
    // twenty, whose tab list filled the explorer's column. (A key the OpenAPI theme reads from themeConfig.)
    languageTabs: [{ language: 'curl' }, { language: 'python' }, { language: 'nodejs' }, { language: 'go' }, { language: 'php' }, { language: 'ruby' }],
  } satisfies Preset.ThemeConfig & { languageTabs: ReadonlyArray<{ language: string }> },
} satisfies Config;

export default config;
