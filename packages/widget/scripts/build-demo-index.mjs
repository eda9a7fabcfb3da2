// Builds demo/docent-index.json from demo/pages/*.html with the engine, so the demo page runs in static mode.
// URLs assume the package folder is served as the site root (/demo/index.html, /dist/docent.js).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIndex, extractSections, serializeIndex } from '@docent/engine';

const DEMO = join(dirname(fileURLToPath(import.meta.url)), '..', 'demo');

export async function buildDemoIndex() {
  const files = (await readdir(join(DEMO, 'pages'))).filter((name) => name.endsWith('.html')).sort();
  const sections = [];
  for (const file of files) {
    const html = await readFile(join(DEMO, 'pages', file), 'utf8');
    sections.push(...extractSections({ url: `/demo/pages/${file}`, html }));
  }
  await writeFile(join(DEMO, 'docent-index.json'), serializeIndex(buildIndex(sections)));
  return { pages: files.length, sections: sections.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { pages, sections } = await buildDemoIndex();
  console.log(`demo/docent-index.json: ${pages} pages, ${sections} sections`);
}
