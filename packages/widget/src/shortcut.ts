/** Keyboard shortcut parsing and the predicate that decides what a keydown does. Pure: testable without a DOM. */

export interface Shortcut {
  readonly key: string;
  /** The modifiers the shortcut names: `mod` (Ctrl or ⌘, either on every platform), `ctrl`, `meta`, `alt`, `shift`. */
  readonly modifiers: readonly string[];
}

/** Parses `mod+k`, `ctrl+shift+k`…; `none` gives `null`: no shortcut. */
export function parseShortcut(text: string): Shortcut | null {
  const parts = text.trim().toLowerCase().split('+');
  const key = parts.pop();
  return !key || key === 'none' ? null : { key, modifiers: parts };
}

/** The parts of a target this module looks at (an `Element` satisfies it). */
export interface TargetLike {
  readonly tagName?: string;
  readonly isContentEditable?: boolean;
  readonly type?: string;
}

export interface KeyEventLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly isComposing?: boolean;
  readonly defaultPrevented?: boolean;
  composedPath?(): readonly unknown[];
  readonly target?: unknown;
}

const NOT_TEXT = /^(button|checkbox|radio|range|submit|reset|color|file|image)$/i;

/** True when typing into this element produces text: text inputs, textareas, selects, contenteditable. */
export function isEditable(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false;
  const { isContentEditable, tagName = '', type = 'text' } = target as TargetLike;
  const tag = tagName.toUpperCase();
  return isContentEditable === true || tag === 'TEXTAREA' || tag === 'SELECT' || (tag === 'INPUT' && !NOT_TEXT.test(type));
}

/** The element the key was typed into, looking through shadow roots (`composedPath()[0]`). */
export function originalTarget(event: KeyEventLike): unknown {
  return event.composedPath?.()[0] ?? event.target;
}

export function matchesShortcut(event: KeyEventLike, { key, modifiers }: Shortcut): boolean {
  const has = (name: string): boolean => modifiers.includes(name);
  const ctrlOrMeta = has('mod')
    ? (event.ctrlKey || event.metaKey) && (has('ctrl') || has('meta') || !(event.ctrlKey && event.metaKey))
    : event.ctrlKey === has('ctrl') && event.metaKey === has('meta');
  return event.key.toLowerCase() === key && ctrlOrMeta && event.altKey === has('alt') && event.shiftKey === has('shift');
}

export type ShortcutAction = 'toggle' | 'open' | null;

/**
 * What a document-level keydown does. A shortcut with Ctrl, ⌘ or Alt works everywhere (it types nothing);
 * a bare key, including `/`, never fires while focus is in a text field, inside the dialog or not.
 */
export function shortcutAction(event: KeyEventLike, shortcut: Shortcut | null, isOpen: boolean): ShortcutAction {
  if (shortcut === null || event.isComposing || event.defaultPrevented) return null;
  const editable = isEditable(originalTarget(event));
  if (matchesShortcut(event, shortcut)) {
    const typesText = !shortcut.modifiers.some((name) => name !== 'shift');
    return typesText && editable ? null : 'toggle';
  }
  const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
  return event.key === '/' && plain && !isOpen && !editable ? 'open' : null;
}

export function isApplePlatform(): boolean {
  const agent = (globalThis as { navigator?: { platform?: string; userAgent?: string } }).navigator;
  return /Mac|iPhone|iPad|iPod/.test(agent?.platform || agent?.userAgent || '');
}

const LABELS: Record<string, [string, string, string]> = {
  // modifier: [label elsewhere, label on Apple, aria-keyshortcuts name]
  mod: ['Ctrl', '⌘', ''],
  ctrl: ['Ctrl', 'Ctrl', 'Control'],
  meta: ['Meta', '⌘', 'Meta'],
  alt: ['Alt', '⌥', 'Alt'],
  shift: ['Shift', '⇧', 'Shift'],
};

/** The keys shown on the button: `Ctrl K`, `⌘ K`, `Ctrl Shift K`… */
export function shortcutHint({ key, modifiers }: Shortcut, apple: boolean): string[] {
  return [...modifiers.map((name) => LABELS[name]?.[apple ? 1 : 0] ?? name), key.toUpperCase()];
}

/** `aria-keyshortcuts`: `mod+k` is `Control+K Meta+K`. */
export function ariaKeyShortcuts({ key, modifiers }: Shortcut): string {
  const keys = (first: string): string =>
    [...modifiers.map((name) => (name === 'mod' ? first : LABELS[name]?.[2] ?? name)), key.toUpperCase()].join('+');
  return modifiers.includes('mod') ? `${keys('Control')} ${keys('Meta')}` : keys('');
}
