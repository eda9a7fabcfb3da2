/** The Store contract for per-visitor counts: one secret for all, counts that never pass the limit, purging. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Store } from '../../../src/store/types.js';
import { withStore, type StoreHarness } from './fixtures.js';

const WINDOW = '2026-11-26T10:00:00.000Z';

export function visitContract<S extends Store>(harness: StoreHarness<S>): void {
  describe('visits', () => {
    it('keeps one visitor secret, made on first use', async () => {
      await withStore(harness, async (store) => {
        const [first, second] = await Promise.all([store.visitorSecret(), store.visitorSecret()]);
        assert.equal(first?.length, 32);
        assert.deepEqual(second, first);
        assert.deepEqual(await store.visitorSecret(), first);
      });
    });

    it('counts a visitor up to the limit and never past it, even when 30 requests arrive at once', async () => {
      await withStore(harness, async (store) => {
        const counts = await Promise.all(Array.from({ length: 30 }, () => store.countVisit('visitor-a', WINDOW, 1, 20)));
        assert.equal(counts.filter((count) => count !== null).length, 20);
        assert.deepEqual(counts.filter((count): count is number => count !== null).sort((a, b) => a - b), Array.from({ length: 20 }, (_, n) => n + 1));
        assert.equal(await store.visitCount('visitor-a', WINDOW), 20);
        assert.equal(await store.countVisit('visitor-a', '2026-11-26T10:01:00.000Z', 1, 20), 1, 'a new window starts at zero');
        assert.equal(await store.countVisit('visitor-b', WINDOW, 25, 20), null, 'a batch larger than the limit is refused whole');
        assert.equal(await store.countVisit('visitor-b', WINDOW, 15, 20), 15);
        assert.equal(await store.countVisit('visitor-b', WINDOW, 10, 20), null, 'a batch that does not fit counts nothing');
        assert.equal(await store.visitCount('visitor-b', WINDOW), 15);
        assert.equal(await store.visitCount('visitor-c', WINDOW), 0);
        await store.purgeVisits('2026-11-26T10:01:00.000Z');
        assert.equal(await store.visitCount('visitor-a', WINDOW), 0, 'purged');
        assert.equal(await store.visitCount('visitor-a', '2026-11-26T10:01:00.000Z'), 1, 'the later window stays');
      });
    });
  });
}
