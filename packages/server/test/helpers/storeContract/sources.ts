/** The Store contract for sources, their files and documents, and the content versions their changes bump. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SourceInput } from '../../../src/sources/types.js';
import { ConflictError, type Store } from '../../../src/store/types.js';
import { documentAt, file, ISO, report, settings, sleep, warm, withStore, type StoreHarness } from './fixtures.js';

const DOCS: SourceInput = { type: 'url', url: 'https://acme.test/docs/', include_subpages: true };

export function sourceContract<S extends Store>(harness: StoreHarness<S>): void {
  describe('sources', () => {
    it('adds sources, refuses a fetched duplicate, keeps uploads apart, and bumps the content version', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        await store.createProject('beta-docs', settings());
        const version = async (): Promise<number> => (await store.contentVersions()).get('acme-docs') ?? -1;
        assert.equal(await version(), 0);
        const added = await store.addSource('acme-docs', { ...DOCS, sync_interval: '6h' }, false, { credentials: 'sealed-token' });
        assert.match(added.id, /^src_[a-z0-9]{10}$/);
        assert.deepEqual({ ...added, id: '', createdAt: '' }, {
          id: '',
          project: 'acme-docs',
          type: 'url',
          config: { url: 'https://acme.test/docs/', include_subpages: true, max_depth: 3 },
          declared: false,
          syncIntervalMs: 21_600_000,
          status: 'pending',
          error: null,
          documentCount: 0,
          report: null,
          createdAt: '',
          lastSyncedAt: null,
        });
        assert.match(added.createdAt, ISO);
        assert.equal(await version(), 1);
        assert.equal(await store.sourceCredentials(added.id), 'sealed-token');
        assert.equal(await store.sourceCredentials('src_none'), null);
        await assert.rejects(store.addSource('acme-docs', DOCS, false), (error: Error) => error instanceof ConflictError && error.message.includes(added.id));
        await store.addSource('beta-docs', DOCS, false);

        const files = [file('b.md', '# B'), file('a.pdf', '%PDF', 'application/pdf')];
        const first = await store.addSource('acme-docs', { type: 'file' }, false, { files });
        const second = await store.addSource('acme-docs', { type: 'file' }, false, { files });
        assert.notEqual(first.id, second.id, 'each upload is a source of its own');
        assert.deepEqual(first.config, { files: [{ name: 'b.md', size: 3, content_type: 'text/markdown' }, { name: 'a.pdf', size: 4, content_type: 'application/pdf' }] });
        const stored = await store.sourceFiles(first.id);
        assert.deepEqual(stored.map((one) => [one.name, one.contentType, one.bytes.toString()]), [['b.md', 'text/markdown', '# B'], ['a.pdf', 'application/pdf', '%PDF']], 'upload order');
        assert.ok(Buffer.isBuffer(stored[0]?.bytes));
        assert.equal((await store.sourceFile('acme-docs', first.id, 'a.pdf'))?.bytes.toString(), '%PDF');
        assert.equal(await store.sourceFile('beta-docs', first.id, 'a.pdf'), null, 'another project’s source');
        assert.equal(await store.sourceFile('acme-docs', first.id, 'c.md'), null);
        assert.equal(await version(), 3);

        assert.equal((await store.getSource('acme-docs', first.id))?.type, 'file');
        assert.equal(await store.getSource('beta-docs', first.id), null);
        await store.setSourceStatus(first.id, 'failed', 'the PDF is encrypted');
        assert.deepEqual([(await store.getSource('acme-docs', first.id))?.status, (await store.getSource('acme-docs', first.id))?.error], ['failed', 'the PDF is encrypted']);

        assert.equal(await store.deleteSource('beta-docs', first.id), false, 'only the project’s own');
        assert.equal(await store.deleteSource('acme-docs', first.id), true);
        assert.equal(await store.deleteSource('acme-docs', first.id), false);
        assert.deepEqual(await store.sourceFiles(first.id), [], 'its files go with it');
        assert.equal(await version(), 4);
        await assert.rejects(store.addSource('none-docs', DOCS, false), 'a source needs its project');
      });
    });

    it('adds one of five identical sources added at once', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        await warm(store);
        const results = await Promise.allSettled(Array.from({ length: 5 }, () => store.addSource('acme-docs', DOCS, false)));
        assert.equal(results.filter((result) => result.status === 'fulfilled').length, 1);
        assert.ok(results.every((result) => result.status === 'fulfilled' || result.reason instanceof ConflictError));
        assert.equal((await store.listSources('acme-docs', 10)).length, 1);
      });
    });

    it('lets the source writes of one project race without waiting on each other in a circle', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        await warm(store);
        for (let round = 0; round < 5; round++) {
          await store.replaceDeclaredSources('acme-docs', [{ input: DOCS, extras: {} }]);
          const declared = (await store.listSources('acme-docs', 100)).find((source) => source.declared);
          assert.ok(declared);
          const sync = { upserts: [documentAt(`https://acme.test/docs/${round}`)], removed: ['https://acme.test/docs/old'], status: 'ready' as const, error: null, report: report(), at: '2026-11-26T10:00:00.000Z' };
          await Promise.all([
            store.deleteSource('acme-docs', declared.id),
            store.applySync(declared.id, sync),
            store.replaceDeclaredSources('acme-docs', []),
            store.setSourceStatus(declared.id, 'syncing', null),
            store.addSource('acme-docs', { type: 'url', url: `https://acme.test/${round}/` }, false),
          ]);
          assert.equal(await store.getSource('acme-docs', declared.id), null);
          assert.deepEqual(await store.storedDocuments(declared.id), []);
        }
        assert.equal((await store.listSources('acme-docs', 100)).length, 5);
      });
    });

    it('pages through sources oldest first with a cursor', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        const ids: string[] = [];
        for (let n = 0; n < 7; n++) {
          ids.push((await store.addSource('acme-docs', { type: 'url', url: `https://acme.test/${n}/` }, false)).id);
          // Two by two in the same millisecond at times: the id breaks the tie.
          if (n % 2 === 1) await sleep(3);
        }
        const seen: string[] = [];
        let page = await store.listSources('acme-docs', 3);
        while (page.length > 0) {
          assert.ok(page.length <= 3);
          seen.push(...page.map((source) => source.id));
          const last = page[page.length - 1];
          page = last ? await store.listSources('acme-docs', 3, { createdAt: last.createdAt, id: last.id }) : [];
        }
        const all = await store.listSources('acme-docs', 100);
        assert.deepEqual(seen, all.map((source) => source.id), 'every source once, in order');
        assert.deepEqual([...seen].sort(), [...ids].sort());
        const keys = all.map((source) => `${source.createdAt} ${source.id}`);
        assert.deepEqual(keys, [...keys].sort(), 'ordered by createdAt, then id');
        assert.deepEqual(await store.listSources('beta-docs', 10), []);
      });
    });

    it('replaces the declared sources: same ones keep their documents, changed uploads wait for a sync', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        const manual = await store.addSource('acme-docs', { type: 'url', url: 'https://acme.test/blog/' }, false);
        const github: SourceInput = { type: 'github', repository: 'acme/docs', token: 'x' };
        await store.replaceDeclaredSources('acme-docs', [
          { input: DOCS, extras: {} },
          { input: github, extras: { credentials: 'sealed-1' } },
          { input: { type: 'file' }, extras: { files: [file('guide.md', '# Guide v1')] } },
        ]);
        const before = await store.listSources('acme-docs', 10);
        const byType = (type: string, list = before) => list.find((source) => source.type === type && source.declared);
        const docs = byType('url');
        const upload = byType('file');
        assert.ok(docs && upload && byType('github'));
        await store.applySync(docs.id, { upserts: [documentAt('https://acme.test/docs/a')], removed: [], status: 'ready', error: null, report: report({ added: 1 }), at: '2026-11-26T10:00:00.000Z' });
        await store.applySync(upload.id, { upserts: [documentAt('upload://guide.md')], removed: [], status: 'ready', error: null, report: report(), at: '2026-11-26T10:00:00.000Z' });
        const versionBefore = (await store.contentVersions()).get('acme-docs') ?? 0;

        await store.replaceDeclaredSources('acme-docs', [
          { input: { ...DOCS, sync_interval: '1h' }, extras: { credentials: 'sealed-2' } },
          { input: { type: 'file' }, extras: { files: [file('guide.md', '# Guide v2, longer')] } },
        ]);
        const after = await store.listSources('acme-docs', 10);
        assert.deepEqual(after.map((source) => source.id).sort(), [manual.id, docs.id, upload.id].sort(), 'github is gone, the manual source stays');
        const docsAfter = byType('url', after);
        assert.equal(docsAfter?.syncIntervalMs, 3_600_000);
        assert.equal(docsAfter?.status, 'ready');
        assert.equal(await store.sourceCredentials(docs.id), 'sealed-2');
        assert.deepEqual(await store.storedDocuments(docs.id), [{ url: 'https://acme.test/docs/a', contentHash: 'hash-https://acme.test/docs/a' }]);
        const uploadAfter = byType('file', after);
        assert.equal(uploadAfter?.status, 'pending');
        assert.deepEqual(uploadAfter?.config, { files: [{ name: 'guide.md', size: 18, content_type: 'text/markdown' }] });
        assert.equal((await store.sourceFiles(upload.id))[0]?.bytes.toString(), '# Guide v2, longer');
        assert.equal((await store.storedDocuments(upload.id)).length, 1, 'kept until the sync re-indexes the file');
        assert.equal((await store.contentVersions()).get('acme-docs'), versionBefore + 1, 'one removed source');

        // The same declarations again change nothing.
        await store.setSourceStatus(upload.id, 'ready', null);
        await store.replaceDeclaredSources('acme-docs', [
          { input: { ...DOCS, sync_interval: '1h' }, extras: { credentials: 'sealed-2' } },
          { input: { type: 'file' }, extras: { files: [file('guide.md', '# Guide v2, longer')] } },
        ]);
        assert.equal((await store.getSource('acme-docs', upload.id))?.status, 'ready');
        assert.equal((await store.contentVersions()).get('acme-docs'), versionBefore + 1);
      });
    });
  });

  describe('documents', () => {
    it('writes a sync in batches, bumps the content version once, and serves pages and sections', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        const docs = await store.addSource('acme-docs', DOCS, false);
        await sleep(5);
        const blog = await store.addSource('acme-docs', { type: 'url', url: 'https://acme.test/blog/' }, false);
        const version = async (): Promise<number> => (await store.contentVersions()).get('acme-docs') ?? -1;
        const start = await version();
        // 250 documents: three batches of the store's 100.
        const upserts = Array.from({ length: 250 }, (_, n) => documentAt(`https://acme.test/docs/${String(n).padStart(3, '0')}`));
        await store.applySync(docs.id, { upserts, removed: [], status: 'ready', error: null, report: report({ fetched: 250, added: 250 }), at: '2026-11-26T10:00:00.000Z' });
        assert.equal(await version(), start + 1, 'one bump for every batch');
        const synced = await store.getSource('acme-docs', docs.id);
        assert.deepEqual([synced?.status, synced?.documentCount, synced?.lastSyncedAt, synced?.report?.added], ['ready', 250, '2026-11-26T10:00:00.000Z', 250]);
        assert.equal((await store.storedDocuments(docs.id)).length, 250);

        await store.applySync(blog.id, { upserts: [documentAt('https://acme.test/blog/a'), documentAt('https://acme.test/docs/000', 'Blog copy')], removed: [], status: 'ready', error: null, report: report(), at: '2026-11-26T10:00:00.000Z' });
        // Changed, removed and unchanged documents.
        await store.applySync(docs.id, {
          upserts: [documentAt('https://acme.test/docs/001', 'New title', 'new-hash')],
          removed: ['https://acme.test/docs/002', 'https://acme.test/docs/003', 'https://acme.test/docs/none'],
          status: 'failed',
          error: 'two pages failed',
          report: report({ changed: 1, removed: 2, failed: 2 }),
          at: '2026-11-27T10:00:00.000Z',
        });
        const after = await store.getSource('acme-docs', docs.id);
        assert.deepEqual([after?.status, after?.error, after?.documentCount, after?.lastSyncedAt], ['failed', 'two pages failed', 248, '2026-11-27T10:00:00.000Z']);
        const stored = new Map((await store.storedDocuments(docs.id)).map((document) => [document.url, document.contentHash]));
        assert.equal(stored.get('https://acme.test/docs/001'), 'new-hash');
        assert.equal(stored.has('https://acme.test/docs/002'), false);

        const page = await store.documentPage('acme-docs', 'https://acme.test/docs/001');
        assert.equal(page?.title, 'New title');
        assert.ok(Buffer.isBuffer(page?.page));
        assert.equal(page?.page.toString(), '<h1>New title</h1>');
        assert.equal((await store.documentPage('acme-docs', 'https://acme.test/docs/000'))?.title, 'Title of https://acme.test/docs/000', 'the oldest source’s copy');
        assert.equal(await store.documentPage('beta-docs', 'https://acme.test/docs/001'), null);
        assert.equal(await store.documentPage('acme-docs', 'https://acme.test/docs/002'), null);

        const sections = await store.sourceSections('acme-docs');
        assert.equal(sections.length, 248 + 2);
        // The oldest source's documents first, each source's by URL.
        assert.equal(sections[0]?.url, 'https://acme.test/docs/000');
        assert.equal(sections[1]?.heading, 'New title');
        assert.deepEqual(sections.slice(-2).map((one) => one.heading), ['Title of https://acme.test/blog/a', 'Blog copy']);
        assert.deepEqual(await store.sourceSections('beta-docs'), []);

        // Nothing new: the status changes, the content version does not.
        const steady = await version();
        await store.applySync(blog.id, { upserts: [], removed: [], status: 'ready', error: null, report: report({ unchanged: 2 }), at: '2026-11-28T10:00:00.000Z' });
        assert.equal(await version(), steady);
        assert.equal((await store.getSource('acme-docs', blog.id))?.lastSyncedAt, '2026-11-28T10:00:00.000Z');

        // A source deleted while it synced: the sync's results are dropped, without an error.
        await store.deleteSource('acme-docs', blog.id);
        await store.applySync(blog.id, { upserts: [documentAt('https://acme.test/blog/b')], removed: [], status: 'ready', error: null, report: report(), at: '2026-11-29T10:00:00.000Z' });
        assert.deepEqual(await store.storedDocuments(blog.id), []);
        assert.equal(await store.documentPage('acme-docs', 'https://acme.test/blog/a'), null, 'its documents went with it');
      });
    });
  });
}
