/** The Store contract for syncs: one running per project, requests, abandoned syncs, and which syncs are due. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Store } from '../../../src/store/types.js';
import { settings, sleep, warm, withStore, type StoreHarness } from './fixtures.js';

export function syncContract<S extends Store>(harness: StoreHarness<S>): void {
  describe('syncs', () => {
    it('runs one sync per project at a time, even when five start at once', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        await store.createProject('beta-docs', settings());
        await warm(store);
        const started = await Promise.all(Array.from({ length: 5 }, () => store.startSync('acme-docs', '2026-11-26T10:00:00.000Z')));
        const running = started.filter((sync) => sync !== null);
        assert.equal(running.length, 1);
        assert.deepEqual({ ...running[0], id: '' }, { id: '', project: 'acme-docs', status: 'running', startedAt: '2026-11-26T10:00:00.000Z', finishedAt: null });
        assert.match(running[0]?.id ?? '', /^sync_[a-z0-9]{10}$/);
        assert.equal(await store.startSync('acme-docs', '2026-11-26T10:01:00.000Z'), null);
        assert.ok(await store.startSync('beta-docs', '2026-11-26T10:01:00.000Z'), 'another project syncs meanwhile');

        await store.finishSync(running[0]?.id ?? '', 'succeeded', '2026-11-26T10:05:00.000Z');
        const next = await store.startSync('acme-docs', '2026-11-26T10:06:00.000Z');
        assert.ok(next, 'a finished sync frees the project');
        await store.finishSync(next.id, 'failed', '2026-11-26T10:07:00.000Z');
        assert.ok(await store.startSync('acme-docs', '2026-11-26T10:08:00.000Z'), 'so does a failed one');
      });
    });

    it('fails the syncs whose process stopped renewing them, and their syncing sources; renewed ones stay', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        await store.createProject('beta-docs', settings());
        const syncing = await store.addSource('acme-docs', { type: 'url', url: 'https://acme.test/docs/' }, false);
        const ready = await store.addSource('acme-docs', { type: 'url', url: 'https://acme.test/blog/' }, false);
        const alive = await store.addSource('beta-docs', { type: 'url', url: 'https://beta.test/docs/' }, false);
        await store.setSourceStatus(syncing.id, 'syncing', null);
        await store.setSourceStatus(ready.id, 'ready', null);
        await store.setSourceStatus(alive.id, 'syncing', null);
        await store.startSync('acme-docs', '2026-11-26T10:00:00.000Z');
        const renewed = await store.startSync('beta-docs', '2026-11-26T10:00:00.000Z');
        assert.ok(renewed);
        await store.renewSync(renewed.id, '2026-11-26T10:59:50.000Z');
        // Stale: not renewed since 10:59:30. Only acme's sync is; beta's server renewed it at 10:59:50.
        assert.equal(await store.failAbandonedSyncs('2026-11-26T11:00:00.000Z', '2026-11-26T10:59:30.000Z'), 1);
        const failed = await store.getSource('acme-docs', syncing.id);
        assert.equal(failed?.status, 'failed');
        assert.match(failed?.error ?? '', /server stopped during the sync/);
        assert.equal((await store.getSource('acme-docs', ready.id))?.status, 'ready');
        assert.equal((await store.getSource('beta-docs', alive.id))?.status, 'syncing', 'a live sync keeps its sources');
        const due = await store.syncsDue('2026-11-26T11:00:00.000Z');
        assert.deepEqual(due.map((sync) => ({ project: sync.project, sources: [...sync.sources].sort() })), [{ project: 'acme-docs', sources: [syncing.id, ready.id].sort() }], 'the abandoned sync is asked for again');
        assert.equal(await store.startSync('beta-docs', '2026-11-26T11:00:00.000Z'), null, 'the renewed sync still holds its project');
        assert.ok(await store.startSync('acme-docs', '2026-11-26T11:00:00.000Z'));
        // Everything started before noon and never renewed since is stale at noon.
        assert.equal(await store.failAbandonedSyncs('2026-11-26T12:00:00.000Z', '2026-11-26T12:00:00.000Z'), 2);
        assert.equal(await store.failAbandonedSyncs('2026-11-26T12:00:00.000Z', '2026-11-26T12:00:00.000Z'), 0);
        assert.equal((await store.getSource('beta-docs', alive.id))?.status, 'failed');
      });
    });

    it('says which syncs are due: requested, pending, and past their interval', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings({ syncIntervalMs: 86_400_000 }));
        await sleep(3);
        await store.createProject('beta-docs', settings());
        await sleep(3);
        await store.createProject('gamma-docs', settings());
        // A few milliseconds apart, so the order of creation is the order of createdAt.
        const add = async (project: string, url: string, interval?: string) => {
          await sleep(3);
          return store.addSource(project, { type: 'url', url, ...(interval ? { sync_interval: interval } : {}) }, false);
        };
        const pending = await add('acme-docs', 'https://acme.test/1/');
        const daily = await add('acme-docs', 'https://acme.test/2/');
        const hourly = await add('acme-docs', 'https://acme.test/3/', '1h');
        const busy = await add('acme-docs', 'https://acme.test/4/');
        const beta = await add('beta-docs', 'https://beta.test/');
        const synced = { upserts: [], removed: [], status: 'ready' as const, error: null, report: { fetched: 0, added: 0, changed: 0, unchanged: 0, removed: 0, failed: 0, failures: [] }, at: '2026-11-26T10:00:00.000Z' };
        for (const source of [daily, hourly, beta]) await store.applySync(source.id, synced);
        await store.setSourceStatus(busy.id, 'syncing', null);

        // Two hours later: the pending one, and the hourly one; the daily one waits; beta has no interval.
        assert.deepEqual(await store.syncsDue('2026-11-26T12:00:00.000Z'), [{ project: 'acme-docs', sources: [pending.id, hourly.id] }]);
        // A day later the project's own interval has passed too.
        assert.deepEqual(await store.syncsDue('2026-11-27T10:00:00.000Z'), [{ project: 'acme-docs', sources: [pending.id, daily.id, hourly.id] }]);

        // A request covers every source of the project, and a project with none is still due.
        await store.requestSync('beta-docs', '2026-11-26T12:00:00.000Z');
        await store.requestSync('gamma-docs', '2026-11-26T12:00:00.000Z');
        assert.deepEqual(await store.syncsDue('2026-11-26T12:00:00.000Z'), [
          { project: 'acme-docs', sources: [pending.id, hourly.id] },
          { project: 'beta-docs', sources: [beta.id] },
          { project: 'gamma-docs', sources: [] },
        ]);
        // Starting the sync answers the request.
        await store.startSync('beta-docs', '2026-11-26T12:01:00.000Z');
        assert.deepEqual(
          (await store.syncsDue('2026-11-26T12:01:00.000Z')).map((due) => due.project),
          ['acme-docs', 'gamma-docs'],
        );
      });
    });
  });
}
