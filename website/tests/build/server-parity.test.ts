/**
 * The server and the browser rank alike: over the public question set, `docent serve`'s index of the built site
 * (searchProject, sendMessage without a model) returns the same top sections and the same cited sections as the
 * engine over the index file the Docusaurus plugin wrote for the browser (static mode).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { answer, loadIndex, search, type DocentIndex } from '@docent/engine';
import type { FastifyInstance } from 'fastify';
// The server's own test helper: an app over a site folder, on an in-memory SQLite store.
import { appOver } from '../../../packages/server/test/helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BUILD = path.join(ROOT, 'website', 'build');
const QUESTIONS = JSON.parse(readFileSync(path.join(ROOT, 'packages', 'engine', 'test', 'questions', 'public.json'), 'utf8')) as { q: string }[];
const TOP = 5;

/** A path and fragment from an absolute URL the API returns. */
const pathOf = (url: string): string => url.replace(/^https?:\/\/[^/]+/, '');

describe('the server and the browser on the public question set', () => {
  let browserIndex: DocentIndex;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  before(async () => {
    browserIndex = loadIndex(readFileSync(path.join(BUILD, 'docent-index.json'), 'utf8'));
    const unlimited = { requests: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
    ({ app, close } = await appOver(BUILD, { project: 'docent-docs', limits: { messages: unlimited, searches: unlimited } }));
  });

  after(async () => {
    await close();
  });

  it('indexes the same sections, leaving out the same opted-out pages', async () => {
    const project = (await app.inject({ url: '/v1/projects/docent-docs' })).json() as { section_count: number; document_count: number };
    assert.equal(project.section_count, browserIndex.sections.length);
    assert.equal(project.document_count, new Set(browserIndex.sections.map((section) => section.pageUrl)).size);
  });

  it(`searchProject returns the browser's top ${TOP} sections, in order, for every question`, async () => {
    const differences: string[] = [];
    for (const { q } of QUESTIONS) {
      const response = await app.inject({ url: `/v1/projects/docent-docs/search?q=${encodeURIComponent(q)}&limit=${TOP}` });
      assert.equal(response.statusCode, 200, q);
      const server = (response.json() as { results: { url: string }[] }).results.map((result) => pathOf(result.url));
      const browser = search(browserIndex, q, { limit: TOP, maxSectionsPerPage: TOP })
        .flatMap((page) => page.sections)
        .sort((a, b) => b.score - a.score)
        .slice(0, TOP)
        .map((section) => section.url);
      if (server.join() !== browser.join()) differences.push(`${q}\n  server:  ${server.join(' ')}\n  browser: ${browser.join(' ')}`);
    }
    assert.deepEqual(differences, []);
  });

  it('sendMessage without a model cites the sections the browser cites, for every question', async () => {
    const differences: string[] = [];
    let answered = 0;
    for (const { q } of QUESTIONS) {
      const response = await app.inject({ method: 'POST', url: '/v1/projects/docent-docs/messages', payload: { question: q } });
      assert.equal(response.statusCode, 200, q);
      const body = response.json() as { answered: boolean; citations: { url: string }[] };
      const browser = answer(browserIndex, q);
      const browserUrls = browser.answered ? browser.citations.map((citation) => citation.url) : browser.closest.map((page) => page.url);
      const serverUrls = body.citations.map((citation) => pathOf(citation.url));
      if (body.answered !== browser.answered || serverUrls.join() !== browserUrls.join()) {
        differences.push(`${q}\n  server:  ${body.answered} ${serverUrls.join(' ')}\n  browser: ${browser.answered} ${browserUrls.join(' ')}`);
      }
      if (body.answered) answered += 1;
    }
    assert.deepEqual(differences, []);
    assert.ok(answered > QUESTIONS.length / 2, `${answered} of ${QUESTIONS.length} answered`);
  });
});
