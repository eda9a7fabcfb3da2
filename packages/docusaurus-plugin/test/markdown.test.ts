import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Section } from '@docent/engine';
import { groupByPage, llmsFull, llmsIndex, markdownFileOf, pageToMarkdown } from '../src/server/markdown';

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
  it('groups sections by page in order', () => {
    const pages = groupByPage(SECTIONS);
    assert.deepEqual(
      pages.map((page) => [page.url, page.sections.length]),
      [
        ['/', 2],
        ['/customization/styles', 1],
      ],
    );
  });

  it('writes a page as Markdown with its headings and one paragraph per block', () => {
    const [home] = groupByPage(SECTIONS);
    assert.ok(home);
    assert.equal(pageToMarkdown(home), '# Quickstart\n\n> Start here.\n\nInstall the plugin.\n\nBuild the site.\n\n## Verify\n\nPress Ctrl K.\n');
  });

  it('lists every page in llms.txt with an absolute link', () => {
    const text = llmsIndex(SITE, groupByPage(SECTIONS));
    assert.match(text, /^# Docent docs\n\n> Ask-AI chatbot for technical documentation\n/);
    assert.match(text, /- \[Quickstart\]\(http:\/\/localhost:3000\/\): Start here\./);
    assert.match(text, /- \[Styles\]\(http:\/\/localhost:3000\/customization\/styles\)\n/);
  });

  it('puts every page in llms-full.txt under its address', () => {
    const text = llmsFull(SITE, groupByPage(SECTIONS));
    assert.match(text, /<!-- http:\/\/localhost:3000\/ -->\n\n# Quickstart/);
    assert.match(text, /<!-- http:\/\/localhost:3000\/customization\/styles -->\n\n# Styles/);
  });

  it('names the Markdown copy after the page path', () => {
    assert.equal(markdownFileOf('/'), 'index.md');
    assert.equal(markdownFileOf('/customization/styles'), 'customization/styles.md');
  });
});
