import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentHash, escapeHtml, escapeMarkdown, splitSentences } from '../src/index.js';
import { editDistance, hasNonAsciiLetter, stem, termsOfWord } from '../src/text.js';

describe('text helpers', () => {
  it('splits sentences without breaking file names, versions or abbreviations', () => {
    assert.deepEqual(
      splitSentences(
        'Edit docent.config.json first, e.g. with your editor. Docent 3.8.1 needs Node.js 20! Does it work? Yes, i.e. mostly.\nA new block',
      ),
      [
        'Edit docent.config.json first, e.g. with your editor.',
        'Docent 3.8.1 needs Node.js 20!',
        'Does it work?',
        'Yes, i.e. mostly.',
        'A new block',
      ],
    );
    assert.deepEqual(splitSentences('Run npm install. then build (see "Build"). Done.'), [
      'Run npm install.',
      'then build (see "Build").',
      'Done.',
    ]);
    // A quoted sentence inside a sentence does not end it; a quote that ends a sentence does.
    assert.deepEqual(splitSentences('It says "Try again." and waits. It said "Done." Then it stops.'), [
      'It says "Try again." and waits.',
      'It said "Done."',
      'Then it stops.',
    ]);
  });

  it('stems the usual forms of a word to one term', () => {
    assert.equal(stem('configuring'), stem('configure'));
    assert.equal(stem('configured'), stem('configure'));
    assert.equal(stem('pages'), stem('page'));
    assert.equal(stem('queries'), stem('query'));
    assert.equal(stem('running'), 'run');
    assert.equal(stem('status'), 'status');
    assert.deepEqual(termsOfWord('headerTitle'), ['headertitl', 'header', 'titl']);
    assert.deepEqual(termsOfWord('the'), []);
  });

  it('tells letters outside ASCII from typographic punctuation', () => {
    for (const text of ['plain ascii', 'I’ve — “quoted” … 50 °C ±1 ©', 'no\u00a0break']) assert.equal(hasNonAsciiLetter(text), false, text);
    for (const text of ['café', 'Straße', '5 µs', 'nº 3', 'ª', 'Ελληνικά', '日本語', '— then é']) assert.equal(hasNonAsciiLetter(text), true, text);
  });

  it('escapes HTML and Markdown', () => {
    assert.equal(escapeHtml(`<img src=x onerror="alert('1')">&`), '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;');
    assert.equal(escapeMarkdown('Use *bold* and [link](x) <b>'), 'Use \\*bold\\* and \\[link\\](x) \\<b\\>');
    assert.equal(escapeMarkdown('1. Not a list'), '1\\. Not a list');
  });

  it('hashes with 64-bit FNV-1a (known vectors)', () => {
    assert.equal(contentHash(''), 'cbf29ce484222325');
    assert.equal(contentHash('a'), 'af63dc4c8601ec8c');
    assert.equal(contentHash('foobar'), '85944171f73967e8');
    assert.match(contentHash('é 日本 😀'), /^[0-9a-f]{16}$/);
    assert.notEqual(contentHash('é'), contentHash('e'));
  });

  it('counts edits between words of any length, giving up past the largest distance asked', () => {
    assert.equal(editDistance('kitten', 'sitting', 3), 3);
    assert.equal(editDistance('kitten', 'sitting', 2), 3);
    assert.equal(editDistance('drak', 'dark', 2), 2);
    const long = 'a'.repeat(70) + 'configuration';
    assert.equal(editDistance(long, `${long}s`, 1), 1);
    assert.equal(editDistance(long, long.replace('configuration', 'konfiguratio'), 2), 2);
    // A short pair after a long one reads no letters left over from it.
    assert.equal(editDistance('mode', 'node', 1), 1);
    assert.equal(editDistance('', 'ab', 2), 2);
  });
});
