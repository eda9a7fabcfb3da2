/** Value types the element rows use (small: they ship with the button). */
import type { ValueType } from './model.js';

const LENGTH = /^-?(?:\d+|\d*\.\d+)(?:px|r?em|ex|ch|[dsl]?v[hw]|vmin|vmax|cm|mm|in|pt|pc|%)$/;
const CSS_FUNCTION = /^(?:calc|min|max|clamp)\([0-9a-z%.+\-*/(), ]+\)$/;
const SHORTCUT_KEY = /^(?:[a-z0-9/.,;'\-=[\]\\`]|f(?:[1-9]|1[0-2]))$/;
const MODIFIERS = ['mod', 'ctrl', 'meta', 'alt', 'shift'];

const trimmed = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim() : undefined);

export function isCssLength(value: string): boolean {
  const text = value.trim().toLowerCase();
  if (text === '0' || LENGTH.test(text)) return true;
  if (!CSS_FUNCTION.test(text)) return false;
  let depth = 0;
  for (const character of text) {
    depth += character === '(' ? 1 : character === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
}

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

export const cssLength: ValueType = {
  name: 'css-length',
  check: (value) => {
    const length = trimmed(value);
    return length !== undefined && isCssLength(length) ? { ok: true, value: length } : { ok: false };
  },
  allowed: () => 'a CSS length, such as 32rem, 600px or calc(100vh - 8rem)',
};
