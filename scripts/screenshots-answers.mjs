// The Ask AI answers to six questions a new reader asks, photographed in the dialog at 1280 px (light) and written
// out as the reader sees them, for the review of static answers: screenshots/answers/.
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { waitForHydration } from './hydration.mjs';

export const QUESTIONS = [
  'Does it work without a server?',
  'How do I add Docent to a Hugo site?',
  'How do I install the Docusaurus plugin?',
  'How do I change the keyboard shortcut?',
  'Which options does the Docusaurus plugin take?',
  'Which scopes can an API key have?',
];

const slug = (question) => question.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Asks each question in a fresh dialog; writes `<n>-<slug>.png` and `answers.md` (the answers' text) to `outDir`. */
export async function answerShots(browser, origin, outDir) {
  await mkdir(outDir, { recursive: true });
  const texts = [];
  for (const [position, question] of QUESTIONS.entries()) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, reducedMotion: 'reduce' });
    await context.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.waitForFunction(() => customElements.get('docent-search-button') !== undefined);
    await page.locator('nav.navbar .navbar__inner docent-search-button').getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Docent chatbot' });
    await dialog.getByRole('tab', { name: 'Ask AI' }).click();
    await dialog.getByRole('textbox', { name: 'Your question' }).fill(question);
    await page.keyboard.press('Enter');
    // The dialog announces either the answer or that the docs do not cover the question.
    await dialog.getByRole('status').filter({ hasText: /Answer ready|could not find the answer/ }).waitFor();
    const conversation = dialog.getByRole('group', { name: 'Conversation' });
    await conversation.evaluate((element) => {
      for (let box = element; box; box = box.parentElement) if (box.scrollHeight > box.clientHeight) box.scrollTop = 0;
    });
    await dialog.screenshot({ path: join(outDir, `${position + 1}-${slug(question)}.png`) });
    texts.push(`## ${position + 1}. ${question}\n\n${(await conversation.innerText()).trim()}\n`);
    await context.close();
  }
  await writeFile(join(outDir, 'answers.md'), `${texts.join('\n')}`);
}
