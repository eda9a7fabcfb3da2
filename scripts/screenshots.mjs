// npm run screenshots: builds the site and photographs it in Chromium.
//   (default)  the key pages and the open assistant at 390, 995 and 1280 px, light and dark → screenshots/, and
//              the answers to six readers' questions at 1280 px → screenshots/answers/ (pictures and answers.md)
//   --docs     the widget images the docs show: the Search and the Ask AI tab, in both colour modes, on a desktop
//              (the dialog alone, without the page around it) and on a phone (the whole screen, which the dialog
//              fills) → website/static/img/screenshots/, committed with the docs
// --no-build reuses website/build.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from './browser.mjs';
import { waitForHydration } from './hydration.mjs';
import { buildSite } from './build.mjs';
import { ensureBrowser, ensureDependencies, ROOT, WEBSITE } from './lib.mjs';
import { startStaticServer } from './static-server.mjs';

const PORT = 4191;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = ['/', '/installation/docusaurus', '/customization/layout', '/api/send-message', '/security/overview', '/category/installation', '/support'];
const WIDTHS = [390, 995, 1280];
const THEMES = ['light', 'dark'];
const QUERY = 'dark mode';
const QUESTION = 'How do I add Docent to a Hugo site?';
/** Questions a new reader asks, for the review of static answers. */
const READER_QUESTIONS = [
  'Does it work without a server?',
  'How do I add Docent to a Hugo site?',
  'How do I install the Docusaurus plugin?',
  'How do I change the keyboard shortcut?',
  'Which options does the Docusaurus plugin take?',
  'Which scopes can an API key have?',
];

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

async function showAnswer(page, question = QUESTION) {
  await dialogOf(page).getByRole('tab', { name: 'Ask AI' }).click();
  await dialogOf(page).getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.keyboard.press('Enter');
  // The dialog announces the answer, or that the docs do not cover the question.
  await dialogOf(page).getByRole('status').filter({ hasText: /Answer ready|could not find the answer/ }).waitFor();
}

/**
 * Scrolls through the page as a reader would, then back to the top, so that what loads as it nears the viewport (the
 * API request explorer, lazy images) is in a full-page picture.
 */
async function loadWholePage(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => {
    const shown = [...document.images].filter((image) => image.getClientRects().length > 0);
    return document.querySelector('[data-api-explorer="waiting"], .openapi-skeleton, [data-mount="pending"]') === null && shown.every((image) => image.complete);
  });
}

async function reviewShots(browser, outDir) {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      for (const path of PAGES) {
        const page = await openPage(browser, { width, theme, path });
        await loadWholePage(page);
        const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
        await page.screenshot({ path: join(outDir, `${name}-${width}-${theme}.png`), fullPage: true });
        // Beside the text on a desktop, the request explorer scrolls within its column: its response panel, under
        // the request, gets a picture of its own.
        const response = page.locator('.openapi-explorer__response-container');
        if ((await response.count()) > 0) {
          await response.scrollIntoViewIfNeeded();
          await response.screenshot({ path: join(outDir, `${name}-response-${width}-${theme}.png`) });
        }
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

/** Each reader's question asked in a fresh dialog at 1280 px: `<n>-<question>.png`, and the answers as text in answers.md. */
async function answerShots(browser, outDir) {
  await mkdir(outDir, { recursive: true });
  const texts = [];
  for (const [position, question] of READER_QUESTIONS.entries()) {
    const page = await openPage(browser, { width: 1280, height: 1000, theme: 'light', path: '/' });
    await openAssistant(page);
    await showAnswer(page, question);
    await scrollToQuestion(page);
    const slug = question.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    await dialogOf(page).screenshot({ path: join(outDir, `${position + 1}-${slug}.png`) });
    const text = await dialogOf(page).getByRole('group', { name: 'Conversation' }).innerText();
    texts.push(`## ${position + 1}. ${question}\n\n${text.trim()}\n`);
    await page.context().close();
  }
  await writeFile(join(outDir, 'answers.md'), texts.join('\n'));
}

/** The screens the docs pictures are taken on: a desktop, and a phone whose screen the dialog fills. */
const DEVICES = {
  desktop: { width: 1280, height: 1000 },
  mobile: { width: 390, height: 844 },
};

/**
 * On a desktop the picture is the dialog alone: the page under it is hidden and the backdrop cleared, so its
 * rounded corners are transparent instead of showing a dimmed strip of the page.
 */
async function isolateDialog(page) {
  await page.addStyleTag({ content: 'html, body { background: transparent !important; } #__docusaurus { visibility: hidden; } docent-search-button { visibility: visible; }' });
  await dialogOf(page).evaluate((dialog) => {
    const style = document.createElement('style');
    style.textContent = 'dialog::backdrop { background: transparent !important; }';
    const root = dialog.getRootNode();
    (root instanceof ShadowRoot ? root : document.head).append(style);
  });
}

/** The dialog follows a streaming answer down to its end; the picture starts at the question instead. */
async function scrollToQuestion(page) {
  await dialogOf(page)
    .getByRole('group', { name: 'Conversation' })
    .evaluate((conversation) => {
      for (let box = conversation; box; box = box.parentElement) {
        if (box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== 'visible') box.scrollTop = 0;
      }
    });
}

/**
 * On a phone the dialog fills the screen and has no border; in the docs, where the picture sits on a page of the
 * same colour, a hairline in the widget's own border colour marks the edge of the screen.
 */
async function frameScreen(page) {
  await dialogOf(page).evaluate((dialog) => {
    const style = document.createElement('style');
    style.textContent = 'dialog { outline: 1px solid var(--_docent-color-border) !important; outline-offset: -1px; }';
    const root = dialog.getRootNode();
    (root instanceof ShadowRoot ? root : document.head).append(style);
  });
}

async function shoot(page, file, device) {
  if (device === 'mobile') return page.screenshot({ path: file });
  return dialogOf(page).screenshot({ path: file, omitBackground: true });
}

/**
 * The widget pictures the docs show (website/docs, through <ThemedPicture>): Search and Ask AI, light and dark,
 * desktop and phone. Every page that shows one shows the one for the reader's colour mode and screen.
 */
async function docsShots(browser, outDir) {
  for (const theme of THEMES) {
    for (const [device, viewport] of Object.entries(DEVICES)) {
      const page = await openPage(browser, { ...viewport, theme, path: '/' });
      await openAssistant(page);
      await (device === 'desktop' ? isolateDialog(page) : frameScreen(page));
      await showResults(page);
      await shoot(page, join(outDir, `search-${theme}-${device}.png`), device);
      await showAnswer(page);
      await scrollToQuestion(page);
      await shoot(page, join(outDir, `answer-${theme}-${device}.png`), device);
      await page.context().close();
    }
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
  if (values.docs) await docsShots(browser, outDir);
  else {
    await reviewShots(browser, outDir);
    await answerShots(browser, join(outDir, 'answers'));
  }
  console.log(`screenshots written to ${outDir}`);
} finally {
  await browser.close();
  server.close();
}
