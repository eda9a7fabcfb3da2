import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { openSettled, sitemapPaths } from './sitemap-pages';

/*
 * What a reader sees at 1280 px and on a 390 px phone, in both colour modes: tables that fit the content column or
 * visibly scroll within it, the API explorer without stray markup or an error-red selection, diagrams and widget
 * pictures in the page's colour mode and readable on a phone, and the "Copy page" button in dark mode.
 */

const PATHS = sitemapPaths();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 740 };

type Rgb = readonly [number, number, number];

/** Reads a computed colour (`rgb(…)` or `rgba(…)`); fully transparent reads as white, the canvas under the page. */
function parseColor(value: string): Rgb {
  const parts = value.match(/[\d.]+/g)?.map(Number) ?? [];
  if (parts.length < 3) throw new Error(`not an rgb colour: ${value}`);
  if (parts.length >= 4 && parts[3] === 0) return [255, 255, 255];
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0];
}

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const channel = (value: number): number => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The tables in a page's content that are wider than their own box, with how they are styled. */
async function overflowingTables(page: Page) {
  return page.locator('main table').evaluateAll((tables) =>
    tables.flatMap((table, index) => {
      if (table.scrollWidth <= table.clientWidth + 1) return [];
      const style = getComputedStyle(table);
      return [
        {
          index,
          width: table.clientWidth,
          scrollWidth: table.scrollWidth,
          heading: Array.from(table.querySelectorAll('th'), (cell) => cell.textContent ?? '').join(' | '),
          scrolls: style.overflowX === 'auto' || style.overflowX === 'scroll',
          shadows: (style.backgroundImage.match(/radial-gradient/g) ?? []).length,
          attributeTable: table.classList.contains('attribute-table'),
        },
      ];
    }),
  );
}

/**
 * Loads every sitemap page as the server sends it (no script: the tables are in the built HTML) at `viewport`, and
 * collects what `check` finds on each.
 */
async function onEveryPage(browser: Browser, viewport: { width: number; height: number }, check: (page: Page, path: string) => Promise<string[]>): Promise<string[]> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: false });
  const page = await context.newPage();
  const problems: string[] = [];
  for (const path of PATHS) {
    await page.goto(path);
    problems.push(...(await check(page, path)));
  }
  await context.close();
  return problems;
}

/** Opens `path` in `mode` (stored before the page loads, as the colour-mode switch stores it). */
async function openInMode(page: Page, path: string, mode: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
  await openSettled(page, path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

/** Scrolls through the page so its lazy images load, then waits for the ones that are displayed. */
async function loadDisplayedImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => image.getClientRects().length > 0)
      .every((image) => image.complete && image.naturalWidth > 0),
  );
}

/** The displayed images of ThemedPicture: the file each shows, its size, its column's and its top-left pixel (RGBA). */
async function shownPictures(page: Page) {
  return page.locator('picture.themed-picture img').evaluateAll((images) =>
    (images as HTMLImageElement[])
      .filter((image) => image.getClientRects().length > 0)
      .map((image) => {
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d');
        context?.drawImage(image, 0, 0);
        const corner = Array.from(context?.getImageData(0, 0, 1, 1).data ?? []);
        const column = image.closest('.markdown')?.getBoundingClientRect().width ?? 0;
        return { src: image.currentSrc, width: image.getBoundingClientRect().width, naturalWidth: image.naturalWidth, column, corner };
      }),
  );
}

