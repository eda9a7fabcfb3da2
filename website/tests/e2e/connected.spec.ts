/**
 * Connected mode through the real Docent server (`docent serve`, the test build with apiUrl '/'): search and
 * streamed answers come from the server, a search is recorded once the reader stops typing, page feedback and page
 * views are stored and shown by `docent analytics`, and a browser that asks not to be tracked sends no page view.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { E2E_DATABASE } from '../../playwright.config';
import { ORIGINS, assistantDialog as dialog, expect, expectEverySentenceCited, searchButton, showPageFeedback, test, waitForAssistant, waitForHydration } from './fixtures';

const DOCENT_CLI = join(__dirname, '..', '..', '..', 'packages', 'server', 'bin', 'docent.js');

/** `docent project update docent-docs --widget <json>` on the e2e server's database: the server reads it on the next request. */
function setWidget(settings: Record<string, string | null>): void {
  execFileSync('node', [DOCENT_CLI, 'project', 'update', 'docent-docs', '--widget', JSON.stringify(settings), '--db', E2E_DATABASE], { encoding: 'utf8' });
}

function analytics(): string {
  return execFileSync('node', [DOCENT_CLI, 'analytics', '--project', 'docent-docs', '--db', E2E_DATABASE], { encoding: 'utf8' });
}

interface RecordedEvent {
  readonly type: string;
  readonly properties?: Record<string, unknown>;
}

/** The events a `recordEvents` request carries; none for any other request. */
function eventsOf(request: Request): RecordedEvent[] {
  if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/v1/projects/docent-docs/events') return [];
  try {
    return (request.postDataJSON() as { events?: RecordedEvent[] } | null)?.events ?? [];
  } catch {
    return []; // a body the browser did not expose as JSON
  }
}

async function openAssistant(page: Page, path = '/'): Promise<void> {
  await page.goto(`${ORIGINS.e2eRoutes}${path}`);
  await waitForAssistant(page);
  await searchButton(page).click();
}

