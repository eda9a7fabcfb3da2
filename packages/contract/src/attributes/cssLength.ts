/** The `css-length` value type (`embedded-height`): it ships with `<docent-chat>`, not with the buttons. */
import { trimmed } from './elementTypes.js';
import type { ValueType } from './model.js';

const LENGTH = /^-?(?:\d+|\d*\.\d+)(?:px|r?em|ex|ch|[dsl]?v[hw]|vmin|vmax|cm|mm|in|pt|pc|%)$/;
const CSS_FUNCTION = /^(?:calc|min|max|clamp)\([0-9a-z%.+\-*/(), ]+\)$/;

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

export const cssLength: ValueType = {
  name: 'css-length',
  check: (value) => {
    const length = trimmed(value);
    return length !== undefined && isCssLength(length) ? { ok: true, value: length } : { ok: false };
  },
  allowed: () => 'a CSS length, such as 32rem, 600px or calc(100vh - 8rem)',
};
