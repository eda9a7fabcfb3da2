import { expect, test } from './fixtures';

/** The sidebar the site's specification gives: group headings and page labels, in order, under each category. */
const CATEGORIES: Record<string, { page: string; items: string[] }> = {
  Installation: {
    page: '/category/installation',
    items: [
      'Basic installation',
      'Script tag',
      'Documentation platforms',
      'Docusaurus',
      'MkDocs',
      'Sphinx',
      'Antora',
      'Starlight',
      'Web frameworks',
      'npm',
      'React',
      'Vue',
      'Next.js',
      'Astro',
      'Gatsby',
      'Static site generators',
      'Hugo',
      'Jekyll',
      'Other platforms',
      'WordPress',
      'Confluence',
    ],
  },
  Customization: {
    page: '/customization',
    items: [
      'User interface',
      'Widget',
      'Styles',
      'Dark mode',
      'Embedded mode',
      'Behavior',
      'Initial message',
      'Suggested questions',
      'Search',
      'Data privacy',
      'Sources',
      'Overview',
      'URLs',
      'Sitemaps',
      'GitHub',
      'Files',
      'OpenAPI',
      'Private content',
      'AI configuration',
      'Models',
      'Custom prompt',
    ],
  },
  Administration: {
    page: '/category/administration',
    items: ['Team', 'Roles', 'Projects', 'Deployment', 'Analytics', 'Subscription', 'Whitelabel'],
  },
  Integrations: {
    page: '/category/integrations',
    items: ['MCP server', 'GitHub workflow', 'Custom GPT', 'REST API'],
  },
  Security: {
    page: '/category/security',
    items: ['Overview', 'Checklist', 'Providers'],
  },
};

test.describe('sidebar', () => {
  for (const [label, { page: path, items }] of Object.entries(CATEGORIES)) {
    test(`${label} lists its groups and pages in order`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      const category = page
        .locator('.theme-doc-sidebar-menu > li')
        .filter({ has: page.locator(':scope > .menu__list-item-collapsible', { hasText: label }) });
      await expect(category.locator(':scope > .menu__list-item-collapsible .menu__link')).toHaveAttribute('href', path);
      await expect(category.locator(':scope > ul > li > .menu__link, :scope > ul > li > ul > li > .menu__link, :scope > ul > li > .menu__list-item-collapsible > .menu__link')).toHaveText(items);
    });
  }

  test('the category pages show a card for each entry', async ({ page }) => {
    await page.goto('/category/security');
    await expect(page.locator('article .card h2')).toHaveText([/Overview|Security overview/, /Checklist|Go-live checklist/, /Providers|Third-party providers/]);
  });
});
