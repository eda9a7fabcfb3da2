import type { Page } from '@playwright/test';
import { assistantDialog, expect, test } from './fixtures';
import { focusStop, tabThroughPage, tabTo } from './focus';
import { openSettled } from './sitemap-pages';

/*
 * A keyboard-only walkthrough: after the page loads, these tests use page.keyboard and nothing else to act.
 */

const focusedName = async (page: Page): Promise<string | undefined> => (await focusStop(page))?.name;

test.describe('every Tab stop shows where focus is', () => {
  const PAGES: { path: string; theme: 'light' | 'dark'; regions: string[] }[] = [
    { path: '/', theme: 'light', regions: ['announcement', 'navbar', 'sidebar', 'breadcrumbs', 'content', 'toc', 'feedback', 'pagination'] },
    { path: '/customization/styles', theme: 'dark', regions: ['navbar', 'sidebar', 'content', 'toc', 'feedback', 'pagination'] },
    { path: '/api/add-source', theme: 'light', regions: ['navbar', 'sidebar', 'content', 'feedback', 'pagination'] },
    { path: '/api/send-message', theme: 'dark', regions: ['navbar', 'sidebar', 'content', 'feedback', 'pagination'] },
    { path: '/category/installation', theme: 'light', regions: ['navbar', 'sidebar', 'content', 'pagination'] },
    { path: '/markdown-page', theme: 'dark', regions: ['navbar', 'content'] },
  ];
  for (const { path, theme, regions } of PAGES) {
    test(`${path} in ${theme} mode`, async ({ page }) => {
      await page.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
      await openSettled(page, path);
      const stops = await tabThroughPage(page);
      expect(stops.filter((stop) => !stop.ringed).map((stop) => `${stop.region}: ${stop.name}`)).toEqual([]);
      expect([...new Set(stops.map((stop) => stop.region))]).toEqual(expect.arrayContaining(regions));
    });
  }
});

test('the skip link is the first stop and moves focus past the navbar and sidebar', async ({ page }) => {
  await openSettled(page, '/customization/styles');
  await page.keyboard.press('Tab');
  expect(await focusStop(page)).toMatchObject({ name: 'a "Skip to main content"', ringed: true });
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await focusStop(page)).toMatchObject({ region: 'breadcrumbs' });
});

test('the navbar search button opens the assistant with Enter; it searches, asks, and Escape returns focus', async ({ page }) => {
  await openSettled(page, '/support');
  const button = await tabTo(page, /^button "Search/);
  expect(button).toMatchObject({ region: 'navbar', ringed: true });
  await page.keyboard.press('Enter');
  const dialog = assistantDialog(page);
  await expect(dialog).toBeVisible();
  expect(await focusStop(page)).toMatchObject({ region: 'dialog', ringed: true, name: 'input "Search the documentation"' });

  await page.keyboard.type('dark mode');
  await expect(dialog.getByRole('option').first()).toBeVisible();
  // The tabs take one Tab stop; the arrow keys select the other tab, which puts focus in its question box.
  await tabTo(page, /^button "Search"$/, 10);
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Ask AI' })).toHaveAttribute('aria-selected', 'true');
  const question = dialog.getByRole('textbox', { name: 'Your question' });
  await expect(question).toBeFocused();
  await page.keyboard.type('How do I enable dark mode?');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(/Answer ready/);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await focusStop(page)).toMatchObject({ region: 'navbar', name: button.name });
});

test('sidebar categories open and close with Enter and Space, and Enter follows a link', async ({ page }) => {
  await openSettled(page, '/support');
  const caret = page.getByRole('button', { name: "Expand sidebar category 'Administration'" });
  await tabTo(page, /^button "Expand sidebar category 'Administration'"$/);
  const team = page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Team', exact: true });
  await expect(team).toBeHidden();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: "Collapse sidebar category 'Administration'" })).toHaveAttribute('aria-expanded', 'true');
  await expect(team).toBeVisible();
  await page.keyboard.press('Space');
  await expect(caret).toHaveAttribute('aria-expanded', 'false');
  await expect(team).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(team).toBeVisible();

  expect(await tabTo(page, /^a "Team"$/, 3)).toMatchObject({ region: 'sidebar', ringed: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/administration\/team$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage your team');
});

test.describe('the mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens with Enter, keeps Tab inside, closes with Escape and gives focus back to its button', async ({ page }) => {
    await openSettled(page, '/customization/styles');
    await tabTo(page, /^button "Toggle navigation bar"$/);
    await page.keyboard.press('Enter');
    await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
    // Focus moves in once the panel's fade-in makes it focusable (a frame or two after the class is set).
    await expect.poll(() => focusStop(page)).toMatchObject({ name: 'button "Close navigation bar"', region: 'mobile-menu', ringed: true });

    // Thirty presses go round the menu more than once; focus never reaches the page the menu covers.
    const regions = new Set<string>();
    for (let count = 0; count < 30; count += 1) {
      await page.keyboard.press('Tab');
      const stop = await focusStop(page);
      if (stop) regions.add(stop.region);
    }
    expect([...regions]).toEqual(['mobile-menu']);

    await page.keyboard.press('Escape');
    await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
    expect(await focusStop(page)).toMatchObject({ name: 'button "Toggle navigation bar"', region: 'navbar' });
    await page.keyboard.press('Tab');
    expect((await focusStop(page))?.region).toBe('navbar');
  });

  test('switches to the main menu and follows a link with Enter', async ({ page }) => {
    await openSettled(page, '/customization/styles');
    await tabTo(page, /^button "Toggle navigation bar"$/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^button "← Back to main menu"$/, 10);
    await page.keyboard.press('Enter');
    await expect(page.locator('.navbar-sidebar__items')).not.toHaveClass(/navbar-sidebar__items--show-secondary/);
    expect(await tabTo(page, /^button "Search/, 10)).toMatchObject({ region: 'mobile-menu', ringed: true });

    // Closed and opened again, it shows the doc sidebar, where Enter follows a link and closes the menu.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
    await tabTo(page, /^a "Support"$/, 40);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
  });
});

test('page feedback is given with the keyboard alone', async ({ page }) => {
  await openSettled(page, '/support');
  expect(await tabTo(page, /^button "Yes"$/)).toMatchObject({ region: 'feedback', ringed: true });
  await page.keyboard.press('Tab');
  expect(await focusStop(page)).toMatchObject({ name: 'button "No"', region: 'feedback', ringed: true });
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  expect(await focusStop(page)).toMatchObject({ region: 'feedback', ringed: true });
  await page.keyboard.type('A table of the keyboard shortcuts would help.');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('button "Send"');
  await page.keyboard.press('Enter');
  await expect(page.locator('docent-feedback').getByRole('status')).toHaveText('Thanks for your feedback.');
});
