import { expect, test, waitForHydration } from './fixtures';

test.describe('navbar and footer', () => {
  test('the navbar holds the logo, the search button and the colour-mode toggle, and nothing else', async ({ page }) => {
    await page.goto('/customization/layout');
    await waitForHydration(page);
    const navbar = page.locator('nav.navbar');
    await expect(navbar.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Docent docs');
    await expect(navbar.locator('.navbar__brand')).toHaveAttribute('href', '/');
    await expect(navbar.locator('.navbar__inner a:visible')).toHaveCount(1);
    const buttons = navbar.locator('.navbar__inner button:visible');
    await expect(buttons).toHaveCount(2);
    await expect(navbar.locator('.navbar__inner').getByRole('button', { name: /^Search/ })).toHaveCount(1);
    await expect(navbar.locator('.navbar__inner').getByRole('button', { name: /Switch between dark and light mode/ })).toHaveCount(1);
  });

  test('the logo has light and dark variants', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('src', '/img/logo.svg');
    await page.click('button[aria-label^="Switch between dark and light mode"]');
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('src', '/img/logo-dark.svg');
  });

  test('the search button is rounded, labelled for search and shows the Ctrl K hint', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const element = page.locator('nav.navbar docent-search-button');
    await expect(element).toHaveAttribute('project', 'docent-docs');
    await expect(element).toHaveAttribute('header-title', 'Docent chatbot');
    // buttonStyle: 'rounded' is the default, so the plugin leaves the attribute out and the widget applies it.
    const button = element.getByRole('button', { name: /^Search/ });
    await expect(button).toHaveClass(/docent-shape-rounded/);
    await expect(button).toContainText('Search');
    await expect(button).toContainText(/Ctrl\s*K/);
    const radius = await button.evaluate((element) => parseFloat(getComputedStyle(element).borderTopLeftRadius));
    expect(radius).toBeGreaterThan(4);
    expect(radius).toBeLessThan(20);
  });

  test('hides on scroll down and shows again on scroll up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/customization/layout');
    await waitForHydration(page);
    const navbar = page.locator('nav.navbar');
    const bottomEdge = async () => {
      const box = await navbar.boundingBox();
      return box ? box.y + box.height : 0;
    };
    await expect.poll(bottomEdge).toBeGreaterThan(0);
    await page.mouse.move(640, 400);
    for (let step = 1; step <= 6; step += 1) {
      await page.mouse.wheel(0, 150);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThanOrEqual(step * 150);
    }
    await expect.poll(bottomEdge).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -150);
    await expect.poll(bottomEdge).toBeGreaterThan(0);
  });

  test('the footer carries the copyright line and no links', async ({ page }) => {
    await page.goto('/support');
    const footer = page.locator('footer.footer');
    await expect(footer).toHaveText('Copyright © 2025 Docent.');
    await expect(footer.locator('a')).toHaveCount(0);
  });
});
