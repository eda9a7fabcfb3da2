import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Section } from '@docent/engine';
import { llmsFull, llmsIndex, markdownFileOf, pagesOf, type PageCopy } from '../src/server/markdown';

function section(pageUrl: string, heading: string, level: 1 | 2 | 3, text: string): Section {
  return {
    id: `${pageUrl}#${heading}`,
    url: level === 1 ? pageUrl : `${pageUrl}#${heading.toLowerCase()}`,
    pageUrl,
    pageTitle: pageUrl === '/' ? 'Quickstart' : 'Styles',
    heading,
    level,
    breadcrumb: [heading],
    text,
    description: pageUrl === '/' ? 'Start here.' : '',
  };
}

const SECTIONS = [
  section('/', 'Quickstart', 1, 'Install the plugin.\nBuild the site.'),
  section('/', 'Verify', 2, 'Press Ctrl K.'),
  section('/customization/styles', 'Styles', 1, 'Set custom properties.'),
];
const SITE = { title: 'Docent docs', tagline: 'Ask-AI chatbot for technical documentation', url: 'http://localhost:3000/' };

describe('Markdown copies and llms files', () => {
  it('lists the pages of the sections once each, in order, with their title and description', () => {
    assert.deepEqual(pagesOf(SECTIONS), [
      { url: '/', title: 'Quickstart', description: 'Start here.' },
      { url: '/customization/styles', title: 'Styles', description: '' },
    ]);
  });

  it('lists every page in llms.txt with an absolute link', () => {
    const text = llmsIndex(SITE, pagesOf(SECTIONS));
    assert.match(text, /^# Docent docs\n\n> Ask-AI chatbot for technical documentation\n/);
    assert.match(text, /- \[Quickstart\]\(http:\/\/localhost:3000\/\): Start here\./);
    assert.match(text, /- \[Styles\]\(http:\/\/localhost:3000\/customization\/styles\)\n/);
  });

  it('puts every page in llms-full.txt under its address, as its Markdown copy', () => {
    const copies: PageCopy[] = pagesOf(SECTIONS).map((page) => ({ ...page, markdown: `# ${page.title}\n\n\`\`\`bash\nnpm test\n\`\`\`\n` }));
    const text = llmsFull(SITE, copies);
    assert.match(text, /<!-- http:\/\/localhost:3000\/ -->\n\n# Quickstart\n\n```bash\nnpm test\n```\n/);
    assert.match(text, /<!-- http:\/\/localhost:3000\/customization\/styles -->\n\n# Styles/);
  });

  it('names the Markdown copy after the page path', () => {
    assert.equal(markdownFileOf('/'), 'index.md');
    assert.equal(markdownFileOf('/customization/styles'), 'customization/styles.md');
  });
});
