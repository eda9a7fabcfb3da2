// npm run screenshots: builds the site and photographs it in Chromium.
//   (default)  six key pages and the open assistant at 375, 995 and 1280 px, light and dark → screenshots/
//   --docs     the widget images the docs show (search and answer, light and dark, desktop and mobile)
//              → website/static/img/screenshots/, committed with the docs
// --no-build reuses website/build.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from './browser.mjs';
import { waitForHydration } from './hydration.mjs';
import { buildSite } from './build.mjs';
import { ensureBrowser, ensureDependencies, ROOT, WEBSITE } from './lib.mjs';
import { startStaticServer } from './static-server.mjs';

const PORT = 4191;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = ['/', '/installation/docusaurus', '/customization/layout', '/api/send-message', '/category/installation', '/support'];
const WIDTHS = [375, 995, 1280];
const THEMES = ['light', 'dark'];
const QUERY = 'dark mode';
const QUESTION = 'How do I add Docent to a Hugo site?';

const { values } = parseArgs({ options: { docs: { type: 'boolean', default: false }, 'no-build': { type: 'boolean', default: false } } });

async function openPage(browser, { width, height = width < 600 ? 740 : 800, theme, path }) {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
  await context.addInitScript((mode) => window.localStorage.setItem('theme', mode), theme);
  const page = await context.newPage();
  await page.goto(`${ORIGIN}${path}`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  return page;
}

function dialogOf(page) {
  return page.getByRole('dialog', { name: 'Docent chatbot' });
}

async function openAssistant(page) {
  await page.waitForFunction(() => customElements.get('docent-search-button') !== undefined);
  await page.locator('nav.navbar .navbar__inner docent-search-button').getByRole('button').click();
  await dialogOf(page).waitFor();
}

async function showResults(page) {
  await dialogOf(page).getByRole('combobox').fill(QUERY);
  await dialogOf(page).getByRole('option').nth(2).waitFor();
}

async function showAnswer(page) {
  await dialogOf(page).getByRole('tab', { name: 'Ask AI' }).click();
  await dialogOf(page).getByRole('textbox', { name: 'Your question' }).fill(QUESTION);
  await page.keyboard.press('Enter');
  await dialogOf(page).getByRole('status').filter({ hasText: 'Answer ready' }).waitFor();
}

/** Desktop: the dialog and a margin of the page around it; mobile: the whole screen. */
async function shoot(page, file, { width }) {
  if (width < 600) return page.screenshot({ path: file });
  const box = await dialogOf(page).boundingBox();
  const margin = 24;
  const clip = { x: Math.max(0, box.x - margin), y: Math.max(0, box.y - margin), width: box.width + 2 * margin, height: box.height + 2 * margin };
  return page.screenshot({ path: file, clip });
}

async function reviewShots(browser, outDir) {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      for (const path of PAGES) {
        const page = await openPage(browser, { width, theme, path });
        const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
        await page.screenshot({ path: join(outDir, `${name}-${width}-${theme}.png`), fullPage: true });
        await page.context().close();
      }
      const page = await openPage(browser, { width, theme, path: '/' });
      await openAssistant(page);
      await showResults(page);
      await page.screenshot({ path: join(outDir, `assistant-search-${width}-${theme}.png`) });
      await showAnswer(page);
      await page.screenshot({ path: join(outDir, `assistant-answer-${width}-${theme}.png`) });
      await page.context().close();
    }
  }
}

/** The widget images the docs show; each is used by at least one page (see website/docs). */
const DOCS_SHOTS = [
  { theme: 'light', device: 'desktop', states: ['search', 'answer'] },
  { theme: 'light', device: 'mobile', states: ['search'] },
  { theme: 'dark', device: 'desktop', states: ['search'] },
  { theme: 'dark', device: 'mobile', states: ['answer'] },
];

async function docsShots(browser, outDir) {
  for (const { theme, device, states } of DOCS_SHOTS) {
    const width = device === 'mobile' ? 375 : 1280;
    // Tall enough that a whole answer and its sources fit in the dialog.
    const page = await openPage(browser, { width, height: width < 600 ? 812 : 1000, theme, path: '/' });
    await openAssistant(page);
    await showResults(page);
    if (states.includes('search')) await shoot(page, join(outDir, `search-${theme}-${device}.png`), { width });
    if (states.includes('answer')) {
      await showAnswer(page);
      await shoot(page, join(outDir, `answer-${theme}-${device}.png`), { width });
    }
    await page.context().close();
  }
}

await ensureDependencies();
const executablePath = await ensureBrowser();
if (!values['no-build']) await buildSite();
const outDir = values.docs ? join(WEBSITE, 'static', 'img', 'screenshots') : join(ROOT, 'screenshots');
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });

const server = await startStaticServer({ root: join(WEBSITE, 'build'), port: PORT });
const browser = await launchChromium(executablePath);
try {
  await (values.docs ? docsShots(browser, outDir) : reviewShots(browser, outDir));
  console.log(`screenshots written to ${outDir}`);
} finally {
  await browser.close();
  server.close();
}
