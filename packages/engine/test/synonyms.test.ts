/**
 * A site's synonyms: a query word of a group finds the pages that use another word of it, below the pages that use
 * the word itself; the groups travel in the index file and its parts manifest; a wrong table is refused with the
 * position of the wrong entry and how to write it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answer, buildIndex, buildIndexAsync, checkSynonyms, IndexLoadError, loadIndex, search, searchAsync, serializeIndex, splitIndex, SynonymError } from '../src/index.js';
import { section } from './helpers.js';

const SECTIONS = [
  section('/assistant', 'Open the assistant', 'The assistant opens in a dialog when a reader clicks the button. Press Escape to close the dialog.'),
  section('/analytics', 'Analytics', 'Analytics count the questions readers asked and the answers they rated.'),
  section('/sync', 'Sync a source', 'A sync fetches every page of a source again and swaps the new index in when it ends.'),
  section('/chatbot-history', 'Why a chatbot', 'A chatbot answers in sentences; this page tells the story of the project.'),
];
const GROUPS = [
  ['bot', 'chatbot', 'assistant'],
  ['popup', 'modal', 'dialog'],
  ['stats', 'analytics'],
  ['recrawl', 'sync'],
];

const pagesFor = (index: ReturnType<typeof buildIndex>, query: string): string[] => search(index, query).map((page) => page.pageUrl);

describe('synonyms', () => {
  it('lets a reader\'s word find the page that uses the site\'s word', () => {
    const plain = buildIndex(SECTIONS);
    const withSynonyms = buildIndex(SECTIONS, { synonyms: GROUPS });
    assert.deepEqual(pagesFor(plain, 'usage stats'), [], 'without synonyms, "stats" finds nothing');
    assert.equal(pagesFor(withSynonyms, 'usage stats')[0], '/analytics');
    assert.equal(pagesFor(withSynonyms, 'how do i recrawl my docs')[0], '/sync');
    assert.equal(pagesFor(withSynonyms, 'close the popup')[0], '/assistant');
  });

  it('ranks a page that uses the word itself above one that only holds a synonym', () => {
    const index = buildIndex(SECTIONS, { synonyms: GROUPS });
    const pages = pagesFor(index, 'chatbot');
    assert.deepEqual(pages.slice(0, 2), ['/chatbot-history', '/assistant']);
  });

  it('marks the synonym the result holds in its snippet', () => {
    const index = buildIndex(SECTIONS, { synonyms: GROUPS });
    const hit = search(index, 'recrawl')[0]!.sections[0]!;
    assert.match(`${hit.headingHtml} ${hit.snippet}`, /<mark>Sync<\/mark>|<mark>sync<\/mark>/);
  });

  it('is used by answers too', () => {
    const pageOf = (reply: ReturnType<typeof answer>): string | undefined => (reply.answered ? reply.citations[0]?.sectionUrl.split('#')[0] : reply.closest[0]?.url);
    const question = 'What happens during a recrawl?';
    assert.equal(pageOf(answer(buildIndex(SECTIONS), question)), undefined);
    assert.equal(pageOf(answer(buildIndex(SECTIONS, { synonyms: GROUPS }), question)), '/sync');
  });

  it('travels in the index file, its parts manifest and the async build', async () => {
    const index = buildIndex(SECTIONS, { synonyms: GROUPS });
    const loaded = loadIndex(serializeIndex(index));
    assert.deepEqual(loaded.synonyms?.groups, GROUPS);
    assert.equal(pagesFor(loaded, 'usage stats')[0], '/analytics');
    assert.equal(loaded.hash, buildIndex(SECTIONS).hash, 'the content hash is the sections\' alone');

    const split = splitIndex(index, { postingsPerPart: 10, sectionsPerPart: 1 });
    const files = new Map(split.parts.map((part) => [part.path, part.content]));
    const inParts = loadIndex(split.manifest, { fetchPart: async (path) => files.get(path)! });
    assert.equal((await searchAsync(inParts, 'usage stats'))[0]?.pageUrl, '/analytics', 'the parts holding the synonym\'s postings are fetched');

    const built = await buildIndexAsync(SECTIONS, 2, { synonyms: GROUPS });
    assert.equal(serializeIndex(built), serializeIndex(index));
    assert.equal(JSON.parse(serializeIndex(buildIndex(SECTIONS))).synonyms, undefined, 'an index without synonyms has no field');
  });

  it('refuses a wrong table, naming the entry and the fix', () => {
    const refused = (value: unknown): string => {
      try {
        checkSynonyms(value);
      } catch (error) {
        assert.ok(error instanceof SynonymError);
        return error.message;
      }
      assert.fail(`accepted ${JSON.stringify(value)}`);
    };
    assert.match(refused({ bot: 'assistant' }), /^synonyms is an object, expected an array of groups of words, for example \[\["bot"/);
    assert.match(refused([['bot']]), /^synonyms\[0\] has 1 word; a group holds 2 to 20 words that mean the same\.$/);
    assert.match(refused([['bot', 'assistant'], ['usage stats', 'analytics']]), /^synonyms\[1\]\[0\] "usage stats" is 2 words; each entry is one word/);
    assert.match(refused([['the', 'assistant']]), /^synonyms\[0\]\[0\] "the" is a word search leaves out/);
    assert.match(refused([['bot', 42]]), /^synonyms\[0\]\[1\] is number 42, expected a word\.$/);
    assert.deepEqual(checkSynonyms([[' bot ', 'assistant']]), [['bot', 'assistant']]);
    assert.throws(() => buildIndex(SECTIONS, { synonyms: [['bot']] }), SynonymError);
  });

  it('refuses an index file whose synonyms are wrong, with the rebuild hint', () => {
    const file = JSON.parse(serializeIndex(buildIndex(SECTIONS, { synonyms: GROUPS }))) as Record<string, unknown>;
    file.synonyms = [['bot']];
    assert.throws(() => loadIndex(file), (error: unknown) => error instanceof IndexLoadError && /synonyms\[0\] has 1 word.*Rebuild the index/.test(error.message));
  });
});