test.describe('connected mode with docent serve', () => {
  test('search results come from the server, grouped by page and marked there', async ({ page, consoleErrors }) => {
    await openAssistant(page);
    const searched = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/projects/docent-docs/search');
    await dialog(page).getByRole('combobox').fill('hugo partial');
    const response = await searched;
    expect(response.status()).toBe(200);
    // As many sections as the list shows (eight), three at most under one page: no over-fetching.
    const asked = new URL(response.url()).searchParams;
    expect([asked.get('q'), asked.get('limit'), asked.get('per_page')]).toEqual(['hugo partial', '8', '3']);
    const { pages } = (await response.json()) as { pages: { sections: unknown[] }[] };
    const result = dialog(page).getByRole('option', { name: /Install Docent on Hugo/ }).first();
    await expect(result).toBeVisible();
    // One result row per section of the server's pages (the "Ask AI about" row aside).
    await expect(dialog(page).locator('.docent-result')).toHaveCount(pages.reduce((sum, hit) => sum + hit.sections.length, 0));
    await expect(result.locator('mark').first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a search typed character by character is recorded once, with the whole query, after the reader stops', async ({ page, consoleErrors }) => {
    // Every events request of the page: the widget's batches, and the site's page views, which go to the same place.
    const recorded: RecordedEvent[] = [];
    page.on('request', (request) => recorded.push(...eventsOf(request)));
    await page.clock.install();
    await openAssistant(page);
    const withSearch = page.waitForRequest((request) => eventsOf(request).some((event) => event.type === 'search'));
    await dialog(page).getByRole('combobox').pressSequentially('hugo partial', { delay: 100 });
    await expect(dialog(page).getByRole('option', { name: /Hugo/ }).first()).toBeVisible();
    await page.clock.fastForward(1_500); // longer than the second without typing that makes the query a search
    // The pause alone records the search: the event queue sends it within five seconds, with the dialog still open.
    await page.clock.fastForward(5_000);
    const request = await withSearch;
    await expect(dialog(page)).toBeVisible();
    expect((await request.response())?.status()).toBe(202);
    const searches = eventsOf(request).filter((event) => event.type === 'search');
    expect(searches).toEqual([
      { type: 'search', url: expect.any(String), timestamp: expect.any(String), properties: { query: 'hugo partial', result_count: expect.any(Number) } },
    ]);
    expect(searches[0]?.properties?.result_count).toBeGreaterThan(0);
    // Not one per keystroke, and closing the dialog on the same query adds none: opening it again sends an event,
    // after anything closing it queued.
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    const reopened = page.waitForRequest((next) => next !== request && eventsOf(next).some((event) => event.type === 'open'));
    await searchButton(page).click();
    await page.clock.fastForward(5_000);
    await reopened;
    expect(recorded.filter((event) => event.type === 'search')).toHaveLength(1);
    expect(recorded).toContainEqual(expect.objectContaining({ type: 'open', properties: { tab: 'search' } }));
    expect(consoleErrors).toEqual([]);
  });

  test('an answer streams from the server with a citation on every sentence', async ({ page, consoleErrors }) => {
    await openAssistant(page);
    await dialog(page).getByRole('tab', { name: 'Ask AI' }).click();
    const streamed = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/projects/docent-docs/messages');
    await dialog(page).getByRole('textbox', { name: 'Your question' }).fill('How do I add Docent to a Hugo site?');
    await page.keyboard.press('Enter');
    const response = await streamed;
    expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
    const conversation = dialog(page).getByRole('group', { name: 'Conversation' });
    await expect(dialog(page).getByRole('status')).toHaveText(/Answer ready/, { timeout: 15_000 });
    const citations = conversation.getByRole('link', { name: /^Source \d+:/ });
    await expect(citations.first()).toHaveAttribute('href', /\/installation\/hugo/);
    await expectEverySentenceCited(conversation);
    // The thumbs under the answer reach the server (sendFeedback) and show in docent analytics.
    const downBefore = Number(/answer thumbs \d+ up, (\d+) down/.exec(analytics())?.[1] ?? 0);
    const rated = page.waitForResponse((reply) => new URL(reply.url()).pathname === '/v1/projects/docent-docs/feedback');
    await conversation.getByRole('button', { name: 'Unhelpful answer' }).click();
    expect((await rated).status()).toBe(202);
    await expect.poll(() => Number(/answer thumbs \d+ up, (\d+) down/.exec(analytics())?.[1] ?? 0)).toBe(downBefore + 1);
    expect(consoleErrors).toEqual([]);
  });

  test('a question carrying markup is shown as the text typed and never runs', async ({ page, consoleErrors }) => {
    await openAssistant(page);
    await dialog(page).getByRole('tab', { name: 'Ask AI' }).click();
    const question = 'Hugo <img src=x onerror="window.__docentInjected=1"> <script>window.__docentInjected=2</script> [link](javascript:window.__docentInjected=3)?';
    await dialog(page).getByRole('textbox', { name: 'Your question' }).fill(question);
    await page.keyboard.press('Enter');
    // Answered or not, the reply has come once the status says so.
    await expect(dialog(page).getByRole('status')).toHaveText(/Answer ready|could not find the answer/, { timeout: 15_000 });
    const conversation = dialog(page).getByRole('group', { name: 'Conversation' });
    await expect(conversation).toContainText(question);
    await expect(conversation.locator('img[src="x"], script')).toHaveCount(0);
    await expect(conversation.locator('a[href^="javascript:"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __docentInjected?: number }).__docentInjected)).toBeUndefined();
    expect(consoleErrors).toEqual([]);
  });

  test('page feedback and page views are stored and shown by docent analytics', async ({ page }) => {
    await page.goto(`${ORIGINS.e2eRoutes}/customization/styles`);
    await waitForHydration(page);
    const feedback = await showPageFeedback(page);
    await feedback.getByRole('button', { name: 'No' }).click();
    const comment = `Connected test comment ${Date.now()}`;
    await feedback.getByRole('textbox').fill(comment);
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/projects/docent-docs/feedback');
    await feedback.getByRole('button', { name: /Send/ }).click();
    expect((await sent).status()).toBe(202);
    await expect(feedback.getByRole('status')).toContainText(/Thank/i);
    await expect.poll(analytics).toContain(comment);
    await expect.poll(analytics).toMatch(/page views\s+[1-9]/);
  });

  test('with Do Not Track on, the analytics script sends no page view', async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { DNT: '1' } });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
    const page = await context.newPage();
    const events: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/events')) events.push(request.url());
    });
    await page.goto(`${ORIGINS.e2eRoutes}/support`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(events).toEqual([]);
    await context.close();
  });

  test('widget settings changed on the server reach the page without a rebuild; attributes on the element win', async ({ page }) => {
    const footer = 'Answers by Atlas come from the Docent docs.';
    setWidget({ footer_text: footer, header_title: 'A title the attribute overrides' });
    try {
      await openAssistant(page);
      await dialog(page).getByRole('tab', { name: 'Ask AI' }).click();
      await expect(dialog(page).getByText(footer)).toBeVisible();
      // The plugin sets header-title on the element: the page owner's attribute wins over the server's value.
      await expect(dialog(page).getByText('Docent chatbot').first()).toBeVisible();
      await expect(dialog(page).getByText('A title the attribute overrides')).toHaveCount(0);
    } finally {
      setWidget({ footer_text: null, header_title: null });
    }
  });
});
