import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildIndex, search, snippet } from '../src/index.js';
import type { Section } from '../src/index.js';
import { editDistance } from '../src/text.js';
import { fixtureIndex, section } from './helpers.js';

const pageUrls = (hits: ReturnType<typeof search>) => hits.map((page) => page.pageUrl);

describe('search', async () => {
  const index = await fixtureIndex();

  it('returns [] for an empty or blank query', () => {
    assert.deepEqual(search(index, ''), []);
    assert.deepEqual(search(index, '   \n\t'), []);
  });

  it('matches prefixes, for search as you type', () => {
    assert.equal(search(index, 'webho')[0]?.pageUrl, '/customization/webhooks');
    assert.equal(search(index, 'exponen')[0]?.sections[0]?.url, '/customization/webhooks#retries');
    assert.match(search(index, 'dark mod')[0]?.sections[0]?.headingHtml ?? '', /<mark>Dark<\/mark> <mark>mode<\/mark>/);
  });

  it('expands an unfinished word to its 100 shortest longer terms at most, so one typed letter stays fast', () => {
    // 300 words that start with "q", one per section: "qa1", "qa10"… and one short "qz" among them.
    const words = [...Array.from({ length: 299 }, (_, n) => `qa${n}x${'y'.repeat(n % 7)}`), 'qz'];
    const many = buildIndex(
      words.map((word, n) => ({ id: `/q${n}`, url: `/q${n}`, pageUrl: `/q${n}`, pageTitle: `Page ${n}`, heading: `Page ${n}`, level: 1, breadcrumb: [], text: word, description: '' })),
    );
    const read = many.terms.termsOf([{ term: 'q', prefix: true, fuzzy: false }]);
    assert.equal(read.length, 100);
    assert.ok(read.includes('qz'), 'the shortest term is read');
    const longestRead = Math.max(...read.map((term) => term.length));
    const left = words.filter((word) => !read.includes(word));
    assert.ok(left.every((word) => word.length >= longestRead), 'no term is left out for a longer one');
    assert.equal(search(many, 'q', { limit: 300, maxSectionsPerPage: 1 }).length, 100);
    assert.equal(search(many, 'qz')[0]?.pageUrl, '/q299');
  });

  it('tolerates typos in words of four letters or more, including swapped letters', () => {
    assert.equal(search(index, 'webhoks')[0]?.pageUrl, '/customization/webhooks');
    assert.equal(search(index, 'exponantial')[0]?.sections[0]?.url, '/customization/webhooks#retries');
    assert.equal(search(index, 'drak')[0]?.pageUrl, '/customization/dark-mode');
  });

  it('finds every typo match, also those that bring in letters the word lacks', () => {
    assert.equal(search(index, 'wevhooks')[0]?.pageUrl, '/customization/webhooks');
    assert.equal(search(index, 'exqonentual')[0]?.sections[0]?.url, '/customization/webhooks#retries');
    // Against every word of the index: the matches are those edit distance finds, no more and no fewer.
    const vocabulary = index.terms.vocabulary;
    const typed = vocabulary.flatMap((term) => [term, `${term}x`, `q${term.slice(1)}`, term.slice(0, -1), `${term.slice(0, 2)}zw${term.slice(4)}`]);
    for (const word of typed.filter((_, n) => n % 3 === 0)) {
      for (const distance of [1, 2]) {
        const found = index.terms.termsOf([{ term: word, prefix: false, fuzzy: distance }]).filter((term) => term !== word).sort();
        const expected = vocabulary.filter((term) => term !== word && editDistance(word, term, distance) <= distance).sort();
        assert.deepEqual(found, expected, `typos of "${word}" within ${distance}`);
      }
    }
  });

  it('matches other forms of a word (retry, retries, retried)', () => {
    const hit = search(index, 'retry')[0]?.sections[0];
    assert.equal(hit?.url, '/customization/webhooks#retries');
    assert.match(hit?.snippet ?? '', /<mark>retried<\/mark>/);
  });

  it('ranks a page-title match above a heading match above a text match', () => {
    assert.deepEqual(pageUrls(search(index, 'webhooks')), ['/customization/webhooks', '/reference/events', '/reference/limits']);
    const [title, heading, text] = search(index, 'webhooks');
    assert.ok(title!.score > heading!.score && heading!.score > text!.score);
    assert.equal(heading?.sections[0]?.url, '/reference/events#webhooks');
  });

  it('groups sections by page, pages ordered by their best section, within the limit', () => {
    const hits = search(index, 'widget', { limit: 5 });
    assert.equal(new Set(pageUrls(hits)).size, hits.length, 'one group per page');
    const total = hits.reduce((sum, page) => sum + page.sections.length, 0);
    assert.equal(total, 5);
    for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1]!.score >= hits[i]!.score);
    for (const page of hits) {
      assert.ok(page.sections.every((section) => section.url.startsWith(page.pageUrl)));
      assert.equal(page.score, page.sections[0]?.score);
      assert.ok(page.sections.length <= 3);
    }
    const guide = search(index, 'install').find((page) => page.pageUrl === '/guide');
    assert.ok(guide && guide.sections.length > 1, 'several sections under one page');
    assert.equal(guide.pageTitle, 'Install the widget');
    assert.deepEqual(guide.sections[0]?.breadcrumb.slice(0, 1), ['Install the widget']);
  });

  it('filters by path prefix', () => {
    const hits = search(index, 'webhooks', { pathPrefix: '/reference' });
    assert.deepEqual(pageUrls(hits), ['/reference/events', '/reference/limits']);
  });

  it('wraps matched words in <mark> in a snippet of about 160 characters around the match', () => {
    const long: Section = {
      id: '/long',
      url: '/long',
      pageUrl: '/long',
      pageTitle: 'Long',
      heading: 'Long',
      level: 1,
      breadcrumb: ['Long'],
      text: `${'Filler words about nothing in particular. '.repeat(12)}The quasar setting controls the beam. ${'More filler text follows here. '.repeat(12)}`,
      description: '',
    };
    const hit = search(buildIndex([long]), 'quasar')[0]?.sections[0];
    assert.ok(hit);
    assert.match(hit.snippet, /^…The <mark>quasar<\/mark> setting controls the beam\./);
    assert.match(hit.snippet, /…$/);
    const visible = hit.snippet.replace(/<\/?mark>/g, '');
    assert.ok(visible.length >= 120 && visible.length <= 200, `snippet length ${visible.length}`);
    assert.equal(snippet('short text', new Set(['short'])), '<mark>short</mark> text');
  });

  it('marks every form of a matched word in a long section, as in a short one', () => {
    // A long section is scanned for the matched terms' words only: `history` gives the term `histori`, which it
    // does not start with.
    const filler = 'Filler words about nothing in particular. '.repeat(150);
    const text = `${filler}Read the history of a branch. ${filler}`;
    assert.ok(text.length > 5000);
    assert.match(snippet(text, new Set(['histori'])), /Read the <mark>history<\/mark> of a branch\./);
    assert.match(snippet(text.slice(5000, 7000), new Set(['histori'])), /Read the <mark>history<\/mark> of a branch\./);
  });

  it("finds an identifier by its parts and a word joined by _ or ' in a text of any length", () => {
    // Only the words that hold a matched term's start are stemmed: `sendMessage` holds message; `sidebar_label`
    // gives sidebarlabel, which it does not hold.
    const filler = 'Filler words about nothing in particular. '.repeat(150);
    for (const around of ['', filler]) {
      const text = `${around}Call sendMessage to ask. ${around}Set the sidebar_label of the page. ${around}`;
      assert.match(snippet(text, new Set(['messag'])), /Call <mark>sendMessage<\/mark> to ask\./, `${text.length} characters`);
      assert.match(snippet(text, new Set(['sidebarlabel'])), /Set the <mark>sidebar_label<\/mark> of the page\./, `${text.length} characters`);
    }
  });

  it('escapes page text in snippets: <img src=x onerror=alert(1)> never comes out as markup', () => {
    for (const query of ['onerror', 'img', 'alert', 'sanitizes answers', '<img src=x onerror=alert(1)>']) {
      for (const page of search(index, query)) {
        for (const section of page.sections) {
          assert.doesNotMatch(section.snippet, /<img|<(?!\/?mark>)/i, `${query}: ${section.snippet}`);
          assert.doesNotMatch(section.headingHtml, /<(?!\/?mark>)/i);
        }
      }
    }
    const snippetHtml = search(index, 'onerror')[0]?.sections[0]?.snippet ?? '';
    assert.match(snippetHtml, /&lt;img src=x <mark>onerror<\/mark>=alert\(1\)&gt;/);
  });

  it("ranks the page whose description says what it is for above pages that use the words under a heading", () => {
    // As a man page's NAME line does: the description is the page's own summary, indexed on its first section.
    const manual = buildIndex([
      { ...section('/clean', 'Synopsis', 'git clean [-d] [-f] [-n] [-q] [-e pattern] [pathspec]'), level: 1, description: 'Remove untracked files from the working tree' },
      section('/clean', 'Options', 'With -d, recurse into directories too. With -n, only show what would be done.'),
      section('/update-index', 'Untracked cache', 'The cache remembers which folders of the working tree hold untracked files, so listing them skips the folders that did not change.'),
      ...Array.from({ length: 20 }, (_, n) => section(`/other-${n}`, 'Overview', `Command number ${n} reads the objects of the repository.`)),
    ]);
    assert.equal(search(manual, 'remove untracked files from the working tree')[0]?.pageUrl, '/clean');
  });

  it('counts half a section that points to other pages ("Next steps"), which match what those pages answer', () => {
    const site = buildIndex([
      section('/quickstart', 'Install', 'Run the installer and open the dashboard.'),
      section('/quickstart', 'Next steps', 'Answers in Slack: connect a Slack workspace, and answers go to a Slack channel.'),
      section('/chat-apps', 'Set up', 'Answers can go to a Slack workspace that you pick on the settings page.'),
      ...Array.from({ length: 20 }, (_, n) => section(`/other-${n}`, 'Overview', `Page number ${n} explains the dashboard.`)),
    ]);
    assert.deepEqual(pageUrls(search(site, 'connect a slack workspace')), ['/chat-apps', '/quickstart']);
  });

  it('takes a name in a code block as one word: a sample of camel-case keys does not win questions in prose', () => {
    const sample = ['{', '  "freeSystemMemory": 1024,', '  "totalSystemMemory": 4096,', '  "freeMemoryPercent": 25,', '  "systemMemoryPercentFree": 25', '}'];
    const site = buildIndex([
      { ...section('/report', 'Report', ['A report is a summary of the process, written as JSON:', ...sample].join('\n')), shape: `p C${' c'.repeat(sample.length - 1)}` },
      section('/tuning', 'Tuning', 'Keep the free memory of the machine above ten percent.'),
      section('/os', 'os.freemem()', 'Returns the amount of free system memory in bytes as an integer.'),
      ...Array.from({ length: 20 }, (_, n) => section(`/other-${n}`, 'Overview', `Module number ${n} frees the memory it holds when the system asks.`)),
    ]);
    assert.deepEqual(pageUrls(search(site, 'what percent of the system memory is free')).slice(0, 2), ['/tuning', '/os']);
    // The name still finds the sample first: it stands for its words, which prose elsewhere holds too.
    assert.equal(search(site, 'freeMemoryPercent')[0]?.pageUrl, '/report');
  });

  it('counts release notes in full when the question asks what changed', () => {
    const site = buildIndex([
      section('/release-notes', '1.0.0', 'The first release: search, answers and the widget.'),
      section('/search', 'Ranking', 'Release notes mention every feature, so a changelog counts half in search results. The first result is the best match.'),
      ...Array.from({ length: 20 }, (_, n) => section(`/other-${n}`, 'Overview', `Page number ${n} explains a feature.`)),
    ]);
    assert.equal(search(site, 'release notes of the first release')[0]?.pageUrl, '/release-notes');
    assert.equal(search(site, 'what’s new in the first release')[0]?.pageUrl, '/release-notes');
    assert.equal(search(site, 'first result')[0]?.pageUrl, '/search');
  });

  it('counts half a word that says what to do ("change") rather than what about', () => {
    const site = buildIndex([
      section('/amend', 'Amend', 'Replaces the message of the last commit with a new one.'),
      section('/tutorial', 'Change history', 'Change a file, then commit the change: the commit is the last commit of the branch, and each change is kept.'),
      ...Array.from({ length: 20 }, (_, n) => section(`/other-${n}`, 'Overview', `Page number ${n} explains a commit.`)),
    ]);
    assert.equal(search(site, 'change the message of the last commit')[0]?.pageUrl, '/amend');
    // Alone, it is what the reader looks for.
    assert.equal(search(site, 'change history')[0]?.pageUrl, '/tutorial');
  });

  it('is deterministic', () => {
    assert.deepEqual(search(index, 'the widget'), search(index, 'the widget'));
  });
});
