/**
 * The definition bonus: a section with a line that starts with a rare word of the query (a list of error codes, a
 * man page's examples) is where the word is defined, and ranks above pages that only mention it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildIndex, search, type Section } from '../src/index.js';
import { section } from './helpers.js';
import { definesAny, rareTerms } from '../src/definitions.js';

const filler = (topic: string, count: number): Section[] =>
  Array.from({ length: count }, (_, at) => section(`/${topic}-${at}`, 'Overview', `The ${topic} module number ${at} reads and writes data for the server.`));

const sections: Section[] = [
  section('/http', 'Client errors', 'When the peer closes the socket, the request emits an error.\nIts code is ECONNRESET. Retry only idempotent requests.'),
  section('/errors', 'Common system errors', 'EACCES (Permission denied): An attempt was made to access a file in a way forbidden by its permissions.\nECONNRESET (Connection reset by peer): A connection was forcibly closed by a peer.\nENOENT (No such file or directory): The path does not exist.'),
  ...filler('storage', 150),
];
const index = buildIndex(sections);

describe('definition bonus', () => {
  it('ranks the list that defines a rare word above a shorter page that only mentions it', () => {
    assert.deepEqual(search(index, 'ECONNRESET meaning').map((page) => page.pageUrl).slice(0, 2), ['/errors', '/http']);
  });

  it('reads only the first word of each line, and only rare words count', () => {
    const errors = sections[1]!;
    assert.equal(definesAny(errors, ['econnreset']), true);
    assert.equal(definesAny(errors, ['peer']), false, 'a word inside a line defines nothing');
    assert.deepEqual(rareTerms(index, ['econnreset', 'server', 'io']), ['econnreset'], 'common and two-letter terms are not rare');
    assert.deepEqual(rareTerms(buildIndex(sections.slice(0, 40)), ['econnreset']), [], 'on a small site no word is rare');
  });
});
