import { expect, test, waitForHydration } from './fixtures';

test.describe('doc page layout', () => {
  test('doc pages show breadcrumbs and a table of contents of h2 and h3 headings only', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/installation/docusaurus');
    await waitForHydration(page);
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(breadcrumbs).toBeVisible();
    await expect(breadcrumbs.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    await expect(breadcrumbs).toContainText('Installation');

    const toc = page.locator('.table-of-contents').first();
    await expect(toc).toBeVisible();
    const tocTargets = await toc.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(tocTargets.length).toBeGreaterThan(2);
    const headingLevels = await page.evaluate((targets) => {
      return targets.map((target) => document.getElementById((target ?? '').slice(1))?.tagName);
    }, tocTargets);
    expect(new Set(headingLevels)).toEqual(new Set(['H2', 'H3']));
    const h4Ids = await page.locator('.markdown h4[id]').evaluateAll((headings) => headings.map((heading) => `#${heading.id}`));
    for (const id of h4Ids) expect(tocTargets).not.toContain(id);
  });

  test('every doc page shares the one sidebar, API pages included', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of ['/', '/api/send-message', '/customization/data-sources/github', '/release-notes']) {
      await page.goto(path);
      const sidebar = page.locator('.theme-doc-sidebar-menu');
      await expect(sidebar, path).toBeVisible();
      await expect(sidebar.locator(':scope > li > .menu__list-item-collapsible, :scope > li > a')).toHaveText([
        'Quickstart',
        'Installation',
        'Customization',
        'Administration',
        'Integrations',
        'Security',
        'Support',
        'Release notes',
      ]);
    }
  });

  test('the standalone Markdown page has neither breadcrumbs nor a doc sidebar', async ({ page }) => {
    await page.goto('/markdown-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Markdown reference');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveCount(0);
    await expect(page.locator('.theme-doc-sidebar-menu')).toHaveCount(0);
  });

  test('the REST API pages use the API item layout and are grouped by tag', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/api/send-message');
    await expect(page.locator('.openapi__method-endpoint')).toContainText('POST http://localhost:3000/v1/projects/:projectId/messages');
    const restApi = page.locator('.theme-doc-sidebar-menu li', { has: page.locator('> .menu__list-item-collapsible', { hasText: 'REST API' }) });
    await expect(restApi.locator('> ul > li > a, > ul > li > .menu__list-item-collapsible')).toHaveText([
      'Introduction',
      'Chat',
      'Projects',
      'Sources',
      'Feedback',
    ]);
  });

  for (const width of [375, 1280]) {
    test(`an API page's text column keeps its width beside the Copy page button (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/api/send-message');
      const article = await page.locator('article').boundingBox();
      const column = await page.locator('.openapi-left-panel__container').boundingBox();
      // On a phone the text column spans the article; on a desktop it has its 7 of 12 columns of the article.
      const share = width < 997 ? 0.9 : 0.55;
      expect(column!.width / article!.width).toBeGreaterThan(share);
    });
  }

  test('schema descriptions render their Markdown: code, tables and fenced blocks', async ({ page }) => {
    await page.goto('/api/send-message');
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'text/event-stream' }).click();
    const schema = page.locator('[role=tabpanel]:not([hidden])', { hasText: 'A stream of server-sent events' }).last();
    await expect(schema.getByRole('table')).toContainText('event');
    await expect(schema.getByRole('row', { name: /^delta/ }).locator('code').first()).toHaveText('delta');
    // The fenced example is the site's code block, copy button included.
    const block = schema.locator('.theme-code-block', { hasText: 'event: error' });
    await expect(block.locator('pre.prism-code')).toBeVisible();
    await expect(block.getByRole('button', { name: 'Copy code to clipboard' })).toBeAttached();
  });

  test("an API page builds its schemas after the page and each response's panel when its tab is chosen", async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/api/send-message');
    const article = page.locator('article');
    // The request parameters, the request body and the first response replace their server-rendered text.
    await expect(article.locator('.openapi-left-panel__container [data-mount="pending"]')).toHaveCount(0, { timeout: 15_000 });
    await expect(article.locator('.openapi-params__list-item', { hasText: 'projectId' })).toBeVisible();
    await expect(article.getByText('conversation_id', { exact: true }).first()).toBeVisible();
    const statuses = page.locator('.openapi-tabs__response-container').getByRole('tab');
    await expect(statuses).toHaveCount(12);
    await expect(statuses.first()).toHaveAttribute('aria-selected', 'true');
    const panels = article.locator('.openapi-tabs__response-header-section ~ [role=tabpanel]');
    await expect(panels).toHaveCount(1);
    await expect(panels).toContainText('The answer.');

    await statuses.filter({ hasText: /^429$/ }).click();
    await expect(panels).toHaveCount(1);
    await expect(panels).toContainText('A per-visitor rate limit');
    await expect(panels).not.toContainText('The answer.');
    expect(consoleErrors).toEqual([]);
  });

  test('the request explorer offers code samples in a short list of languages', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/api/send-message');
    const languages = page.locator('.openapi-tabs__code-list-container').first().getByRole('tab');
    await expect(languages).toHaveText(['curl', 'python', 'nodejs', 'go', 'php', 'ruby'].map((name) => new RegExp(`^${name}$`, 'i')), { timeout: 15_000 });
  });

  test('an API page loads its request explorer after the page, and the explorer works', async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/api/send-message');
    await expect(page.getByRole('button', { name: 'Send API Request' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('tab', { name: /curl/i }).first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("the explorer's body editor highlights the body, feeds the request's code samples, and requires a body", async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/api/send-message');
    const editor = page.locator('.openapi-explorer__playground-editor [contenteditable]');
    await expect(editor).toContainText('"question"', { timeout: 15_000 });
    // Highlighted as JSON: the property names are tokens of their own.
    await expect(editor.locator('.token.property').first()).toBeVisible();
    const sample = page.locator('.openapi-explorer__code-block, .theme-code-block').filter({ hasText: 'curl' }).first();
    await editor.click();
    await page.keyboard.press('Control+A');
    // At a quick typist's pace: use-editable, the editor's library, ignores a key that comes before the render
    // of the one before it, and Playwright's default is no pause at all.
    await page.keyboard.type('{"question": "how do I rotate a key?"}', { delay: 30 });
    await expect(editor).toHaveText('{"question": "how do I rotate a key?"}');
    // What is typed is the request's body: the curl sample carries it.
    await expect(sample).toContainText('how do I rotate a key?');
    // The operation requires a body: an empty one is refused with the theme's message.
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.getByRole('button', { name: 'Send API Request' }).click();
    await expect(page.locator('.openapi-explorer__playground-container .openapi-explorer__input-error')).toHaveText('This field is required');
    expect(consoleErrors).toEqual([]);
  });
});
