import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ariaKeyShortcuts, isEditable, parseShortcut, shortcutAction, shortcutHint, type KeyEventLike } from '../src/shortcut.js';

const MOD_K = parseShortcut('mod+k');

function key(keyName: string, target: unknown = { tagName: 'BODY' }, modifiers: Partial<KeyEventLike> = {}): KeyEventLike {
  return {
    key: keyName,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    // The element the key was typed into, as `composedPath()[0]` gives it from inside a shadow root.
    composedPath: () => [target, { tagName: 'DOCENT-SEARCH-BUTTON' }, { tagName: 'HTML' }],
    target: { tagName: 'DOCENT-SEARCH-BUTTON' },
    ...modifiers,
  };
}

const input = { tagName: 'INPUT', type: 'text' };
const textarea = { tagName: 'TEXTAREA' };
const select = { tagName: 'SELECT' };
const editableDiv = { tagName: 'DIV', isContentEditable: true };
const checkbox = { tagName: 'INPUT', type: 'checkbox' };

describe('shortcut predicate', () => {
  test('Ctrl K and ⌘ K toggle, also from a text field (they type nothing)', () => {
    assert.equal(shortcutAction(key('k', undefined, { ctrlKey: true }), MOD_K, false), 'toggle');
    assert.equal(shortcutAction(key('K', undefined, { metaKey: true }), MOD_K, true), 'toggle');
    assert.equal(shortcutAction(key('k', input, { ctrlKey: true }), MOD_K, true), 'toggle');
  });

  test('plain k never triggers, in a text field or not', () => {
    for (const target of [undefined, input, textarea, editableDiv]) {
      assert.equal(shortcutAction(key('k', target), MOD_K, false), null);
      assert.equal(shortcutAction(key('k', target), MOD_K, true), null);
    }
  });

  test('/ opens only when focus is not in an editable element', () => {
    assert.equal(shortcutAction(key('/'), MOD_K, false), 'open');
    assert.equal(shortcutAction(key('/', checkbox), MOD_K, false), 'open');
    for (const target of [input, textarea, select, editableDiv, { tagName: 'input' }]) {
      assert.equal(shortcutAction(key('/', target), MOD_K, false), null, JSON.stringify(target));
    }
  });

  test('/ inside the dialog input (seen through the shadow root) does nothing', () => {
    // Retargeting makes event.target the host element; composedPath()[0] is the real input.
    const event = key('/', { tagName: 'INPUT', type: 'text' });
    assert.equal(shortcutAction(event, MOD_K, true), null);
    assert.equal(shortcutAction(event, MOD_K, false), null);
  });

  test('/ does not reopen an open dialog, and needs no modifier', () => {
    assert.equal(shortcutAction(key('/'), MOD_K, true), null);
    assert.equal(shortcutAction(key('/', undefined, { ctrlKey: true }), MOD_K, false), null);
  });

  test('shortcut="none" turns shortcuts off; composing text and handled events are ignored', () => {
    assert.equal(parseShortcut('none'), null);
    assert.equal(shortcutAction(key('k', undefined, { ctrlKey: true }), null, false), null);
    assert.equal(shortcutAction(key('/'), null, false), null);
    assert.equal(shortcutAction(key('k', undefined, { ctrlKey: true, isComposing: true }), MOD_K, false), null);
    assert.equal(shortcutAction(key('/', undefined, { defaultPrevented: true }), MOD_K, false), null);
  });

  test('other modifiers must match exactly', () => {
    assert.equal(shortcutAction(key('k', undefined, { ctrlKey: true, shiftKey: true }), MOD_K, false), null);
    const custom = parseShortcut('ctrl+shift+f');
    assert.equal(shortcutAction(key('F', undefined, { ctrlKey: true, shiftKey: true }), custom, false), 'toggle');
    assert.equal(shortcutAction(key('f', undefined, { ctrlKey: true }), custom, false), null);
  });

  test('a bare-key shortcut is ignored in text fields', () => {
    const bare = parseShortcut('s');
    assert.equal(shortcutAction(key('s'), bare, false), 'toggle');
    assert.equal(shortcutAction(key('s', input), bare, false), null);
  });

  test('isEditable', () => {
    assert.ok(isEditable(input) && isEditable(textarea) && isEditable(select) && isEditable(editableDiv));
    assert.ok(!isEditable(checkbox) && !isEditable({ tagName: 'BUTTON' }) && !isEditable(null) && !isEditable('x'));
  });

  test('the hint and aria-keyshortcuts', () => {
    assert.deepEqual(shortcutHint(MOD_K!, false), ['Ctrl', 'K']);
    assert.deepEqual(shortcutHint(MOD_K!, true), ['⌘', 'K']);
    assert.equal(ariaKeyShortcuts(MOD_K!), 'Control+K Meta+K');
    assert.equal(ariaKeyShortcuts(parseShortcut('ctrl+shift+f')!), 'Control+Shift+F');
  });
});
