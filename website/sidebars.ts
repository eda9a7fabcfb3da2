import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import generatedApiItems from './docs/api/sidebar';

/** One entry of a sidebar, as the docs plugin accepts it. */
type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];

const API_OVERVIEW_ID = 'api/docent-ai-rest-api-beta';

/** A non-collapsible group heading inside a category. */
function group(label: string, items: SidebarItemConfig[]): SidebarItemConfig {
  return { type: 'category', label, collapsible: false, items };
}

/** The generated API sidebar starts with the overview page; we show it first as "Introduction". */
const apiOperations = (generatedApiItems as SidebarItemConfig[]).filter(
  (item) => !(typeof item === 'object' && 'id' in item && item.id === API_OVERVIEW_ID),
);

const sidebars = {
  docs: [
    { type: 'doc', id: 'quickstart', label: 'Quickstart' },
    {
      type: 'category',
      label: 'Installation',
      link: {
        type: 'generated-index',
        slug: '/category/installation',
        description: 'Add the Docent assistant to your documentation platform, web framework or static site generator.',
      },
      items: [
        group('Basic installation', [{ type: 'doc', id: 'installation/cdn', label: 'Script tag' }]),
        group('Documentation platforms', [
          'installation/docusaurus',
          'installation/mkdocs',
          'installation/sphinx',
          'installation/antora',
          'installation/starlight',
        ]),
        group('Web frameworks', [
          'installation/npm',
          'installation/react',
          'installation/vue',
          'installation/nextjs',
          'installation/astro',
          'installation/gatsby',
        ]),
        group('Static site generators', ['installation/hugo', 'installation/jekyll']),
        group('Other platforms', ['installation/wordpress', 'installation/confluence']),
      ],
    },
    {
      type: 'category',
      label: 'Customization',
      link: { type: 'doc', id: 'customization/index' },
      items: [
        group('User interface', [
          { type: 'doc', id: 'customization/layout', label: 'Widget' },
          'customization/styles',
          'customization/dark-mode',
          'customization/embedded-mode',
        ]),
        group('Behavior', [
          'customization/initial-message',
          'customization/suggested-questions',
          'customization/search',
          'customization/data-privacy',
        ]),
        group('Sources', [
          { type: 'doc', id: 'customization/sources', label: 'Overview' },
          'customization/data-sources/urls',
          'customization/data-sources/sitemaps',
          'customization/data-sources/github',
          'customization/data-sources/files',
          'customization/data-sources/openapi',
          'customization/data-sources/private-content',
        ]),
        group('AI configuration', ['customization/models', 'customization/custom-prompt']),
      ],
    },
    {
      type: 'category',
      label: 'Administration',
      link: {
        type: 'generated-index',
        slug: '/category/administration',
        description: 'Run Docent for a team: members and roles, projects, analytics, usage limits and whitelabel.',
      },
      items: [
        'administration/team',
        'administration/roles',
        'administration/projects',
        'administration/deployment',
        'administration/analytics',
        'administration/subscription',
        'administration/whitelabel',
      ],
    },
    {
      type: 'category',
      label: 'Integrations',
      link: {
        type: 'generated-index',
        slug: '/category/integrations',
        description: 'Use your Docent project from AI tools, CI workflows and your own code through the REST API.',
      },
      items: [
        'integrations/mcp-server',
        'integrations/github-workflow',
        'integrations/custom-gpt',
        {
          type: 'category',
          label: 'REST API',
          items: [{ type: 'doc', id: API_OVERVIEW_ID, label: 'Introduction' }, ...apiOperations],
        },
      ],
    },
    {
      type: 'category',
      label: 'Security',
      link: {
        type: 'generated-index',
        slug: '/category/security',
        description: 'How data moves through a Docent deployment, what to check before going live, and who receives what.',
      },
      items: [
        { type: 'doc', id: 'security/overview', label: 'Overview' },
        { type: 'doc', id: 'security/checklist', label: 'Checklist' },
        { type: 'doc', id: 'security/providers', label: 'Providers' },
      ],
    },
    'support',
    'release-notes',
  ],
} satisfies SidebarsConfig;

export default sidebars;
