/** The Store contract for projects, plans, members and API keys. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConflictError, NotFoundError, type Store } from '../../../src/store/types.js';
import { file, ISO, newKey, settings, sleep, warm, withStore, type StoreHarness } from './fixtures.js';

export function accessContract<S extends Store>(harness: StoreHarness<S>): void {
  describe('projects and plans', () => {
    it('creates, reads, updates and lists projects, ids in byte order', async () => {
      await withStore(harness, async (store) => {
        const created = await store.createProject('ab-docs', settings({ prompt: { kind: 'instructions', text: 'Be brief.' }, retentionDays: 30, syncIntervalMs: 3_600_000, limits: { plan: 'team' } }));
        assert.equal(created.id, 'ab-docs');
        assert.equal(created.public, true);
        assert.deepEqual(created.allowedOrigins, ['https://acme.test']);
        assert.deepEqual(created.prompt, { kind: 'instructions', text: 'Be brief.' });
        assert.equal(created.retentionDays, 30);
        assert.equal(created.syncIntervalMs, 3_600_000);
        assert.deepEqual(created.limits, { plan: 'team' });
        assert.match(created.createdAt, ISO);
        assert.equal(created.updatedAt, created.createdAt);
        assert.deepEqual(await store.getProject('ab-docs'), created);
        await assert.rejects(store.createProject('ab-docs', settings()), ConflictError);

        await sleep(5);
        const updated = await store.updateProject('ab-docs', settings({ name: 'Renamed', public: false, allowedOrigins: [], widget: { placeholder: 'Ask' } }));
        assert.equal(updated.name, 'Renamed');
        assert.equal(updated.public, false);
        assert.deepEqual(updated.widget, { placeholder: 'Ask' });
        assert.equal(updated.prompt, undefined, 'settings are replaced, not merged');
        assert.equal(updated.retentionDays, undefined);
        assert.equal(updated.createdAt, created.createdAt);
        assert.ok(updated.updatedAt > created.updatedAt, 'updatedAt moves on');
        await assert.rejects(store.updateProject('nope-docs', settings()), NotFoundError);
        assert.equal(await store.getProject('nope-docs'), null);

        await store.createProject('abc-docs', settings());
        await store.createProject('ab0-docs', settings());
        // '-' < '0' < 'c' in bytes, whatever the database's locale.
        assert.deepEqual((await store.listProjects()).map((project) => project.id), ['ab-docs', 'ab0-docs', 'abc-docs']);
      });
    });

    it("keeps a project's synonyms, and moves its content version when they change, so servers rebuild its index", async () => {
      await withStore(harness, async (store) => {
        const version = async (): Promise<number> => (await store.contentVersions()).get('ab-docs') ?? -1;
        await store.createProject('ab-docs', settings({ synonyms: [['bot', 'assistant']] }));
        assert.deepEqual((await store.getProject('ab-docs'))?.synonyms, [['bot', 'assistant']]);
        const start = await version();
        await store.updateProject('ab-docs', settings({ name: 'Renamed', synonyms: [['bot', 'assistant']] }));
        assert.equal(await version(), start, 'the same groups: nothing to rebuild');
        await store.updateProject('ab-docs', settings({ synonyms: [['bot', 'assistant'], ['stats', 'analytics']] }));
        assert.equal(await version(), start + 1);
        await store.applyProjects([{ id: 'ab-docs', ...settings(), sources: [] }], {});
        assert.equal(await version(), start + 2, 'groups removed by the file');
        assert.equal((await store.getProject('ab-docs'))?.synonyms, undefined);
      });
    });

    it('applies declared projects and plans in one transaction', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings({ name: 'Old name' }));
        await store.applyProjects(
          [
            { id: 'acme-docs', ...settings({ name: 'Acme' }), sources: [{ input: { type: 'url', url: 'https://acme.test/docs/' }, extras: {} }] },
            { id: 'beta-docs', ...settings({ name: 'Beta', public: false }), sources: [{ input: { type: 'file' }, extras: { files: [file('a.md', '# A')] } }] },
          ],
          { team: { monthlyMessages: 500 }, free: { monthlyMessages: 50 } },
        );
        assert.equal((await store.getProject('acme-docs'))?.name, 'Acme');
        assert.equal((await store.getProject('beta-docs'))?.public, false);
        assert.deepEqual(await store.getPlan('team'), { monthlyMessages: 500 });
        const [declared] = await store.listSources('acme-docs', 10);
        assert.equal(declared?.declared, true);
        assert.deepEqual(declared?.config, { url: 'https://acme.test/docs/', include_subpages: false, max_depth: 3 });
        const [upload] = await store.listSources('beta-docs', 10);
        assert.deepEqual((await store.sourceFiles(upload?.id ?? '')).map((stored) => stored.bytes.toString()), ['# A']);

        // Plans are replaced; a declaration that cannot be stored rolls everything back.
        const unstorable = { monthlyMessages: 1n as unknown as number };
        await assert.rejects(
          store.applyProjects(
            [
              { id: 'acme-docs', ...settings({ name: 'Changed' }), sources: [] },
              { id: 'gamma-docs', ...settings({ limits: unstorable }), sources: [] },
            ],
            { free: { monthlyMessages: 10 } },
          ),
        );
        assert.equal((await store.getProject('acme-docs'))?.name, 'Acme');
        assert.equal((await store.listSources('acme-docs', 10)).length, 1);
        assert.equal(await store.getProject('gamma-docs'), null);
        assert.deepEqual(await store.getPlan('team'), { monthlyMessages: 500 });

        await store.applyProjects([], { free: { monthlyMessages: 10 } });
        assert.equal(await store.getPlan('team'), null);
        assert.deepEqual(await store.getPlan('free'), { monthlyMessages: 10 });
        assert.equal(await store.getPlan('none'), null);
        assert.equal((await store.listProjects()).length, 2, 'applying no projects deletes none');
      });
    });
  });

  describe('members', () => {
    it('adds, lists, changes and removes members, keeping an owner', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        const owner = await store.addMember({ project: 'acme-docs', email: 'b@example.com', role: 'owner' }, newKey('dk_owner00001', 'acme-docs', { memberEmail: 'b@example.com', scopes: [] }));
        assert.deepEqual({ ...owner, createdAt: '' }, { project: 'acme-docs', email: 'b@example.com', role: 'owner', createdAt: '' });
        assert.match(owner.createdAt, ISO);
        await sleep(5);
        await store.addMember({ project: 'acme-docs', email: 'a@example.com', role: 'viewer' }, newKey('dk_viewer0001', 'acme-docs', { memberEmail: 'a@example.com', scopes: [] }));
        await assert.rejects(store.addMember({ project: 'acme-docs', email: 'a@example.com', role: 'admin' }, newKey('dk_viewer0002', 'acme-docs')), ConflictError);
        assert.equal(await store.findKey('dk_viewer0002'), null, 'the refused member’s key is not stored');
        // Oldest first, not by email.
        assert.deepEqual((await store.listMembers('acme-docs')).map((member) => member.email), ['b@example.com', 'a@example.com']);
        assert.equal((await store.getMember('acme-docs', 'a@example.com'))?.role, 'viewer');
        assert.equal(await store.getMember('acme-docs', 'z@example.com'), null);
        assert.equal(await store.getMember('other-docs', 'a@example.com'), null);

        await assert.rejects(store.updateMember('acme-docs', 'b@example.com', 'admin'), /last owner/);
        await assert.rejects(store.removeMember('acme-docs', 'b@example.com'), ConflictError);
        await assert.rejects(store.updateMember('acme-docs', 'z@example.com', 'admin'), NotFoundError);
        await assert.rejects(store.removeMember('acme-docs', 'z@example.com'), NotFoundError);

        const promoted = await store.updateMember('acme-docs', 'a@example.com', 'owner', newKey('dk_viewer0003', 'acme-docs', { memberEmail: 'a@example.com', scopes: [] }));
        assert.equal(promoted.role, 'owner');
        assert.match((await store.findKey('dk_viewer0001'))?.revokedAt ?? '', ISO, 'the old personal key is revoked');
        assert.equal((await store.findKey('dk_viewer0003'))?.memberRole, 'owner');
        await store.updateMember('acme-docs', 'b@example.com', 'editor');
        assert.equal((await store.findKey('dk_owner00001'))?.revokedAt, null, 'no new key: the key stays');
        assert.equal((await store.findKey('dk_owner00001'))?.memberRole, 'editor');

        await store.removeMember('acme-docs', 'b@example.com');
        assert.deepEqual((await store.listMembers('acme-docs')).map((member) => member.email), ['a@example.com']);
        const removedKey = await store.findKey('dk_owner00001');
        assert.match(removedKey?.revokedAt ?? '', ISO);
        assert.equal(removedKey?.memberRole, null, 'a removed member’s key has no role');
      });
    });

    it('lets only one of two owners demoting each other at once succeed', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        await store.addMember({ project: 'acme-docs', email: 'a@example.com', role: 'owner' }, newKey('dk_a000000001', 'acme-docs', { memberEmail: 'a@example.com' }));
        await store.addMember({ project: 'acme-docs', email: 'b@example.com', role: 'owner' }, newKey('dk_b000000001', 'acme-docs', { memberEmail: 'b@example.com' }));
        await warm(store);
        const results = await Promise.allSettled([store.updateMember('acme-docs', 'a@example.com', 'viewer'), store.removeMember('acme-docs', 'b@example.com')]);
        assert.equal(results.filter((result) => result.status === 'fulfilled').length, 1);
        const refused = results.find((result) => result.status === 'rejected');
        assert.ok(refused?.status === 'rejected' && refused.reason instanceof ConflictError);
        assert.equal((await store.listMembers('acme-docs')).filter((member) => member.role === 'owner').length, 1);
      });
    });

    it('rolls back the member when its key cannot be stored', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        const key = newKey('dk_aaaaaaaaaa', 'acme-docs', { memberEmail: 'a@example.com', scopes: [] });
        await store.addMember({ project: 'acme-docs', email: 'a@example.com', role: 'owner' }, key);
        // The same key prefix again: the insert of the key fails after the member's row, and both roll back.
        await assert.rejects(store.addMember({ project: 'acme-docs', email: 'b@example.com', role: 'viewer' }, { ...key, memberEmail: 'b@example.com' }));
        assert.deepEqual((await store.listMembers('acme-docs')).map((member) => member.email), ['a@example.com']);
        await assert.rejects(store.removeMember('acme-docs', 'a@example.com'), /last owner/);
        assert.equal((await store.listMembers('acme-docs')).length, 1);
      });
    });
  });

  describe('API keys', () => {
    it('creates, finds, lists, touches and revokes keys', async () => {
      await withStore(harness, async (store) => {
        await store.createProject('acme-docs', settings());
        await store.createProject('beta-docs', settings());
        const created = await store.createKey(newKey('dk_machine001', 'acme-docs', { scopes: ['search', 'chat'], expiresAt: '2099-01-01T00:00:00.000Z' }));
        assert.deepEqual({ ...created, createdAt: '' }, {
          prefix: 'dk_machine001',
          project: 'acme-docs',
          name: 'key dk_machine001',
          scopes: ['search', 'chat'],
          memberEmail: null,
          createdAt: '',
          lastUsedAt: null,
          expiresAt: '2099-01-01T00:00:00.000Z',
          revokedAt: null,
        });
        assert.match(created.createdAt, ISO);
        await sleep(5);
        await store.createKey(newKey('dk_machine000', 'acme-docs'));
        await store.createKey(newKey('dk_machine002', 'beta-docs'));
        await assert.rejects(store.createKey(newKey('dk_machine001', 'acme-docs')), 'a prefix is unique');
        assert.deepEqual((await store.listKeys('acme-docs')).map((key) => key.prefix), ['dk_machine001', 'dk_machine000'], 'oldest first');

        const found = await store.findKey('dk_machine001');
        assert.equal(found?.hash, 'hash-of-dk_machine001');
        assert.equal(found?.memberRole, null);
        assert.deepEqual(found?.scopes, ['search', 'chat']);
        assert.equal(await store.findKey('dk_unknown000'), null);

        await store.touchKey('dk_machine001', '2026-11-26T10:00:00.000Z');
        assert.equal((await store.findKey('dk_machine001'))?.lastUsedAt, '2026-11-26T10:00:00.000Z');

        const revoked = await store.revokeKey('dk_machine001');
        assert.match(revoked?.revokedAt ?? '', ISO);
        await sleep(5);
        assert.equal((await store.revokeKey('dk_machine001'))?.revokedAt, revoked?.revokedAt, 'revoking again keeps the first time');
        assert.equal(await store.revokeKey('dk_unknown000'), null);
        assert.equal((await store.findKey('dk_machine000'))?.revokedAt, null, 'other keys stay');
      });
    });
  });
}
