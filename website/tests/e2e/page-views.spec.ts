/**
 * Page views (the plugin's client module, client/pageViews.ts, on Docusaurus' `onRouteDidUpdate`): in connected
 * mode one `page_view` per page, on load and on each client-side navigation, and none for a change of hash; in
 * static mode no request at all.
 */
import type { Page, Request } from '@playwright/test';
import { ORIGINS, expect, test, waitForHydration } from './fixtures';

declare global {
  interface Window {
    /** What the page's beacons carried, recorded by the test (see recordEvents). */
    sentBeacons?: string[];
  }
}

/**
 * Follows every events request of the page. A beacon's body is not visible to the test runner, so the page's
 * `sendBeacon` is wrapped first to keep a copy; `views` reads the page views out of them.
 */
async function recordEvents(page: Page): Promise<{ requests: string[]; views: () => Promise<string[]> }> {
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    window.sentBeacons = [];
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) void data.text().then((text) => window.sentBeacons?.push(text));
      return send(url, data);
    };
  });
  const requests: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.endsWith('/events')) requests.push(request.url());
  });
  const views = async (): Promise<string[]> =>
    (await page.evaluate(() => window.sentBeacons ?? []))
      .flatMap((body) => (JSON.parse(body) as { events: { type: string; url: string }[] }).events)
      .filter((event) => event.type === 'page_view')
      .map((event) => event.url);
  return { requests, views };
}

/** Goes to `path` the way a reader's click on a site link does: a client-side navigation, no page load. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.locator(`a[href="${path}"]:visible`).first().click();
  await expect(page).toHaveURL((url) => url.pathname === path);
}

test.describe('page views', () => {
  test('connected mode sends one page view per page, on load and per client-side navigation, none for a hash change', async ({ page, consoleErrors }) => {
    const { views } = await recordEvents(page);
    await page.goto(`${ORIGINS.e2eRoutes}/support`);
    await waitForHydration(page);
    await expect.poll(views).toEqual([`${ORIGINS.e2eRoutes}/support`]);

    await navigateInApp(page, '/');
    await expect.poll(views).toEqual([`${ORIGINS.e2eRoutes}/support`, `${ORIGINS.e2eRoutes}/`]);
    // A change of hash is the same page: a route update, but no page view.
    await page.evaluate(() => {
      window.location.hash = '#top';
    });
    await navigateInApp(page, '/support');
    await expect.poll(views).toEqual([`${ORIGINS.e2eRoutes}/support`, `${ORIGINS.e2eRoutes}/`, `${ORIGINS.e2eRoutes}/support`]);
    expect(consoleErrors).toEqual([]);
  });

  test('static mode sends nothing', async ({ page, consoleErrors }) => {
    const { requests } = await recordEvents(page);
    await page.goto(`${ORIGINS.site}/support`);
    await waitForHydration(page);
    await navigateInApp(page, '/');
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
