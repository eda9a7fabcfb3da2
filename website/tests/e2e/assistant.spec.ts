import { assistantDialog as dialog, expect, expectEverySentenceCited, searchButton, test, waitForAssistant } from './fixtures';

test.describe('the assistant behind the search button', () => {
  test('loads nothing but the button until the reader shows intent', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await waitForAssistant(page);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => path.includes('docent-index') || path.includes('docent-dialog'))).toEqual([]);
    // The button is styled by the plugin's copy of docent.css: the element comes with the page but registers after the
    // plugin has set the stylesheet URL, so the bundler's fallback copy (and its chunk) never load.
    const stylesheets = await page
      .locator('nav.navbar docent-search-button')
      .evaluate((host) =>
        Array.from(host.shadowRoot?.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]') ?? [], (link) => new URL(link.href).pathname),
      );
    expect(stylesheets).toEqual(['/docent/docent.css']);
    await expect(searchButton(page)).toHaveCSS('display', 'inline-flex');
    expect(requested.filter((path) => path.endsWith('.css') && !path.startsWith('/assets/') && !path.startsWith('/docent/'))).toEqual([]);
    await searchButton(page).click();
    await expect(dialog(page)).toBeVisible();
    await expect.poll(() => requested.filter((path) => path.endsWith('/docent-index.json')).length).toBe(1);
  });

  test('a click opens search; results are grouped, highlighted, and Escape returns focus to the button', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await waitForAssistant(page);
    await searchButton(page).click();
    await expect(dialog(page)).toBeVisible();
    const input = dialog(page).getByRole('combobox');
    await expect(input).toBeFocused();
    await input.fill('hugo partial');
    const first = dialog(page).getByRole('option', { name: /Install Docent on Hugo/ }).first();
    await expect(first).toBeVisible();
    // Both words of the query are highlighted in the result (its heading or its snippet).
    await expect(first.locator('mark').filter({ hasText: /^hugo$/i }).first()).toBeVisible();
    await expect(first.locator('mark').filter({ hasText: /^partials?$/i }).first()).toBeVisible();
    await expect(dialog(page).getByText('Install Docent on Hugo', { exact: true }).first()).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(searchButton(page)).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test("a reader's word finds the site's word through the site's synonyms, marked in the result", async ({ page }) => {
    await page.goto('/');
    await waitForAssistant(page);
    await searchButton(page).click();
    // website/synonyms.json groups "recrawl" with "sync": the API page on syncs holds only the site's word.
    await dialog(page).getByRole('combobox').fill('recrawl');
    const result = dialog(page).getByRole('option', { name: /Sync a project/ }).first();
    await expect(result.locator('mark').filter({ hasText: /^sync$/i }).first()).toBeVisible();
  });

  test('Ctrl K and / open the dialog; arrows and Enter open a result', async ({ page }) => {
    await page.goto('/');
    await waitForAssistant(page);
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeHidden();
    // Focus is back on the button, not left in the closed dialog's search field (where '/' would be typing).
    await expect(searchButton(page)).toBeFocused();

    await page.keyboard.press('/');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.type('dark mode');
    await expect(dialog(page).getByRole('option').nth(1)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const active = dialog(page).locator('[role="option"][aria-selected="true"]');
    await expect(active).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/customization\/dark-mode/);
  });

  test('on a Mac the button shows ⌘ K and ⌘ K toggles the dialog', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' }));
    await page.goto('/');
    await waitForAssistant(page);
    await expect(searchButton(page)).toContainText('⌘');
    await expect(searchButton(page)).not.toContainText('Ctrl');
    await page.keyboard.press('Meta+k');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Meta+k');
    await expect(dialog(page)).toBeHidden();
  });

  test('typing / or k in the dialog input types the character', async ({ page }) => {
    await page.goto('/');
    await waitForAssistant(page);
    await searchButton(page).click();
    const input = dialog(page).getByRole('combobox');
    await input.pressSequentially('k/k');
    await expect(input).toHaveValue('k/k');
    await expect(dialog(page)).toBeVisible();
  });

  test('a search count that settles after the reader moves to Ask AI does not replace the answer announcement', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForAssistant(page);
    await searchButton(page).click();
    await dialog(page).getByRole('combobox').fill('dark mode');
    await expect(dialog(page).getByRole('option').first()).toBeVisible();
    // Within the search announcement's debounce: switch tabs and ask.
    await dialog(page).getByRole('tab', { name: 'Ask AI' }).click();
    await dialog(page).getByRole('textbox', { name: 'Your question' }).fill('How do I add Docent to a Hugo site?');
    await page.keyboard.press('Enter');
    await expect(dialog(page).getByRole('status')).toHaveText(/Answer ready/);
    await page.clock.fastForward(1_000); // longer than the search announcement's debounce (600 ms)
    await expect(dialog(page).getByRole('status')).toHaveText(/Answer ready/);
  });

  test('Ask AI answers with a citation on every sentence, linking to the cited words', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await waitForAssistant(page);
    await searchButton(page).click();
    await dialog(page).getByRole('tab', { name: 'Ask AI' }).click();
    await dialog(page).getByRole('textbox', { name: 'Your question' }).fill('How do I add Docent to a Hugo site?');
    await page.keyboard.press('Enter');
    const conversation = dialog(page).getByRole('group', { name: 'Conversation' });
    const citations = conversation.getByRole('link', { name: /^Source \d+:/ });
    await expect(citations.first()).toBeVisible();
    await expect(citations.first()).toHaveAttribute('href', /^\/installation\/hugo(#[\w-]*)?:~:text=|^\/installation\/hugo#:~:text=/);
    await expectEverySentenceCited(conversation);
    await expect(dialog(page).getByRole('status')).toHaveText(/Answer ready/);
    // Under the sources: pages to read next, none of them a cited page.
    const related = conversation.getByRole('list').filter({ has: page.locator('a:not([href*=":~:text="])') }).last();
    await expect(conversation.getByText('Related pages:')).toBeVisible();
    const relatedLinks = await related.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(relatedLinks.length).toBeGreaterThan(0);
    expect(relatedLinks.every((href) => href !== null && !href.startsWith('/installation/hugo'))).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('Ask AI quotes passages with their structure: a step list with its code, a table with its rows', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await waitForAssistant(page);
    await searchButton(page).click();
    await dialog(page).getByRole('tab', { name: 'Ask AI' }).click();
    const conversation = dialog(page).getByRole('group', { name: 'Conversation' });
    const ask = async (question: string): Promise<void> => {
      await dialog(page).getByRole('textbox', { name: 'Your question' }).fill(question);
      await page.keyboard.press('Enter');
      await expect(dialog(page).getByRole('status')).toHaveText(/Answer ready/);
    };
    await ask('How do I add Docent to a Hugo site?');
    // The guide's numbered steps stay a numbered list, each step's code a block with its language and every line.
    const steps = conversation.locator('ol').first();
    await expect(steps.locator(':scope > li')).toHaveCount(3);
    const settings = steps.locator('pre code[data-language="toml"]').first();
    await expect(settings).toHaveText(/^\[params\.docent\]\n {2}project = "my-project"\n {2}api_url = ""$/);
    await ask('Which options does the Docusaurus plugin take?');
    const table = conversation.getByRole('table').last();
    await expect(table.getByRole('columnheader')).toHaveText(['Option', 'Default', 'Meaning']);
    await expect(table.getByRole('row').filter({ hasText: 'indexPath' })).toContainText('docent-index.json');
    expect(consoleErrors).toEqual([]);
  });

  test('a question the docs do not cover gets no invented answer', async ({ page }) => {
    await page.goto('/');
    await waitForAssistant(page);
    await searchButton(page).click();
    await dialog(page).getByRole('tab', { name: 'Ask AI' }).click();
    await dialog(page).getByRole('textbox', { name: 'Your question' }).fill('What is the capital of France?');
    await page.keyboard.press('Enter');
    const conversation = dialog(page).getByRole('group', { name: 'Conversation' });
    await expect(conversation).toContainText(/not (find|cover)|does not cover|could not/i);
    await expect(conversation.getByRole('link', { name: /^Source \d+:/ })).toHaveCount(0);
  });

  test('the open dialog follows the site colour mode live', async ({ page }) => {
    await page.goto('/');
    await waitForAssistant(page);
    await searchButton(page).click();
    const background = () => dialog(page).evaluate((element) => getComputedStyle(element).backgroundColor);
    const light = await background();
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expect.poll(background).not.toBe(light);
  });

  test('Ctrl+Enter opens the active result in a new tab', async ({ page, context }) => {
    await page.goto('/');
    await waitForAssistant(page);
    await searchButton(page).click();
    await dialog(page).getByRole('combobox').fill('sitemap source include exclude');
    await expect(dialog(page).getByRole('option').nth(1)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const opened = context.waitForEvent('page');
    await page.keyboard.press('Control+Enter');
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toMatch(/^\/customization\//);
    await expect(page).toHaveURL(/\/$/);
  });

  test('recent searches and the conversation survive a reload', async ({ page }) => {
    await page.goto('/');
    await waitForAssistant(page);
    await searchButton(page).click();
    await dialog(page).getByRole('combobox').fill('dark mode');
    await expect(dialog(page).getByRole('option').nth(1)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/customization\/dark-mode/);

    // The result's URL has a #heading: after a reload the browser scrolls to it once the page has settled, and the
    // navbar (hide on scroll) slides away with the button, so a click can lose its target. The shortcut cannot.
    await page.reload();
    await waitForAssistant(page);
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page)).toContainText('dark mode');

    await dialog(page).getByRole('tab', { name: 'Ask AI' }).click();
    await dialog(page).getByRole('textbox', { name: 'Your question' }).fill('How do I add Docent to a Hugo site?');
    await page.keyboard.press('Enter');
    await expect(dialog(page).getByRole('status')).toHaveText(/Answer ready/);
    await page.reload();
    await waitForAssistant(page);
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('tab', { name: 'Ask AI' }).click();
    await expect(dialog(page).getByRole('group', { name: 'Conversation' })).toContainText('How do I add Docent to a Hugo site?');
  });

  test('at 375 px the dialog fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await waitForAssistant(page);
    await page.locator('nav.navbar .navbar__inner docent-search-button').getByRole('button').click();
    await expect(dialog(page)).toBeVisible();
    const box = await dialog(page).boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await dialog(page).getByRole('combobox').fill('styles');
    await expect(dialog(page).getByRole('option').nth(1)).toBeVisible();
  });
});
