import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

const withoutComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '');
const css = withoutComments(readFileSync(new URL('../src/styles/docent.css', import.meta.url), 'utf8'));
const dialogCss = withoutComments(readFileSync(new URL('../src/styles/docent-dialog.css', import.meta.url), 'utf8'));
const feedbackCss = withoutComments(readFileSync(new URL('../src/styles/docent-feedback.css', import.meta.url), 'utf8'));
const chatCss = withoutComments(readFileSync(new URL('../src/styles/docent-chat.css', import.meta.url), 'utf8'));

/** `--docent-x` → default, read from the `var(--docent-x, default)` declarations of one defaults block. */
function defaults(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  assert.ok(start !== -1, `block ${selector}`);
  const block = css.slice(start, css.indexOf('}', start));
  const values = new Map<string, string>();
  for (const match of block.matchAll(/--_docent-([a-z-]+):\s*var\(--docent-\1,\s*(.+)\);/g)) values.set(`--docent-${match[1]}`, match[2] ?? '');
  return values;
}

const LIGHT = defaults("[data-docent-scheme='light']");
const DARK = defaults("[data-docent-scheme='dark']");

// The table of website/docs/customization/styles.mdx: name, light default, dark default.
const EXPECTED: Array<[string, string, string]> = [
  ['--docent-color-primary', '#2f5bd3', '#8fb0ff'],
  ['--docent-color-primary-contrast', '#ffffff', '#0b1020'],
  ['--docent-color-background', '#ffffff', '#16181d'],
  ['--docent-color-surface', '#f5f6f8', '#22252b'],
  ['--docent-color-text', '#1c1e21', '#e3e5e8'],
  ['--docent-color-text-muted', '#5c6370', '#a0a6b0'],
  ['--docent-color-border', '#d9dce1', '#3a3f47'],
  ['--docent-color-highlight', '#fff3b0', '#5c4b00'],
  ['--docent-color-focus', '#2f5bd3', '#8fb0ff'],
  ['--docent-font-family', 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', 'same'],
  ['--docent-font-family-mono', 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace', 'same'],
  ['--docent-font-size', '0.9375rem', 'same'],
  ['--docent-radius', '8px', 'same'],
  ['--docent-shadow', '0 12px 32px rgba(15, 23, 42, 0.18)', '0 12px 32px rgba(0, 0, 0, 0.6)'],
  ['--docent-dialog-width', '42rem', 'same'],
  ['--docent-dialog-max-height', '80vh', 'same'],
  ['--docent-z-index', '1000', 'same'],
  ['--docent-button-height', '2.25rem', 'same'],
];

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

describe('docent.css', () => {
  test('defines every --docent-* property with the documented light and dark defaults', () => {
    assert.deepEqual([...LIGHT.keys()].sort(), EXPECTED.map(([name]) => name).sort());
    assert.deepEqual([...DARK.keys()].sort(), EXPECTED.map(([name]) => name).sort());
    for (const [name, light, dark] of EXPECTED) {
      assert.equal(LIGHT.get(name), light, `${name} light`);
      assert.equal(DARK.get(name), dark === 'same' ? light : dark, `${name} dark`);
    }
  });

  test('never declares a --docent-* property itself (a site value always wins)', () => {
    for (const sheet of [css, chatCss, dialogCss, feedbackCss]) assert.doesNotMatch(sheet, /(^|[\s;{])--docent-[a-z-]+\s*:/m);
    assert.doesNotMatch(chatCss, /--docent-/, 'the chat sheet reads only the private values docent.css defines');
    assert.doesNotMatch(dialogCss, /--docent-/, 'the dialog sheet reads only the private values docent.css defines');
    assert.doesNotMatch(feedbackCss, /--docent-/, 'the feedback sheet reads only the private values docent.css defines');
  });

  test('every class is prefixed docent-', () => {
    const classes = [...`${css}\n${chatCss}\n${dialogCss}\n${feedbackCss}`.matchAll(/\.(-?[a-z_][a-z0-9_-]*)/gi)].map((match) => match[1] ?? '');
    const numbers = /^\d/;
    const offenders = classes.filter((name) => !name.startsWith('docent-') && !numbers.test(name));
    assert.deepEqual(offenders, []);
  });

  for (const [scheme, values] of [['light', LIGHT], ['dark', DARK]] as const) {
    test(`${scheme} defaults: text pairs reach 4.5:1`, () => {
      const color = (name: string): string => values.get(`--docent-color-${name}`) ?? '';
      const pairs: Array<[string, string]> = [
        ['text', 'background'],
        ['text', 'surface'],
        ['text', 'highlight'],
        ['text-muted', 'background'],
        ['text-muted', 'surface'],
        ['primary', 'background'],
        ['primary', 'surface'],
        ['primary-contrast', 'primary'],
      ];
      for (const [foreground, background] of pairs) {
        const ratio = contrast(color(foreground), color(background));
        assert.ok(ratio >= 4.5, `${foreground} on ${background}: ${ratio.toFixed(2)}`);
      }
      assert.ok(contrast(color('focus'), color('background')) >= 3, 'focus ring is visible');
    });
  }

  test('has visible focus styles and honors prefers-reduced-motion', () => {
    assert.match(css, /:focus-visible\s*{\s*outline: 2px solid var\(--_docent-color-focus\)/);
    for (const sheet of [css, chatCss, dialogCss, feedbackCss]) assert.match(sheet, /@media \(prefers-reduced-motion: reduce\)/);
  });

  test('the chat, dialog and feedback sheets read every private value they use from docent.css', () => {
    const defined = new Set(LIGHT.keys());
    for (const sheet of [chatCss, dialogCss, feedbackCss]) {
      for (const match of sheet.matchAll(/var\(--_docent-([a-z-]+)\)/g)) assert.ok(defined.has(`--docent-${match[1]}`), match[0]);
    }
  });

  test('docent.css, which every page with the search button loads, holds no chat button, panel or dialog rules', () => {
    for (const selector of ['.docent-launcher', '.docent-panel', '.docent-dialog', '.docent-key-hints', ':host(docent-chat-button)']) {
      assert.ok(!css.includes(selector), selector);
    }
    assert.match(chatCss, /:host\(docent-chat-button\)/);
    assert.match(chatCss, /\.docent-launcher \{/);
    assert.match(chatCss, /\.docent-panel-mount \{/);
    for (const sheet of [dialogCss, feedbackCss]) assert.match(sheet, /\.docent-visually-hidden \{/);
  });
});
