import { expect, test, waitForHydration } from './fixtures';

test.describe('mobile menu', () => {
  test('opens at 995 px with the sidebar, switches panels and closes on the desktop layout', async ({ page }) => {
    await page.setViewportSize({ width: 995, height: 800 });
    await page.goto('/customization/styles');
    await waitForHydration(page);

    const navbar = page.locator('nav.navbar');
    const panel = page.locator('.navbar-sidebar');
    await expect(page.locator('.menu.thin-scrollbar').first()).toBeHidden();

    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(navbar).toHaveClass(/navbar-sidebar--show/);
    await expect(panel).toBeVisible();

    // On a doc page the menu opens on its secondary panel: the doc sidebar, with a back button.
    const panels = page.locator('.navbar-sidebar__items');
    await expect(panels).toHaveClass(/navbar-sidebar__items--show-secondary/);
    await expect(panel.getByRole('link', { name: 'Styles', exact: true })).toBeInViewport();
    const back = panel.getByRole('button', { name: /Back to main menu/ });
    await expect(back).toBeInViewport();

    await back.click();
    await expect(panels).not.toHaveClass(/navbar-sidebar__items--show-secondary/);
    await expect(panel.getByRole('link', { name: 'Styles', exact: true })).not.toBeInViewport();
    // The primary panel holds the navbar's configured item: the search button.
    await expect(panel.getByRole('button', { name: /^Search/ })).toBeInViewport();

    await page.setViewportSize({ width: 997, height: 800 });
    await expect(navbar).not.toHaveClass(/navbar-sidebar--show/);
    await expect(page.getByRole('button', { name: 'Toggle navigation bar' })).toBeHidden();
  });

  test('on a phone, the page leaves its server layout once hydrated: the docs sidebar moves into the menu (website/patches/window-size-in-slices)', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/installation/docusaurus');
    await waitForHydration(page);
    // The server renders the desktop layout's sidebar (the phone's stylesheet hides it); once the page knows the
    // window's width, the sidebar leaves the page and is drawn into the closed menu.
    await expect(page.locator('aside.theme-doc-sidebar-container .theme-doc-sidebar-menu')).toHaveCount(0);
    await expect(page.locator('.navbar-sidebar .theme-doc-sidebar-menu')).toHaveCount(1);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar').getByRole('link', { name: 'Docusaurus', exact: true })).toBeInViewport();
  });

  test('closes with its close button', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
    await page.getByRole('button', { name: 'Close navigation bar' }).click();
    await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
  });
});
