import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { LoadContext } from '@docusaurus/types';
import pluginDocent from '../src/index';
import { normalizeOptions } from '../src/options';

const STYLESHEET = path.join(__dirname, '..', 'src', 'client', 'siteLook.css');
const WIDGET_STYLESHEET = path.join(path.dirname(require.resolve('@docent/widget/package.json')), 'src', 'styles', 'docent.css');

interface Rule {
  selector: string;
  declarations: Array<[name: string, value: string]>;
}

/** The stylesheet's rules (it has no at-rules and no nesting). */
function rulesOf(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return Array.from(text.matchAll(/([^{}]+)\{([^{}]*)\}/g), ([, selector = '', body = '']) => ({
    selector: selector.replace(/\s+/g, ' ').trim(),
    declarations: body
      .split(';')
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .map((declaration) => {
        const colon = declaration.indexOf(':');
        return [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()] as [string, string];
      }),
  }));
}

/** Whether the whole selector is one `:where(…)`, which has no specificity. */
function isOneWhere(selector: string): boolean {
  if (!selector.startsWith(':where(')) return false;
  let depth = 0;
  for (let at = ':where'.length; at < selector.length; at++) {
    if (selector[at] === '(') depth++;
    else if (selector[at] === ')' && --depth === 0) return at === selector.length - 1;
  }
  return false;
}

describe('the site look stylesheet (the widget takes the Docusaurus site’s colour and fonts)', () => {
  const rules = rulesOf(readFileSync(STYLESHEET, 'utf8'));

  it('is the plugin’s client module, so Docusaurus loads it on every page', () => {
    const context = { baseUrl: '/', siteConfig: {} } as unknown as LoadContext;
    const plugin = pluginDocent(context, normalizeOptions({ project: 'docent-docs' }));
    const modules = plugin.getClientModules?.() ?? [];
    assert.deepEqual(modules.map((file) => path.basename(file)), ['siteLook.css']);
    // From lib/ once built; from src/ under the test runner: the build copies the file (scripts/copy-assets.mjs).
    assert.ok(modules.every((file) => existsSync(file.replace(`${path.sep}lib${path.sep}`, `${path.sep}src${path.sep}`))));
  });

  it('has no specificity, so a --docent-* value the site sets anywhere wins', () => {
    assert.ok(rules.length > 0);
    for (const { selector } of rules) assert.ok(isOneWhere(selector), `"${selector}" must be a single :where(…)`);
  });

  it('maps the widget’s primary colour, its contrast, focus and fonts to Infima’s variables on :root', () => {
    const root = rules.find((rule) => rule.selector === ':where(:root)');
    assert.deepEqual(Object.fromEntries(root?.declarations ?? []), {
      '--docent-color-primary': 'var(--ifm-color-primary)',
      '--docent-color-primary-contrast': 'var(--ifm-font-color-base-inverse)',
      '--docent-color-focus': 'var(--ifm-color-primary)',
      '--docent-font-family': 'var(--ifm-font-family-base)',
      '--docent-font-family-mono': 'var(--ifm-font-family-monospace)',
    });
  });

  it('gives an element whose theme attribute fixes the other scheme the widget’s own colours back', () => {
    const reset = rules.find((rule) => rule.selector.includes("[theme='dark']"));
    assert.ok(reset, 'a rule for theme="dark" on a light page and theme="light" on a dark page');
    for (const element of ['docent-search-button', 'docent-chat-button', 'docent-chat', 'docent-feedback']) {
      assert.ok(reset.selector.includes(`[data-theme='light'] ${element}[theme='dark']`), `${element} with theme="dark" on a light page`);
      assert.ok(reset.selector.includes(`[data-theme='dark'] ${element}[theme='light']`), `${element} with theme="light" on a dark page`);
    }
    const root = rules.find((rule) => rule.selector === ':where(:root)');
    const colors = (root?.declarations ?? []).map(([name]) => name).filter((name) => name.startsWith('--docent-color-'));
    assert.deepEqual(reset.declarations, colors.map((name) => [name, 'initial']));
  });

  it('sets only properties the widget reads', () => {
    const widget = readFileSync(WIDGET_STYLESHEET, 'utf8');
    for (const { declarations } of rules) {
      for (const [name] of declarations) assert.ok(widget.includes(`var(${name},`), `docent.css does not read ${name}`);
    }
  });
});
