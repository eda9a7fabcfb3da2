/**
 * An index in parts gives the same results as the whole file, loads only the parts a query reads, and names the
 * part and the fix when one is missing, changed or from another build.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answer, answerAsync, contentHash, IndexLoadError, loadIndex, search, searchAsync, splitIndex } from '../src/index.js';
import { indexDirectory } from '../src/node/index.js';
import { fixtureIndex } from './helpers.js';

const QUERIES = ['webhooks', 'dark mod', 'retried', 'acme.config.json', 'install the package', 'drak', 'troubleshooting support'];
const QUESTIONS = ['How often are webhooks retried?', 'How do I install the widget?', 'What is the capital of France?'];

async function splitFixture() {
  const whole = await fixtureIndex();
  // Small parts, so that the fixture site has many.
  const split = splitIndex(whole, { postingsPerPart: 200, sectionsPerPart: 2 });
  const files = new Map(split.parts.map((part) => [part.path, part.content]));
  const fetched: string[] = [];
  const fetchPart = async (path: string) => {
    fetched.push(path);
    const content = files.get(path);
    if (content === undefined) throw new Error('HTTP 404');
    return content;
  };
  return { whole, split, files, fetched, fetchPart };
}

describe('an index in parts', () => {
  it('writes a manifest and parts under a folder named after the index hash', async () => {
    const { whole, split } = await splitFixture();
    const manifest = JSON.parse(split.manifest) as Record<string, unknown>;
    assert.equal(manifest.layout, 'parts');
    assert.equal(manifest.hash, whole.hash);
    assert.equal(manifest.sectionCount, whole.sections.length);
    assert.ok(split.parts.length >= 2);
    assert.ok(split.parts.every((part) => part.path.startsWith(`docent-index-${whole.hash}/`)));
    assert.ok(!split.manifest.includes(whole.sections[1]!.text), 'no section text in the manifest');
  });

  it('searches and answers exactly as the whole index does, loading only what each query reads', async () => {
    const { whole, split, fetched, fetchPart } = await splitFixture();
    const parts = loadIndex(split.manifest, { fetchPart });
    for (const query of QUERIES) assert.deepEqual(await searchAsync(parts, query, { limit: 10 }), search(whole, query, { limit: 10 }), query);
    for (const question of QUESTIONS) assert.deepEqual(await answerAsync(parts, question), answer(whole, question), question);
    assert.ok(fetched.length <= split.parts.length, 'each part is fetched at most once');
    assert.equal(new Set(fetched).size, fetched.length);

    const fresh = loadIndex(split.manifest, { fetchPart });
    fetched.length = 0;
    await searchAsync(fresh, 'webhooks');
    assert.ok(fetched.length < split.parts.length, `one query loads some parts, not all (${fetched.length} of ${split.parts.length})`);
  });

  it('answers on a fresh index when one page has more matching sections than the answer ranks', async () => {
    // A reference page of many entries, as Sphinx writes them: the search shows its opening section, whose URL is the
    // page's own, and the question matches more of its sections than the 40 the answer reads first.
    const dir = mkdtempSync(join(tmpdir(), 'docent-parts-'));
    try {
      const entries = Array.from({ length: 60 }, (_, entry) => `<h2 id="entry-${entry}">Entry ${entry}</h2><p>The objects of entry ${entry} have a list with links.</p>`);
      writeFileSync(join(dir, 'index.html'), `<title>Paginator</title><main><h1>Paginator</h1><p>Paginate a list of objects with next and previous links.</p>${entries.join('')}</main>`);
      const whole = await indexDirectory(dir);
      const split = splitIndex(whole, { sectionsPerPart: 4 });
      const files = new Map(split.parts.map((part) => [part.path, part.content]));
      const question = 'paginate a list of objects with next/previous links';
      const fresh = loadIndex(split.manifest, { fetchPart: async (path) => files.get(path)! });
      assert.deepEqual(await answerAsync(fresh, question), answer(whole, question));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ranks a "Next steps" section the same before and after its heading is loaded', async () => {
    // Headings travel with the text parts: the search counts pointer sections half only once it has read their
    // text, so the search that loads the parts and a search on what it loaded agree.
    const dir = mkdtempSync(join(tmpdir(), 'docent-parts-'));
    try {
      const page = (title: string, body: string) => `<title>${title}</title><main><h1>${title}</h1>${body}</main>`;
      writeFileSync(join(dir, 'quickstart.html'), page('Quickstart', '<h2 id="install">Install</h2><p>Run the installer.</p><h2 id="next-steps">Next steps</h2><p>Answers in Slack: connect a Slack workspace, and answers go to a Slack channel.</p>'));
      writeFileSync(join(dir, 'chat-apps.html'), page('Chat apps', '<h2 id="set-up">Set up</h2><p>Answers can go to a Slack workspace that you pick on the settings page.</p>'));
      for (let n = 0; n < 12; n++) writeFileSync(join(dir, `other-${n}.html`), page(`Other ${n}`, `<h2 id="overview">Overview</h2><p>Page number ${n} explains the dashboard.</p>`));
      const whole = await indexDirectory(dir);
      const split = splitIndex(whole, { postingsPerPart: 50, sectionsPerPart: 1 });
      const files = new Map(split.parts.map((part) => [part.path, part.content]));
      const fresh = loadIndex(split.manifest, { fetchPart: async (path) => files.get(path)! });
      const query = 'connect a slack workspace';
      const expected = search(whole, query, { limit: 10 });
      assert.deepEqual(expected.map((hit) => hit.pageUrl).slice(0, 2), ['/chat-apps', '/quickstart']);
      assert.deepEqual(await searchAsync(fresh, query, { limit: 10 }), expected);
      assert.deepEqual(search(fresh, query, { limit: 10 }), expected, 'a search on what searchAsync loaded');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says to use searchAsync when a sync search needs a part that is not loaded', async () => {
    const { split, fetchPart } = await splitFixture();
    const parts = loadIndex(split.manifest, { fetchPart });
    assert.throws(() => search(parts, 'webhooks'), /not loaded: use searchAsync or answerAsync/);
  });

  it('gives the same results after a sync search stopped at a part that was not loaded', async () => {
    const { whole, split, fetchPart } = await splitFixture();
    const parts = loadIndex(split.manifest, { fetchPart });
    await searchAsync(parts, 'webhooks');
    // "webhooks" is loaded and scored before "install", whose part is not: the search stops halfway.
    assert.throws(() => search(parts, 'webhooks install'), /not loaded: use searchAsync or answerAsync/);
    for (const query of ['webhooks', 'webhooks install']) assert.deepEqual(await searchAsync(parts, query), search(whole, query));
  });

  it('names the part and the fix when a part is missing, changed or from another build', async () => {
    const { split, files } = await splitFixture();
    const missing = loadIndex(split.manifest, { fetchPart: async (path) => (path.includes('/terms-') ? Promise.reject(new Error('HTTP 404')) : files.get(path)!) });
    await assert.rejects(searchAsync(missing, 'webhooks'), (error: unknown) => {
      assert.ok(error instanceof IndexLoadError);
      assert.match(error.message, /the part docent-index-[0-9a-f]{16}\/terms-\d+\.json could not be loaded \(HTTP 404\)\. Deploy the folder docent-index-[0-9a-f]{16} beside the index file/);
      return true;
    });
    const changed = loadIndex(split.manifest, { fetchPart: async (path) => files.get(path)!.replace('"index"', '"index" ') });
    await assert.rejects(searchAsync(changed, 'webhooks'), /does not match the hash the index gives it: it comes from another build or was changed/);
    assert.throws(() => loadIndex(split.manifest), /comes in parts, and the caller gave no way to fetch them/);
  });

  it('rejects a part whose sections are malformed, naming the part and the field', async () => {
    const { split, files } = await splitFixture();
    const manifest = JSON.parse(split.manifest) as { text: { parts: Array<{ path: string; hash: string }> } };
    const ref = manifest.text.parts[0]!;
    const part = JSON.parse(files.get(ref.path)!) as { sections: unknown[][] };
    part.sections[0]![3] = 7;
    const content = JSON.stringify(part);
    ref.hash = contentHash(content);
    const index = loadIndex(JSON.stringify(manifest), { fetchPart: async (path) => (path === ref.path ? content : files.get(path)!) });
    await assert.rejects(answerAsync(index, 'How do I install the widget?'), new RegExp(`the part ${ref.path.replace(/[.]/g, '\\.')} is malformed \\(a section has level number 7`));
  });

  it('rejects a manifest whose sections or parts are malformed, naming the field', async () => {
    const { split, fetchPart } = await splitFixture();
    const broken = (change: (manifest: Record<string, unknown>) => void) => {
      const manifest = JSON.parse(split.manifest) as Record<string, unknown>;
      change(manifest);
      return () => loadIndex(JSON.stringify(manifest), { fetchPart });
    };
    assert.throws(broken((manifest) => ((manifest.sections as number[])[0] = 99)), /sections\[0\] names page number 99/);
    assert.throws(broken((manifest) => ((manifest.text as { parts: Array<{ path: string }> }).parts[0]!.path = '../etc/passwd.json')), /"text" is an object, expected the parts/);
  });
});

describe('indexFiles', () => {
  it('keeps a small index in one file and writes a large one in parts', async () => {
    const { indexFiles, serializeIndex } = await import('../src/index.js');
    const whole = await fixtureIndex();
    const small = indexFiles(whole);
    assert.equal(small.layout, 'file');
    assert.deepEqual(small.files, [{ path: '', content: serializeIndex(whole) }]);
    const large = indexFiles(whole, 1000);
    assert.equal(large.layout, 'parts');
    assert.equal(large.files[0]?.path, '');
    assert.equal(JSON.parse(large.files[0]!.content).layout, 'parts');
    assert.ok(large.files.slice(1).every((file) => file.path.startsWith(`docent-index-${whole.hash}/`)));
  });
});
