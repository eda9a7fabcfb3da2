/** The Store contract for what readers write: the message quota, conversations, feedback, events, analytics, purge. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StorageQuotaError, type DailyAllowance, type FeedbackRow, type Store } from '../../../src/store/types.js';
import { EPOCH, instant, sleep, storedAnswer, warm, withStore, type StoreHarness } from './fixtures.js';

const MONTH = '2026-11-01T00:00:00.000Z';

function feedbackRow(id: string, overrides: Partial<FeedbackRow> = {}): FeedbackRow {
  return { id, project: 'acme-docs', targetType: 'page', url: '/docs/intro', messageId: null, rating: 'up', comment: null, ...overrides };
}

/** What one feedback row costs the allowance: 64 bytes and the UTF-8 bytes of its values (see storedBytes). */
function feedbackCost(row: FeedbackRow): number {
  return 64 + [row.url, row.messageId, row.comment, row.rating, row.targetType].reduce((sum, value) => sum + (value === null ? 0 : Buffer.byteLength(value)), 0);
}

export function readerContract<S extends Store>(harness: StoreHarness<S>): void {
  describe('the monthly message quota', () => {
    it('hands out exactly the quota to 20 concurrent reservations, and counts stored, released and stale ones', async () => {
      await withStore(harness, async (store) => {
        const now = new Date().toISOString();
        const reserve = (at = now, staleBefore = EPOCH): Promise<string | null> => store.reserveMessage('acme-docs', MONTH, 5, at, staleBefore);
        await warm(store);
        const ids = (await Promise.all(Array.from({ length: 20 }, () => reserve()))).filter((id): id is string => id !== null);
        assert.equal(ids.length, 5);
        assert.equal(new Set(ids).size, 5);
        assert.equal(await reserve(), null);
        assert.equal(await store.reserveMessage('beta-docs', MONTH, 5, now, EPOCH) !== null, true, 'each project has its own quota');

        await store.releaseReservation(ids[0] ?? '');
        const again = await reserve();
        assert.ok(again, 'a released reservation is free again');
        // A stored answer takes its reservation's place: still 5 used.
        await store.saveAnswer('acme-docs', storedAnswer('conv_1', 'msg_1', { newConversation: true }), ids[1]);
        assert.equal(await store.messagesSince('acme-docs', MONTH), 1);
        assert.equal(await reserve(), null);
        // Messages of an earlier month do not count.
        assert.equal(await store.reserveMessage('acme-docs', '2099-01-01T00:00:00.000Z', 5, now, EPOCH) !== null, true);
      });
    });

    it('frees reservations older than staleBefore, and never passes the quota with answers stored meanwhile', async () => {
      await withStore(harness, async (store) => {
        const old = '2026-11-02T00:00:00.000Z';
        for (let n = 0; n < 3; n++) assert.ok(await store.reserveMessage('acme-docs', MONTH, 3, old, EPOCH));
        assert.equal(await store.reserveMessage('acme-docs', MONTH, 3, old, EPOCH), null);
        const later = '2026-11-02T00:10:00.000Z';
        assert.ok(await store.reserveMessage('acme-docs', MONTH, 3, later, '2026-11-02T00:05:00.000Z'), 'the three stale ones no longer count');

        // Answers stored while reservations race: reservations and messages together stay within the quota.
        const quota = 6;
        await warm(store);
        const taken: string[] = [];
        await Promise.all(
          Array.from({ length: 12 }, async (_, n) => {
            const id = await store.reserveMessage('gamma-docs', MONTH, quota, new Date().toISOString(), EPOCH);
            if (id) {
              taken.push(id);
              if (n % 2 === 0) await store.saveAnswer('gamma-docs', storedAnswer(`conv_g${n}`, `msg_g${n}`, { newConversation: true }), id);
            }
          }),
        );
        assert.equal(taken.length, quota);
        assert.equal(await store.reserveMessage('gamma-docs', MONTH, quota, new Date().toISOString(), EPOCH), null);
      });
    });
  });

  describe('conversations', () => {
    it('stores answers, finds them by project, and returns the recent turns oldest first', async () => {
      await withStore(harness, async (store) => {
        await store.saveAnswer('acme-docs', storedAnswer('conv_1', 'msg_1', { newConversation: true, question: 'first?', answer: 'one' }));
        await sleep(5);
        await store.saveAnswer('acme-docs', storedAnswer('conv_1', 'msg_2', { question: 'second?', answer: 'two' }));
        await sleep(5);
        await store.saveAnswer('acme-docs', storedAnswer('conv_1', 'msg_3', { question: 'third?', answer: 'three' }));
        assert.deepEqual(await store.recentTurns('conv_1', 2), [
          { question: 'second?', answer: 'two' },
          { question: 'third?', answer: 'three' },
        ]);
        assert.equal((await store.recentTurns('conv_1', 10)).length, 3);
        assert.deepEqual(await store.recentTurns('conv_none', 10), []);
        assert.equal(await store.conversationExists('acme-docs', 'conv_1'), true);
        assert.equal(await store.conversationExists('beta-docs', 'conv_1'), false, 'another project’s conversation');
        assert.equal(await store.conversationExists('acme-docs', 'conv_2'), false);
        assert.equal(await store.answerExists('acme-docs', 'msg_2'), true);
        assert.equal(await store.answerExists('beta-docs', 'msg_2'), false);
        assert.equal(await store.answerExists('acme-docs', 'msg_9'), false);
        assert.equal(await store.messagesSince('acme-docs', EPOCH), 3);
        assert.equal(await store.messagesSince('beta-docs', EPOCH), 0);
        assert.equal(await store.messagesSince('acme-docs', '2099-01-01T00:00:00.000Z'), 0);

        // A message id taken: the new conversation of the same call rolls back with it.
        await assert.rejects(store.saveAnswer('acme-docs', storedAnswer('conv_2', 'msg_1', { newConversation: true })));
        assert.equal(await store.conversationExists('acme-docs', 'conv_2'), false);
        // A reply to a conversation that does not exist is refused.
        await assert.rejects(store.saveAnswer('acme-docs', storedAnswer('conv_none', 'msg_4')));
      });
    });
  });

  describe('feedback, events and the daily storage allowance', () => {
    it('stores within the allowance, refuses past it without storing anything, and counts each day apart', async () => {
      await withStore(harness, async (store) => {
        const row = feedbackRow('fb_0');
        const cost = feedbackCost(row);
        const allowance: DailyAllowance = { day: '2026-11-26', bytes: cost * 5 };
        await warm(store);
        // 20 at once against room for 5: exactly 5 stored.
        const results = await Promise.allSettled(Array.from({ length: 20 }, (_, n) => store.saveFeedback(feedbackRow(`fb_${n}`), allowance)));
        assert.equal(results.filter((result) => result.status === 'fulfilled').length, 5);
        assert.ok(results.every((result) => result.status === 'fulfilled' || result.reason instanceof StorageQuotaError));
        assert.deepEqual((await store.analytics('acme-docs', EPOCH, 10)).feedback, { up: 5, down: 0 });

        const events = [{ type: 'page_view', url: '/docs/a', occurredAt: '2026-11-26T10:00:00.000Z', properties: null }];
        await assert.rejects(store.saveEvents('acme-docs', events, allowance), StorageQuotaError);
        assert.equal((await store.analytics('acme-docs', EPOCH, 10)).pageViews, 0, 'a refused batch stores nothing');
        // A new day, a new allowance; another project has its own.
        await store.saveEvents('acme-docs', [...events, ...events], { day: '2026-11-27', bytes: 1000 });
        await store.saveFeedback(feedbackRow('fb_other', { project: 'beta-docs' }), allowance);
        assert.equal((await store.analytics('acme-docs', EPOCH, 10)).pageViews, 2);
        // A batch past the allowance is refused whole, even when part of it would fit.
        await assert.rejects(store.saveEvents('acme-docs', Array.from({ length: 10 }, () => events[0] as (typeof events)[0]), { day: '2026-11-27', bytes: 1000 }), StorageQuotaError);
        assert.equal((await store.analytics('acme-docs', EPOCH, 10)).pageViews, 2);
        await assert.rejects(store.saveFeedback(feedbackRow('fb_big', { comment: 'x'.repeat(2000) }), { day: '2026-11-28', bytes: 1000 }), StorageQuotaError);
      });
    });
  });

  describe('analytics', () => {
    it('counts questions, searches, page views and feedback, and ranks pages, queries and unanswered questions', async () => {
      await withStore(harness, async (store) => {
        const allowance: DailyAllowance = { day: '2026-11-26', bytes: 1_000_000 };
        // Two answers a model wrote (statements checked and dropped), two extractive ones.
        await store.saveAnswer('acme-docs', storedAnswer('conv_1', 'msg_1', { newConversation: true, question: 'How do I theme it?', statements: { checked: 4, dropped: 1 } }));
        await store.saveAnswer('acme-docs', storedAnswer('conv_1', 'msg_2', { question: 'Does it do SSO?', answered: false, statements: { checked: 2, dropped: 2 } }));
        await store.saveAnswer('acme-docs', storedAnswer('conv_1', 'msg_3', { question: 'does it do sso?', answered: false }));
        await store.saveAnswer('acme-docs', storedAnswer('conv_1', 'msg_4', { question: 'Pricing?', answered: false }));
        await store.saveAnswer('beta-docs', storedAnswer('conv_b', 'msg_b', { newConversation: true, answered: false, statements: { checked: 9, dropped: 9 } }));
        const event = (type: string, url: string, properties: Record<string, unknown> | null = null) => ({ type, url, occurredAt: '2026-11-26T10:00:00.000Z', properties });
        await store.saveEvents(
          'acme-docs',
          [
            event('page_view', '/docs/b'),
            event('page_view', '/docs/a'),
            event('page_view', '/docs/b'),
            event('page_view', '/docs/B'),
            event('search', '/docs/a', { query: 'Dark Mode' }),
            event('search', '/docs/a', { query: 'dark mode' }),
            event('search', '/docs/a', { query: 'install' }),
            event('search', '/docs/a', { other: true }),
          ],
          allowance,
        );
        await harness.legacySearch(store, 'acme-docs', 'Install');
        await harness.legacySearch(store, 'beta-docs', 'install');
        await store.saveFeedback(feedbackRow('fb_1', { url: '/docs/a', rating: 'down', comment: 'Outdated' }), allowance);
        await sleep(5);
        await store.saveFeedback(feedbackRow('fb_2', { url: '/docs/a', rating: 'up' }), allowance);
        await store.saveFeedback(feedbackRow('fb_3', { url: '/docs/b', rating: 'up' }), allowance);
        await store.saveFeedback(feedbackRow('fb_4', { targetType: 'answer', url: null, messageId: 'msg_1', rating: 'down' }), allowance);
        await store.saveFeedback(feedbackRow('fb_5', { targetType: 'answer', url: null, messageId: 'msg_1', rating: 'down' }), allowance);
        await store.saveFeedback(feedbackRow('fb_6', { targetType: 'answer', url: null, messageId: 'msg_2', rating: 'down' }), allowance);
        await store.saveFeedback(feedbackRow('fb_7', { targetType: 'answer', url: null, messageId: 'msg_2', rating: 'up' }), allowance);
        await store.saveFeedback(feedbackRow('fb_8', { targetType: 'answer', url: null, messageId: 'msg_4', rating: 'up' }), allowance);
        await sleep(5);
        await store.saveFeedback(feedbackRow('fb_9', { url: '/docs/b', rating: 'up', comment: 'Great page' }), allowance);

        const report = await store.analytics('acme-docs', EPOCH, 10);
        const { unansweredQuestions, ...rest } = report;
        assert.deepEqual(rest, {
          questions: 4,
          answered: 1,
          searches: 4,
          pageViews: 4,
          feedback: { up: 5, down: 4 },
          answerFeedback: { up: 2, down: 3 },
          pagesRated: [
            { label: '/docs/a', up: 1, down: 1 },
            { label: '/docs/b', up: 2, down: 0 },
          ],
          answersRatedDown: [
            { label: 'How do I theme it?', up: 0, down: 2 },
            { label: 'Does it do SSO?', up: 1, down: 1 },
          ],
          // Byte order: '/docs/B' before '/docs/a'.
          topPages: [
            { label: '/docs/b', count: 2 },
            { label: '/docs/B', count: 1 },
            { label: '/docs/a', count: 1 },
          ],
          topQueries: [
            { label: 'dark mode', count: 2 },
            { label: 'install', count: 2 },
          ],
          modelAnswers: { answers: 2, checked: 6, dropped: 3 },
          comments: [
            { url: '/docs/b', rating: 'up', comment: 'Great page' },
            { url: '/docs/a', rating: 'down', comment: 'Outdated' },
          ],
        });
        // Questions are grouped without regard to case; which spelling labels the group is the store's choice.
        assert.deepEqual(
          unansweredQuestions.map((row) => ({ label: row.label.toLowerCase(), count: row.count })),
          [
            { label: 'does it do sso?', count: 2 },
            { label: 'pricing?', count: 1 },
          ],
        );
        const top1 = await store.analytics('acme-docs', EPOCH, 1);
        assert.equal(top1.topPages.length, 1);
        assert.equal(top1.unansweredQuestions.length, 2, 'unanswered questions show twice `top`');
        const later = await store.analytics('acme-docs', '2099-01-01T00:00:00.000Z', 10);
        assert.deepEqual([later.questions, later.answered, later.searches, later.pageViews, later.feedback, later.topPages], [0, 0, 0, 0, { up: 0, down: 0 }, []]);
      });
    });
  });

  describe('purge', () => {
    it('deletes events, searches and conversations older than the cut, keeping feedback unlinked', async () => {
      await withStore(harness, async (store) => {
        const allowance: DailyAllowance = { day: '2026-11-26', bytes: 1_000_000 };
        const view = { type: 'page_view', url: '/docs/a', occurredAt: '2026-11-26T10:00:00.000Z', properties: null };
        await store.saveEvents('acme-docs', [view, view], allowance);
        await store.saveEvents('beta-docs', [view], allowance);
        await harness.legacySearch(store, 'acme-docs', 'old query');
        await store.saveAnswer('acme-docs', storedAnswer('conv_old', 'msg_old', { newConversation: true }));
        await store.saveAnswer('acme-docs', storedAnswer('conv_live', 'msg_live1', { newConversation: true }));
        await store.saveFeedback(feedbackRow('fb_old', { targetType: 'answer', url: null, messageId: 'msg_old', rating: 'down', comment: 'Wrong' }), allowance);
        const cut = await instant();
        await store.saveEvents('acme-docs', [view], allowance);
        // A conversation with a message after the cut stays whole.
        await store.saveAnswer('acme-docs', storedAnswer('conv_live', 'msg_live2'));

        assert.deepEqual(await store.purge('acme-docs', cut), { events: 2, searches: 1, conversations: 1 });
        assert.equal(await store.conversationExists('acme-docs', 'conv_old'), false);
        assert.equal(await store.answerExists('acme-docs', 'msg_old'), false);
        assert.equal(await store.conversationExists('acme-docs', 'conv_live'), true);
        assert.equal((await store.recentTurns('conv_live', 10)).length, 2);
        const report = await store.analytics('acme-docs', EPOCH, 10);
        assert.equal(report.pageViews, 1);
        assert.equal(report.searches, 0);
        assert.deepEqual(report.answerFeedback, { up: 0, down: 1 }, 'the feedback stays');
        assert.deepEqual(report.answersRatedDown, [], 'but no longer points at a message');
        assert.deepEqual(report.comments, [{ url: null, rating: 'down', comment: 'Wrong' }]);
        assert.equal((await store.analytics('beta-docs', EPOCH, 10)).pageViews, 1, 'another project is untouched');
        assert.deepEqual(await store.purge('acme-docs', cut), { events: 0, searches: 0, conversations: 0 });
      });
    });

    it('forgets the storage used on days before the cut', async () => {
      await withStore(harness, async (store) => {
        const view = { type: 'page_view', url: '/docs/a', occurredAt: '2000-01-05T10:00:00.000Z', properties: null };
        const day = { day: '2000-01-05', bytes: 200 };
        await store.saveEvents('acme-docs', [view], day);
        await assert.rejects(store.saveEvents('acme-docs', [view], day), StorageQuotaError);
        await store.purge('acme-docs', '2000-01-06T00:00:00.000Z');
        await store.saveEvents('acme-docs', [view], day);
      });
    });
  });
}