test.describe('tables', () => {
  test('at 1280 px every table of every page fits the content column', async ({ browser }) => {
    test.setTimeout(120_000);
    const problems = await onEveryPage(browser, DESKTOP, async (page, path) =>
      (await overflowingTables(page)).map((table) => `${path}: table ${table.index} (${table.heading}) is ${table.scrollWidth} px wide in ${table.width} px`),
    );
    expect(problems).toEqual([]);
  });

  test('at 390 px a table of four or more columns shows each row as a block, and a narrower one that does not fit scrolls with shadows', async ({ browser }) => {
    test.setTimeout(120_000);
    const problems = await onEveryPage(browser, PHONE, async (page, path) => {
      const found: string[] = [];
      const rowsOfStacked = await page.locator('main table').evaluateAll((tables) =>
        tables.map((table) =>
          table.classList.contains('attribute-table') || table.querySelectorAll('thead th').length >= 4
            ? Array.from(table.querySelectorAll('tbody > tr'), (row) => getComputedStyle(row).display)
            : null,
        ),
      );
      rowsOfStacked.forEach((displays, index) => {
        if (displays?.some((display) => display !== 'block')) found.push(`${path}: table ${index} keeps its columns on a phone`);
      });
      for (const table of await overflowingTables(page)) {
        const name = `${path}: table ${table.index} (${table.heading})`;
        if (rowsOfStacked[table.index]) found.push(`${name} is ${table.scrollWidth} px wide in ${table.width} px`);
        if (!table.scrolls) found.push(`${name} is cut off instead of scrolling`);
        if (table.shadows !== 2) found.push(`${name} scrolls without its scroll shadows`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  test('a table that scrolls on a phone takes keyboard focus, and the arrow keys bring its last column into view', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    // Three-column tables whose longest words leave them wider than a small phone's column.
    let found: { path: string; index: number } | undefined;
    for (const path of ['/integrations/custom-gpt', '/administration/deployment', '/customization/suggested-questions']) {
      await openSettled(page, path);
      const [table] = (await overflowingTables(page)).filter(({ attributeTable, heading }) => !attributeTable && heading.split(' | ').length < 4);
      if (table) {
        found = { path, index: table.index };
        break;
      }
    }
    expect(found, 'no three-column table wider than a 320 px phone on the pages tried: pick another page').toBeDefined();
    const table = page.locator('main table').nth(found?.index ?? 0);
    await expect(table).toHaveAttribute('tabindex', '0');
    await table.focus();
    for (let press = 0; press < 30; press += 1) await page.keyboard.press('ArrowRight');
    // How far the last heading's right edge still is beyond the table's own; keyboard scrolling may be animated.
    await expect
      .poll(() => table.evaluate((element) => (element.querySelector('th:last-child')?.getBoundingClientRect().right ?? Infinity) - element.getBoundingClientRect().right))
      .toBeLessThanOrEqual(1);
  });

  test('the widget attribute tables leave the meaning room at 1280 px and become one block per attribute on a phone', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openSettled(page, '/customization/layout');
    const meaningWidths = await page.locator('table.attribute-table').evaluateAll((tables) =>
      tables.map((table) => Math.round(table.querySelector('tbody td:nth-child(3)')?.getBoundingClientRect().width ?? 0)),
    );
    expect(meaningWidths.length).toBeGreaterThan(5);
    for (const width of meaningWidths) expect(width).toBeGreaterThanOrEqual(180);

    await page.setViewportSize(PHONE);
    const rows = await page.locator('table.attribute-table tbody tr').evaluateAll((rows) =>
      rows.map((row) => ({
        display: getComputedStyle(row).display,
        meaning: row.querySelector('td:nth-child(3)')?.getBoundingClientRect().width ?? 0,
        table: row.closest('table')?.clientWidth ?? 0,
      })),
    );
    for (const row of rows) {
      expect(row.display).toBe('block');
      expect(row.meaning).toBeGreaterThan(row.table * 0.9);
    }
  });

  test('on a phone, the cells of a table shown as blocks follow their column names', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openSettled(page, '/customization/models');
    const labels = await page.locator('main table').first().locator('tbody tr').first().locator('td').evaluateAll((cells) =>
      cells.map((cell) => getComputedStyle(cell, '::before').content),
    );
    const headings = await page.locator('main table').first().locator('thead th').allTextContents();
    expect(labels[0]).toBe('none');
    headings.slice(1).forEach((heading, index) => expect(labels[index + 1]).toContain(heading));
  });
});

test.describe('API request explorer', () => {
  test('shows no literal markup, one ring in the site colour on the chosen language, and a variant row only with a choice', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openSettled(page, '/api/send-message');
    const panel = page.locator('.openapi-right-panel__container');
    await expect(panel.locator('.openapi-explorer__response-container')).toContainText('Send API Request');
    expect(await page.locator('main').innerText()).not.toMatch(/<\/?code>/);

    // The language tab; curl's one variant would otherwise be a second tab under it, named curl too.
    const curl = panel.getByRole('tab', { name: /^curl$/i });
    await expect(curl).toHaveCount(1);
    await expect(curl).toHaveAttribute('aria-selected', 'true');
    const ring = await curl.evaluate((tab) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--ifm-color-primary)';
      tab.append(probe);
      const primary = getComputedStyle(probe).color;
      probe.remove();
      return { shadow: getComputedStyle(tab).boxShadow, border: getComputedStyle(tab).borderTopColor, primary };
    });
    expect(ring.shadow).toBe('none');
    expect(ring.border).toBe(ring.primary);

    await panel.getByRole('tab', { name: /^python$/i }).click();
    await expect(panel.getByRole('tab', { name: /^requests$/i })).toBeVisible();
    await expect(panel.getByRole('tab', { name: /^http\.client$/i })).toBeVisible();
  });
});

