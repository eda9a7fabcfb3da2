/**
 * Privacy and security with the default configuration, behind `docent serve`: the production build (static
 * mode) and the test build (connected mode, apiUrl '/'). While a reader loads pages, uses the assistant, rates a
 * page, zooms an image and tries the API explorer, the browser requests nothing from any origin but the site's,
 * and the server's strict Content-Security-Policy (inline scripts allowed by hash only, no eval) reports no
 * violation: not as a `securitypolicyviolation` event, not in the console.
 */
import type { Page, Response } from '@playwright/test';
import { ORIGINS, askAndWaitForAnswer, assistantDialog as dialog, clientNavigate, expect, searchButton, showPageFeedback, test, waitForAssistant, waitForHydration } from './fixtures';

interface Watched {
  /** Every URL the page requested, documents and API calls included. */
  requests: string[];
  /** Every Content-Security-Policy violation, from events and from console messages. */
  violations: string[];
}

/** Records requests and CSP violations for the life of the page, across navigations. */
async function watch(page: Page): Promise<Watched> {
  const watched: Watched = { requests: [], violations: [] };
  page.on('request', (request) => watched.requests.push(request.url()));
  page.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) watched.violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (violation: string) => watched.violations.push(violation));
  await page.addInitScript(() => {
    // Capture phase on document: violations in shadow roots are composed events and reach it too.
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
        void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
      },
      true,
    );
  });
  return watched;
}

/** Requests that left the site's origin. data: URLs are no request to anyone; they are kept out. */
function offOrigin(watched: Watched, origin: string): string[] {
  return watched.requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin);
}

/** Opens a page and checks that the server sent it under the strict policy, so "no violation" means something. */
async function open(page: Page, origin: string, path: string): Promise<void> {
  const response = (await page.goto(`${origin}${path}`)) as Response;
  expect(response.status(), path).toBe(200);
  const policy = response.headers()['content-security-policy'] ?? '';
  expect(policy, `${path} is served with a Content-Security-Policy`).toMatch(/(^|; )script-src 'self'( 'sha256-[\w+/=]+')+;/);
  expect(policy).toContain("default-src 'self'");
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  await waitForHydration(page);
}

/** Searches, then asks on the Ask AI tab and waits for the cited answer. */
async function useAssistant(page: Page): Promise<void> {
  await waitForAssistant(page);
  await searchButton(page).click();
  await dialog(page).getByRole('combobox').fill('hugo partial');
  await expect(dialog(page).getByRole('option', { name: /Install Docent on Hugo/ }).first()).toBeVisible();
  await askAndWaitForAnswer(dialog(page), 'How do I add Docent to a Hugo site?');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
}

/** Rates the page "No" with a comment and waits for the thank-you. */
async function ratePage(page: Page): Promise<void> {
  const feedback = await showPageFeedback(page);
  await feedback.getByRole('button', { name: 'No' }).click();
  await feedback.getByRole('textbox').fill('An example for a theme would help.');
  await feedback.getByRole('button', { name: 'Send' }).click();
  await expect(feedback.getByRole('status')).toContainText(/Thank/);
}

function expectClean(watched: Watched, origin: string): void {
  expect(watched.requests.length).toBeGreaterThan(0);
  expect(offOrigin(watched, origin)).toEqual([]);
  expect(watched.violations).toEqual([]);
}

test.describe('privacy and security behind docent serve', () => {
  const origin = ORIGINS.production;

  test('pages load with requests to the site only and no CSP violation', async ({ page }) => {
    const watched = await watch(page);
    for (const path of ['/', '/installation/hugo', '/category/installation', '/support']) await open(page, origin, path);
    // A page reached inside the app, as a reader clicks to it: the home page, from the navbar's logo.
    await clientNavigate(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expectClean(watched, origin);
  });

  test('the API explorer loads and its body editor works with no CSP violation', async ({ page }) => {
    const watched = await watch(page);
    await open(page, origin, '/api/send-message');
    // The explorer loads in its own chunk once the page is up.
    await expect(page.getByRole('button', { name: 'Send API Request' })).toBeVisible({ timeout: 15_000 });
    const editor = page.locator('.openapi-explorer__playground-editor [contenteditable]');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await expect(editor).toContainText('"question"');
    expectClean(watched, origin);
  });

  test('the assistant searches and answers with requests to the site only and no CSP violation', async ({ page }) => {
    const watched = await watch(page);
    await open(page, origin, '/');
    await useAssistant(page);
    expectClean(watched, origin);
  });

  test('page feedback, the colour mode and image zoom work with requests to the site only and no CSP violation', async ({ page }) => {
    const watched = await watch(page);
    await open(page, origin, '/security/overview');
    await ratePage(page);
    await page.click('button[aria-label^="Switch between dark and light mode"]');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // The plugin attaches zoom a moment after the route renders.
    // Pictures in both colour modes are in the page, one of each pair hidden: zoom the first one shown.
    const shown = page.locator('.markdown img.medium-zoom-image:visible').first();
    await expect(shown).toBeAttached();
    await shown.click();
    // Styled by medium-zoom's stylesheet, which the site loads as a file instead of an inline <style>.
    await expect(page.locator('.medium-zoom-overlay')).toHaveCSS('position', 'fixed');
    expectClean(watched, origin);
  });

  test('in connected mode, the assistant and page feedback reach the server on the same origin with no CSP violation', async ({ page }) => {
    const watched = await watch(page);
    await open(page, ORIGINS.e2eRoutes, '/customization/styles');
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/projects/docent-docs/messages');
    await useAssistant(page);
    expect((await answered).status()).toBe(200);
    await ratePage(page);
    expect(watched.requests.filter((url) => new URL(url).pathname.startsWith('/v1/')).length).toBeGreaterThanOrEqual(3);
    expectClean(watched, ORIGINS.e2eRoutes);
  });

  test('the policy blocks inline code the built pages do not carry, and the watcher reports it', async ({ page }) => {
    const watched = await watch(page);
    await open(page, origin, '/support');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.append(script);
    });
    await expect.poll(() => watched.violations.length).toBeGreaterThan(0);
    expect(watched.violations.join('\n')).toMatch(/script-src/);
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  });
});
