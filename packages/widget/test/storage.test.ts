import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { createMemory, fingerprint } from '../src/state/persistence.js';
import { createStorage, resetMemoryStorage, storageKey, type KeyValueStore } from '../src/storage.js';

function mapStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const blocked: KeyValueStore = {
  getItem: () => {
    throw new Error('SecurityError: access denied');
  },
  setItem: () => {
    throw new Error('SecurityError: access denied');
  },
  removeItem: () => {
    throw new Error('SecurityError: access denied');
  },
};

function captureWarnings(): { messages: string[]; restore: () => void } {
  const messages: string[] = [];
  const original = console.warn;
  console.warn = (message: unknown) => void messages.push(String(message));
  return { messages, restore: () => (console.warn = original) };
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

afterEach(() => resetMemoryStorage());

describe('storage', () => {
  test('keys are prefixed docent:<project>:', () => {
    const store = mapStore();
    createStorage('my-project', true, store).write('recent-searches', ['a']);
    assert.deepEqual([...store.data.keys()], ['docent:my-project:recent-searches']);
    assert.equal(storageKey('', 'x'), 'docent:default:x');
  });

  test('values round-trip as JSON and invalid values read as missing', () => {
    const store = mapStore();
    const storage = createStorage('p1', true, store);
    storage.write('recent-searches', ['a', 'b']);
    assert.deepEqual(storage.read('recent-searches', isStrings), ['a', 'b']);
    store.data.set('docent:p1:broken', '{not json');
    store.data.set('docent:p1:wrong', '{"a":1}');
    assert.equal(storage.read('broken', isStrings), undefined);
    assert.equal(storage.read('wrong', isStrings), undefined);
  });

  test('blocked storage falls back to memory with one warning', () => {
    const { messages, restore } = captureWarnings();
    try {
      const storage = createStorage('p2', true, blocked);
      storage.write('recent-searches', ['kept in memory']);
      assert.deepEqual(storage.read('recent-searches', isStrings), ['kept in memory']);
      createStorage('p2', true, blocked).write('conversation', []);
      assert.equal(messages.length, 1);
      assert.match(messages[0] ?? '', /localStorage is not available/);
    } finally {
      restore();
    }
  });

  test('store-history=false keeps history in memory only, shared by the page', () => {
    const store = mapStore();
    const first = createStorage('p3', false, store);
    first.write('recent-searches', ['x']);
    assert.equal(store.data.size, 0);
    assert.deepEqual(createStorage('p3', false, store).read('recent-searches', isStrings), ['x']);
  });
});

describe('what the assistant remembers', () => {
  test('recent searches, the settled conversation and consent follow store-history', () => {
    const store = mapStore();
    const memory = createMemory('docs', true, 'We store nothing.', store);
    assert.deepEqual(memory.load(), { recentSearches: [], conversation: [], consentAccepted: false, searchOnly: false });
    memory.saveRecentSearches(['sitemap']);
    memory.saveConversation([
      { id: 'a-q', role: 'user', text: 'First?' },
      { id: 'a', role: 'assistant', question: 'First?', status: 'done', answer: { answered: true, markdown: 'Yes. [1]', citations: [], closest: [] } },
      { id: 'b-q', role: 'user', text: 'Second?' },
      { id: 'b', role: 'assistant', question: 'Second?', status: 'pending' },
    ]);
    memory.saveConsent();
    const reloaded = createMemory('docs', true, 'We store nothing.', store).load();
    assert.deepEqual(reloaded.recentSearches, ['sitemap']);
    assert.deepEqual(reloaded.conversation.map((message) => message.id), ['a-q', 'a'], 'a pending answer and its question are not kept');
    assert.ok(reloaded.consentAccepted);
    assert.ok(!createMemory('docs', true, 'A new consent text.', store).load().consentAccepted, 'a changed text asks again');
    memory.saveConversation([
      { id: 'c-q', role: 'user', text: 'Third?' },
      { id: 'c', role: 'assistant', question: 'Third?', status: 'done', messageId: 'msg_c', conversationId: 'conv_1', answer: { answered: true, markdown: 'Yes. [1]', citations: [], closest: [] } },
      { id: 'd-q', role: 'user', text: 'Fourth?' },
      { id: 'd', role: 'assistant', question: 'Fourth?', status: 'streaming', partial: 'Half an', conversationId: 'conv_1' },
    ]);
    const connected = createMemory('docs', true, 'We store nothing.', store).load().conversation;
    assert.deepEqual(connected.map((message) => message.id), ['c-q', 'c'], 'an answer still streaming and its question are not kept');
    assert.deepEqual(connected[1], { id: 'c', role: 'assistant', question: 'Third?', status: 'done', messageId: 'msg_c', conversationId: 'conv_1', answer: { answered: true, markdown: 'Yes. [1]', citations: [], closest: [] } }, 'the server’s ids are kept');
    assert.equal(store.data.get('docent:docs:consent'), JSON.stringify(fingerprint('We store nothing.')));
  });

  test('"Search only" is remembered in localStorage even without store-history', () => {
    const store = mapStore();
    createMemory('docs', false, undefined, store).saveSearchOnly(true);
    assert.equal(store.data.get('docent:docs:search-only'), 'true');
    assert.ok(createMemory('docs', false, undefined, store).load().searchOnly);
    assert.ok(createMemory('docs', false, undefined, store).load().consentAccepted, 'no consent text, nothing to accept');
  });

  test('a tampered conversation is ignored', () => {
    const store = mapStore();
    store.data.set('docent:docs:conversation', JSON.stringify([{ id: 1, role: 'assistant' }]));
    assert.deepEqual(createMemory('docs', true, undefined, store).load().conversation, []);
  });
});