test.describe('diagrams', () => {
  for (const [mode, viewport] of [
    ['light', DESKTOP],
    ['dark', DESKTOP],
    ['dark', PHONE],
  ] as const) {
    test(`on /security/overview in ${mode} mode at ${viewport.width} px they take the page's background and have text of 11 px or more`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await openInMode(page, '/security/overview', mode);
      await loadDisplayedImages(page);
      const pageBackground = parseColor(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor));
      const pictures = await shownPictures(page);
      expect(pictures.map(({ src }) => new URL(src).pathname)).toEqual(
        viewport === PHONE
          ? [`/img/diagrams/architecture-narrow-${mode}.svg`, `/img/diagrams/data-flow-narrow-${mode}.svg`]
          : [`/img/diagrams/architecture-${mode}.svg`, `/img/diagrams/data-flow-${mode}.svg`],
      );
      for (const picture of pictures) {
        const [r = 0, g = 0, b = 0] = picture.corner;
        expect(contrast([r, g, b], pageBackground), `${picture.src} background against the page`).toBeLessThan(1.1);
        const svg = await (await page.request.get(picture.src)).text();
        const viewBoxWidth = Number(svg.match(/viewBox="[\d.]+ [\d.]+ ([\d.]+)/)?.[1]);
        const smallest = Math.min(...Array.from(svg.matchAll(/font-size="([\d.]+)"/g), (match) => Number(match[1])));
        expect((smallest * picture.width) / viewBoxWidth, `${picture.src}: smallest text in CSS pixels`).toBeGreaterThanOrEqual(11);
      }
      const otherMode = mode === 'light' ? 'dark' : 'light';
      expect(requested.filter((url) => url.includes('/img/diagrams/') && url.endsWith(`-${otherMode}.svg`))).toEqual([]);
    });
  }
});

/** The widget pictures the Quickstart shows at `viewport` in `mode` (it shows at least three). */
async function widgetPictures(page: Page, viewport: { width: number; height: number }, mode: 'light' | 'dark') {
  await page.setViewportSize(viewport);
  await openInMode(page, '/', mode);
  await loadDisplayedImages(page);
  const shots = (await shownPictures(page)).filter(({ src }) => src.includes('/img/screenshots/'));
  expect(shots.length).toBeGreaterThanOrEqual(3);
  return shots;
}

test.describe('widget pictures in the docs', () => {
  test('at 1280 px in light mode: the dialog alone, light, at its own size in the column', async ({ page }) => {
    const shots = await widgetPictures(page, DESKTOP, 'light');
    for (const shot of shots) {
      expect(shot.src).toMatch(/-light-(desktop|mobile)\.png$/);
      expect(shot.width).toBe(shot.naturalWidth);
      expect(shot.width).toBeLessThanOrEqual(shot.column);
      // Outside the dialog's rounded corner the picture is transparent but for a trace of the dialog's shadow, not the
      // page behind it.
      if (shot.src.endsWith('-desktop.png')) expect(shot.corner[3]).toBeLessThan(32);
    }
  });

  test('at 390 px in dark mode: the phone pictures, dark, at nine tenths of their size or more', async ({ page }) => {
    const shots = await widgetPictures(page, PHONE, 'dark');
    for (const shot of shots) {
      expect(shot.src).toMatch(/-dark-mobile\.png$/);
      expect(shot.width / shot.naturalWidth).toBeGreaterThanOrEqual(0.9);
    }
  });
});

test.describe('"Copy page" button', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`in ${mode} mode its text has 4.5:1 contrast and, in dark mode, it is not a light block on the dark page`, async ({ page }) => {
      await openInMode(page, '/support', mode);
      const button = page.locator('.docent-copy-page').getByRole('button', { name: 'Copy page' });
      await expect(button).toBeVisible();
      const colors = await button.evaluate((element) => ({ text: getComputedStyle(element).color, background: getComputedStyle(element).backgroundColor }));
      const text = parseColor(colors.text);
      const background = parseColor(colors.background);
      expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
      if (mode === 'dark') expect(luminance(background)).toBeLessThan(0.05);
    });
  }
});

test.describe('axe on a phone in dark mode', () => {
  for (const path of ['/', '/customization/layout', '/security/overview', '/api/send-message']) {
    test(path, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(PHONE);
      await openInMode(page, path, 'dark');
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`))).toEqual([]);
    });
  }
});
