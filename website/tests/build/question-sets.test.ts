/**
 * The question sets that score search on this site (packages/engine/test/questions) name the pages that answer each
 * question. A page that moves or goes away would quietly turn a question into a miss, or keep a set scoring a page
 * that no longer exists: every expected route must be a page of the built site's index.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { BUILD } from './site';

const QUESTIONS = join(__dirname, '..', '..', '..', 'packages', 'engine', 'test', 'questions');

interface Question {
  q: string;
  expect: string[];
}

const indexedPages = (): Set<string> => {
  const index = JSON.parse(readFileSync(join(BUILD, 'docent-index.json'), 'utf8')) as { sections: Array<{ pageUrl: string }> };
  return new Set(index.sections.map((section) => section.pageUrl));
};

describe('the question sets of this site', () => {
  const pages = indexedPages();
  for (const set of ['public', 'fresh', 'fresh2', 'holdout']) {
    it(`${set}.json expects only pages the site has, one to three per question`, () => {
      const questions = JSON.parse(readFileSync(join(QUESTIONS, `${set}.json`), 'utf8')) as Question[];
      assert.ok(questions.length >= 40, `${set}.json has ${questions.length} questions`);
      for (const { q, expect } of questions) {
        assert.ok(q.trim(), `${set}.json has an empty question`);
        assert.ok(expect.length >= 1 && expect.length <= 3, `"${q}" expects ${expect.length} pages`);
        for (const route of expect) assert.ok(pages.has(route), `"${q}" expects ${route}, which the site does not have`);
      }
    });
  }
});
