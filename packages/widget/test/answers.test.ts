import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Answer, PageHit } from '../src/data/types.js';
import { answerToMarkdown, conversationToMarkdown } from '../src/dialog/ask/exportConversation.js';
import { cleanAnswerTitles, cleanResultTitles, cleanTitle } from '../src/dialog/search/titles.js';
import type { Message } from '../src/state/types.js';

const ANSWER: Answer = {
  answered: true,
  markdown: 'Set `store-history` to false. [1] They disappear on reload. [1]',
  citations: [
    { number: 1, url: '/privacy#store-history:~:text=Set', sectionUrl: '/privacy#store-history', title: 'Data privacy | Docent docs', breadcrumb: ['Data privacy | Docent docs', 'Keep history in memory only'] },
  ],
  closest: [],
};

describe('clean titles', () => {
  test('drops the site-name suffix', () => {
    assert.equal(cleanTitle('Quickstart | Docent docs'), 'Quickstart');
    assert.equal(cleanTitle('Install – My Docs'), 'Install');
    assert.equal(cleanTitle('Step 1 - Configure'), 'Step 1 - Configure');
    assert.equal(cleanTitle('Quickstart'), 'Quickstart');
  });

  test('applies to result pages, breadcrumbs, citations and closest pages', () => {
    const pages: PageHit[] = [
      { pageUrl: '/q', pageTitle: 'Quickstart | Docent docs', score: 1, sections: [{ url: '/q#a', heading: 'A', breadcrumb: ['Quickstart | Docent docs', 'A'], snippet: '', score: 1 }] },
    ];
    const [page] = cleanResultTitles(pages);
    assert.equal(page?.pageTitle, 'Quickstart');
    assert.deepEqual(page?.sections[0]?.breadcrumb, ['Quickstart', 'A']);
    const answer = cleanAnswerTitles({ ...ANSWER, closest: [{ url: '/x', title: 'X | Docent docs' }] });
    assert.equal(answer.citations[0]?.title, 'Data privacy');
    assert.equal(answer.closest[0]?.title, 'X');
  });
});

describe('copy and export', () => {
  test('an answer copies as Markdown with its sources', () => {
    assert.equal(
      answerToMarkdown(ANSWER),
      'Set `store-history` to false. [1] They disappear on reload. [1]\n\nSources:\n\n1. [Data privacy | Docent docs](/privacy#store-history:~:text=Set)',
    );
  });

  test('a not-covered answer copies as the note and the closest pages', () => {
    const answer: Answer = { answered: false, markdown: '', citations: [], closest: [{ url: '/support', title: 'Support' }] };
    assert.equal(
      answerToMarkdown(answer),
      'I could not find the answer to that in the documentation.\n\nThese pages come closest:\n\n- [Support](/support)',
    );
  });

  test('the conversation exports as one Markdown document', () => {
    const conversation: Message[] = [
      { id: 'a-q', role: 'user', text: 'How do I keep history\nin memory?' },
      { id: 'a', role: 'assistant', question: 'How do I keep history in memory?', status: 'done', answer: ANSWER },
      { id: 'b-q', role: 'user', text: 'And offline?' },
      { id: 'b', role: 'assistant', question: 'And offline?', status: 'error', error: 'offline' },
    ];
    const markdown = conversationToMarkdown(conversation, 'Docent', 'https://docs.example.com/guide');
    assert.equal(
      markdown,
      [
        '# Conversation with Docent',
        '<https://docs.example.com/guide>',
        '## Question: How do I keep history in memory?',
        `**Docent:**\n\n${answerToMarkdown(ANSWER)}`,
        '## Question: And offline?',
        '**Docent:** The answer could not be loaded.',
      ].join('\n\n') + '\n',
    );
  });
});
