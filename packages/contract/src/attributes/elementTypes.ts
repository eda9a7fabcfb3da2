/** Value types the search button's rows use (small: they ship with the button). `css-length` is in cssLength.ts. */
import type { ValueType } from './model.js';

const SHORTCUT_KEY = /^(?:[a-z0-9/.,;'\-=[\]\\`]|f(?:[1-9]|1[0-2]))$/;
const MODIFIERS = ['mod', 'ctrl', 'meta', 'alt', 'shift'];

export const trimmed = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim() : undefined);

export function isShortcut(value: string): boolean {
  if (value === 'none') return true;
  const parts = value.split('+');
  const key = parts.pop();
  if (key === undefined || !SHORTCUT_KEY.test(key)) return false;
  return parts.every((part) => MODIFIERS.includes(part)) && new Set(parts).size === parts.length;
}

export const enumeration: ValueType = {
  name: 'enum',
  check: (value, definition) => {
    const option = trimmed(value);
    return option !== undefined && definition.values?.includes(option) ? { ok: true, value: option } : { ok: false };
  },
  allowed: (definition) => (definition.values ?? []).join(', '),
};

export const shortcut: ValueType = {
  name: 'shortcut',
  check: (value) => {
    const keys = trimmed(value)?.toLowerCase();
    return keys !== undefined && isShortcut(keys) ? { ok: true, value: keys } : { ok: false };
  },
  allowed: () => 'none, or keys joined by +, such as mod+k or ctrl+shift+k',
};
