import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildIndex, search } from '../src/index.js';
import { nameWords } from '../src/nameWords.js';
import { section } from './helpers.js';

/** Prose that uses each word five times, as a manual's sentences would. */
const prose = (sentence: string) => section('/guide', 'Guide', Array.from({ length: 5 }, () => sentence).join(' '));

describe('names in headings', () => {
  const sections = [
    prose('The free memory and the total memory of the system, the host name and the file name, as the key shows.'),
    section('/os', 'os.freemem()', 'Returns the amount in bytes.'),
    section('/os', 'os.totalmem()', 'Returns the amount in bytes.'),
    section('/dns', 'dns.lookup(hostname)', 'Resolves to the first address.'),
    section('/repl', 'Keyboard shortcuts', 'Press a combination to move.'),
    section('/fs', 'fs.readlink(path)', 'Reads the target of a link; `readlink` in a sentence is code, not prose.'),
  ];

  it('reads a name as the prose words it joins, or the word its second part starts', () => {
    const namesIn = nameWords(sections);
    assert.equal(namesIn('os.freemem()'), 'free memory');
    assert.equal(namesIn('dns.lookup(hostname)'), 'host name');
    // A word of the prose is a word, not a name; a short name and a part that starts no prose word stay as they are.
    assert.equal(namesIn('Keyboard shortcuts'), '');
    assert.equal(namesIn('os.cpus()'), '');
    assert.equal(namesIn('fs.readlink(path)'), '');
  });

  it('finds an API entry by the words of its name', () => {
    const index = buildIndex(sections);
    assert.deepEqual(search(index, 'free memory', { pathPrefix: '/os' })[0]?.sections.map((hit) => hit.url), ['/os#os.freemem()', '/os#os.totalmem()']);
    assert.equal(search(index, 'total memory', { pathPrefix: '/os' })[0]?.sections[0]?.url, '/os#os.totalmem()');
    assert.equal(search(index, 'host name', { pathPrefix: '/dns' })[0]?.sections[0]?.url, '/dns#dns.lookup(hostname)');
  });
});
