import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  IndexLoadError,
  buildIndex,
  hashSections,
  loadIndex,
  search,
  serializeIndex,
  SUPPORTED_INDEX_VERSIONS,
} from '../src/index.js';
import { fixtureIndex } from './helpers.js';

function mutate(text: string, change: (file: Record<string, unknown>) => void): string {
  const file = JSON.parse(text) as Record<string, unknown>;
  change(file);
  return JSON.stringify(file);
}

function assertLoadError(input: unknown, pattern: RegExp): void {
  assert.throws(
    () => loadIndex(input),
    (error: unknown) => {
      assert.ok(error instanceof IndexLoadError, `expected IndexLoadError, got ${String(error)}`);
      assert.equal(error.name, 'IndexLoadError');
      assert.match(error.message, /^Cannot load the Docent index: /);
      assert.match(error.message, pattern);
      return true;
    },
  );
}

describe('index file', async () => {
  const index = await fixtureIndex();
  const text = serializeIndex(index);

  it('serializes to the documented JSON shape', () => {
    const file = JSON.parse(text) as Record<string, unknown>;
    assert.equal(file.format, 'docent-index');
    assert.equal(file.version, 2);
    assert.match(String(file.hash), /^[0-9a-f]{16}$/);
    assert.equal(file.sectionCount, index.sections.length);
    assert.equal((file.sections as unknown[]).length, index.sections.length);
    assert.equal(typeof file.terms, 'object');
    assert.deepEqual(Object.keys(file), ['format', 'version', 'hash', 'sectionCount', 'sections', 'terms']);
    const terms = file.terms as { vocabulary: string[]; postings: number[][]; fieldLengths: number[]; documentCount: number };
    assert.deepEqual([...terms.vocabulary].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), terms.vocabulary, 'the vocabulary is sorted');
    assert.equal(terms.postings.length, terms.vocabulary.length);
    assert.equal(terms.fieldLengths.length, index.sections.length * 4);
  });

  it('round-trips: a loaded index has the same sections, hash and results', () => {
    const loaded = loadIndex(text);
    assert.equal(loaded.hash, index.hash);
    assert.deepEqual(loaded.sections, index.sections);
    for (const query of ['webhooks', 'dark mod', 'retried', 'acme.config.json']) {
      assert.deepEqual(search(loaded, query), search(index, query), query);
    }
    const again = JSON.parse(serializeIndex(loaded)) as Record<string, unknown>;
    assert.equal(again.hash, index.hash);
    assert.deepEqual(again.sections, JSON.parse(text).sections);
    assert.deepEqual(loadIndex(JSON.parse(text)).sections, index.sections, 'accepts the parsed object too');
  });

  it('is deterministic: the same sections give the same file', () => {
    assert.equal(serializeIndex(buildIndex(index.sections)), text);
  });

  it('hashes the content: any change to a section changes the hash', () => {
    const changed = index.sections.map((section, position) =>
      position === 0 ? { ...section, text: `${section.text}!` } : section,
    );
    assert.notEqual(hashSections(changed), index.hash);
    assert.equal(hashSections([...index.sections]), index.hash);
  });

  it('rejects a truncated file and says so', () => {
    assertLoadError(text.slice(0, Math.floor(text.length / 2)), /not valid JSON: it looks truncated \(\d+ characters/);
    assertLoadError(text.slice(0, -1), /truncated/);
  });

  it('rejects text that is not JSON, an empty file and an HTML page', () => {
    assertLoadError('{"format": docent}', /not valid JSON/);
    assertLoadError('', /empty/);
    assertLoadError('<!doctype html><title>Page Not Found</title>', /HTML, not JSON.*index URL/);
    assertLoadError('[1, 2]', /expected a JSON object, got an array/);
  });

  it('rejects a wrong format', () => {
    assertLoadError(mutate(text, (file) => (file.format = 'lunr-index')), /"format" is the string "lunr-index", expected "docent-index"/);
    assertLoadError(mutate(text, (file) => delete file.format), /"format" is missing/);
  });

  it('rejects an unsupported version, naming the supported ones and the fix', () => {
    assert.deepEqual(SUPPORTED_INDEX_VERSIONS, [2]);
    assertLoadError(
      mutate(text, (file) => (file.version = 1)),
      /unsupported index version number 1; this version of @docent\/engine reads version 2\. Rebuild the index/,
    );
    assertLoadError(mutate(text, (file) => (file.version = '2')), /unsupported index version the string "2"/);
  });

  it('rejects a tampered section count', () => {
    assertLoadError(
      mutate(text, (file) => (file.sectionCount = Number(file.sectionCount) + 1)),
      new RegExp(`says it has ${index.sections.length + 1} sections but holds ${index.sections.length}`),
    );
    assertLoadError(
      mutate(text, (file) => (file.sections as unknown[]).pop()),
      new RegExp(`says it has ${index.sections.length} sections but holds ${index.sections.length - 1}`),
    );
  });

  it('rejects missing or malformed fields, naming the field', () => {
    assertLoadError(mutate(text, (file) => delete file.hash), /"hash" is missing, expected 16 hex characters/);
    assertLoadError(mutate(text, (file) => delete file.sections), /"sections" is missing, expected an array/);
    assertLoadError(mutate(text, (file) => delete file.terms), /"terms" is missing/);
    assertLoadError(mutate(text, (file) => (file.sectionCount = 'many')), /"sectionCount" is the string "many"/);
    assertLoadError(
      mutate(text, (file) => delete (file.sections as Array<Record<string, unknown>>)[1]!.url),
      /sections\[1\]\.url is missing, expected a string/,
    );
    assertLoadError(
      mutate(text, (file) => ((file.sections as Array<Record<string, unknown>>)[0]!.level = 7)),
      /sections\[0\]\.level is number 7, expected a whole number from 1 to 6/,
    );
    assertLoadError(
      mutate(text, (file) => ((file.sections as Array<Record<string, unknown>>)[0]!.breadcrumb = 'a › b')),
      /sections\[0\]\.breadcrumb is the string "a › b", expected an array of strings/,
    );
    assertLoadError(mutate(text, (file) => (file.terms = { index: 'nope' })), /the "terms" part is malformed \(documentCount is not a whole number\)/);
    assertLoadError(
      mutate(text, (file) => ((file.terms as { postings: number[][] }).postings[0] = [0, 5, 1])),
      /the "terms" part is malformed \(the postings of ".*" are malformed\)/,
    );
  });

  it('rejects sections changed after the build (hash mismatch), unless told not to check', () => {
    const edited = mutate(text, (file) => ((file.sections as Array<Record<string, unknown>>)[0]!.text = 'edited'));
    assertLoadError(edited, /do not match the content hash .* changed after it was built/);
    assert.equal(loadIndex(edited, { verifyHash: false }).sections[0]?.text, 'edited');
  });
});

describe('buildIndexAsync', () => {
  it('builds the same index as buildIndex, hash and ranking included, in chunks', async () => {
    const { buildIndex, buildIndexAsync, search } = await import('../src/index.js');
    const sections = Array.from({ length: 450 }, (_, n) => ({
      id: `/page-${n % 90}#s${n}`,
      url: `/page-${n % 90}#s${n}`,
      pageUrl: `/page-${n % 90}`,
      pageTitle: `Page ${n % 90} — ünïcode 🚀`,
      heading: `Heading ${n}`,
      level: 2 as const,
      breadcrumb: [`Page ${n % 90}`, `Heading ${n}`],
      text: `Section ${n} explains ${['webhooks', 'retries', 'rate limits', 'tokens'][n % 4]} in detail, part ${n}.`,
      description: `About page ${n % 90}.`,
    }));
    const whole = buildIndex(sections);
    const chunked = await buildIndexAsync(sections, 64);
    assert.equal(chunked.hash, whole.hash);
    for (const query of ['webhooks', 'rate limits part 12', 'tokens 🚀']) {
      assert.deepEqual(search(chunked, query).map((page) => page.pageUrl), search(whole, query).map((page) => page.pageUrl), query);
    }
  });
});
