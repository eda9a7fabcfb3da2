// The two generated reference pages, checked without a build:
// - customization/layout.mdx: <AttributeTable> renders every attribute of @docent/widget/attributes, and the page
//   places one table per attribute group (no hand-written attribute row left).
// - customization/styles.mdx: the docent-style-reference plugin reads every --docent-* property
//   from the widget stylesheet with a light and a dark default, <StyleTable>'s rows cover each property once, and
//   a property without a description (or a description without a property) fails.
// Run: cd website && node --import tsx --test tests/docs/reference.test.ts (npm test runs it with the docs checks).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createElement, type ComponentType } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToString } from 'react-dom/server';
import type { LoadContext } from '@docusaurus/types';
import { ATTRIBUTE_GROUPS, ATTRIBUTES, attributeFor } from '@docent/widget/attributes';
import AttributeTable from '../../src/components/AttributeTable';
import { attributeRows, defaultCell } from '../../src/components/AttributeTable/rows';
import CodeText from '../../src/components/CodeText';
import { breakParts } from '../../src/components/CodeText/breakPoints';
import StyleRowsTable from '../../src/components/StyleTable/StyleRowsTable';
import {
  checkDescriptions,
  parseStyleDefaults,
  STYLE_GROUPS,
  styleTable,
  type StyleProperty,
  type StyleReferenceData,
} from '../../src/components/StyleTable/styleReference';
import docentStyleReference, { widgetStylesheet } from '../../plugins/docent-style-reference';

const WEBSITE = join(__dirname, '..', '..');
const LAYOUT_PAGE = readFileSync(join(WEBSITE, 'docs', 'customization', 'layout.mdx'), 'utf8');
const STYLES_PAGE = readFileSync(join(WEBSITE, 'docs', 'customization', 'styles.mdx'), 'utf8');
const STYLESHEET = widgetStylesheet(WEBSITE);

/** The CSS custom properties the widget documents. */
const DOCUMENTED_PROPERTIES = [
  '--docent-color-primary',
  '--docent-color-primary-contrast',
  '--docent-color-background',
  '--docent-color-surface',
  '--docent-color-text',
  '--docent-color-text-muted',
  '--docent-color-border',
  '--docent-color-highlight',
  '--docent-color-focus',
  '--docent-font-family',
  '--docent-font-family-mono',
  '--docent-font-size',
  '--docent-radius',
  '--docent-shadow',
  '--docent-dialog-width',
  '--docent-dialog-max-height',
  '--docent-z-index',
  '--docent-button-height',
];

/** The visible text of rendered HTML. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Each `<Component group="…" />` of a page, in order. */
function groupsPlaced(page: string, component: string): string[] {
  return [...page.matchAll(new RegExp(`<${component} group="([^"]*)" />`, 'g'))].map((match) => match[1] ?? '');
}

/** Attribute names of the rows in rendered table HTML. */
function renderedAttributes(html: string): string[] {
  return [...html.matchAll(/<tr><td><code>([^<]+)<\/code>/g)].map((match) => match[1] ?? '');
}

/**
 * A page rendered the way the site renders it, minus Docusaurus: its MDX compiled and evaluated, its import line
 * dropped and the component passed in instead (StyleTable's data hook needs the site, so tests pass the table).
 */
async function renderPage(page: string, components: Record<string, ComponentType<{ group: string }>>): Promise<string> {
  const { evaluate } = await import('@mdx-js/mdx');
  const source = page.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/^import .*$/gm, '');
  const { default: Content } = await evaluate(source, { ...runtime, format: 'mdx' });
  return renderToString(createElement(Content, { components }));
}

describe('AttributeTable (customization/layout.mdx)', () => {
  const rendered = new Map(ATTRIBUTE_GROUPS.map((group) => [group, renderToString(createElement(AttributeTable, { group }))]));

  it('renders every attribute of @docent/widget/attributes exactly once, in its own group', () => {
    const all = [...rendered.values()].flatMap(renderedAttributes);
    assert.deepEqual([...all].sort(), ATTRIBUTES.map(({ name }) => name).sort());
    for (const definition of ATTRIBUTES) {
      assert.ok(renderedAttributes(rendered.get(definition.group) ?? '').includes(definition.name), definition.name);
    }
  });

  it('shows each attribute with its prop, allowed values, default and meaning', () => {
    for (const definition of ATTRIBUTES) {
      const html = rendered.get(definition.group) ?? '';
      // Code spans may wrap at <wbr> break points; the names are whole without them.
      const row = (html.slice(html.indexOf(`<tr><td><code>${definition.name}</code>`)).split('</tr>')[0] ?? '').replaceAll('<wbr/>', '');
      const text = textOf(row);
      assert.ok(row.includes(`React prop and plugin option: <code>${definition.prop}</code>`), `${definition.name}: prop`);
      assert.ok(text.includes(definition.description.replaceAll('`', '')), `${definition.name}: description`);
      for (const value of definition.values ?? []) assert.ok(row.includes(`<code>${value}</code>`), `${definition.name}: ${value}`);
      const shown = definition.defaultLabel?.replaceAll('`', '') ?? (typeof definition.default === 'string' ? definition.default : JSON.stringify(definition.default));
      assert.ok(text.includes(shown), `${definition.name}: default ${shown}`);
    }
  });

  it('spells out element-specific defaults when a row has no label for them', () => {
    const unlabeled = { ...attributeFor('defaultTab'), defaultLabel: undefined };
    assert.equal(defaultCell(unlabeled), '`search` on the search button, `ask` on the chat button');
    assert.equal(defaultCell(attributeFor('cleanTitles')), '`false`');
    assert.equal(defaultCell(attributeFor('suggestedQuestions')), '`[]`');
  });

  it('rejects a group the attribute table does not have', () => {
    assert.throws(() => attributeRows('colors'), /unknown group "colors"/);
  });

  it('puts every attribute on the rendered page, under the heading of its group', async () => {
    const html = await renderPage(LAYOUT_PAGE, { AttributeTable });
    assert.deepEqual(renderedAttributes(html).sort(), ATTRIBUTES.map(({ name }) => name).sort());
    const sections = html.split('<h3>');
    for (const definition of ATTRIBUTES) {
      const section = sections.find((part) => part.includes(`<tr><td><code>${definition.name}</code>`)) ?? '';
      assert.ok(section.includes(rendered.get(definition.group) ?? '-'), `${definition.name} is in its group's table`);
    }
  });

  it('is placed once per group on the page, and no hand-written attribute row is left', () => {
    assert.deepEqual(groupsPlaced(LAYOUT_PAGE, 'AttributeTable'), [...ATTRIBUTE_GROUPS]);
    assert.match(LAYOUT_PAGE, /^import AttributeTable from '@site\/src\/components\/AttributeTable';$/m);
    // A row of the old tables: attribute, then its prop (the plugin's own options table names `project` alone).
    const handWritten = ATTRIBUTES.filter(({ name, prop }) => new RegExp(`^\\|\\s*\`${name}\`\\s*\\|\\s*\`${prop}\``, 'm').test(LAYOUT_PAGE));
    assert.deepEqual(handWritten.map(({ name }) => name), []);
  });
});

describe('CodeText', () => {
  it('renders backtick spans as code and refuses an unbalanced backtick', () => {
    assert.equal(renderToString(createElement(CodeText, { text: 'Follows `button-style`.' })), 'Follows <code>button-style</code>.');
    assert.throws(() => renderToString(createElement(CodeText, { text: 'one ` only' })), /Unbalanced backtick/);
  });

  it('lets long names wrap at their break points, so a table of them fits the content column', () => {
    assert.equal(
      renderToString(createElement(CodeText, { text: 'Set `suggestedQuestionsTitle` or `DOCENT_LLM_BASE_URL`.' })),
      'Set <code>suggested<wbr/>Questions<wbr/>Title</code> or <code>DOCENT_<wbr/>LLM_<wbr/>BASE_<wbr/>URL</code>.',
    );
  });
});

describe('breakParts (where code in a table cell may wrap)', () => {
  it('splits after separators, between letters joined by . _ or :, and between camelCase words', () => {
    assert.deepEqual(breakParts('https://docs.example.com/img/assistant.svg'), ['https://', 'docs.', 'example.', 'com/', 'img/', 'assistant.', 'svg']);
    assert.deepEqual(breakParts('settings.widget'), ['settings.', 'widget']);
    assert.deepEqual(breakParts('?q=dark&x=1'), ['?', 'q=', 'dark&', 'x=', '1']);
    assert.deepEqual(breakParts('XMLHttpRequest'), ['XMLHttp', 'Request']);
  });

  it('leaves numbers, short names, spaces and hyphens (browsers wrap there already) alone', () => {
    for (const text of ['0.55', 'x', '', 'a, b', 'button-style', 'mod+k']) assert.deepEqual(breakParts(text), [text]);
  });
});

describe('style reference (customization/styles.mdx)', () => {
  const css = readFileSync(STYLESHEET, 'utf8');
  const properties = parseStyleDefaults(css, 'docent.css');

  it('reads every documented property from docent.css with a light and a dark default', () => {
    assert.deepEqual(properties.map(({ name }) => name).sort(), [...DOCUMENTED_PROPERTIES].sort());
    for (const { name, light, dark } of properties) {
      assert.ok(light.length > 0 && !light.includes(';'), `${name} light: ${light}`);
      assert.ok(dark.length > 0 && !dark.includes(';'), `${name} dark: ${dark}`);
    }
    const byName = new Map(properties.map((property) => [property.name, property]));
    assert.deepEqual(byName.get('--docent-color-primary'), { name: '--docent-color-primary', light: '#2f5bd3', dark: '#8fb0ff' });
    assert.equal(byName.get('--docent-shadow')?.light, '0 12px 32px rgba(15, 23, 42, 0.18)');
  });

  it('the plugin publishes the same properties as global data', async () => {
    const plugin = docentStyleReference({ siteDir: WEBSITE } as LoadContext);
    const content = (await plugin.loadContent?.()) as StyleReferenceData;
    assert.deepEqual(content.properties, properties);
    let published: unknown;
    const actions = { setGlobalData: (data: unknown) => (published = data) };
    await plugin.contentLoaded?.({ content, actions } as unknown as Parameters<NonNullable<typeof plugin.contentLoaded>>[0]);
    assert.deepEqual(published, { properties });
    assert.deepEqual(plugin.getPathsToWatch?.(), [STYLESHEET]);
  });

  it('renders each property once, in one group, with both defaults', () => {
    const html = STYLE_GROUPS.map(({ id }) => renderToString(createElement(StyleRowsTable, styleTable(properties, id)))).join('');
    assert.deepEqual(renderedAttributes(html).sort(), [...DOCUMENTED_PROPERTIES].sort());
    const text = textOf(html);
    for (const { light, dark } of properties) {
      assert.ok(text.includes(light), light);
      assert.ok(light === dark || text.includes(dark), dark);
    }
    assert.ok(text.includes('same as light'));
  });

  it('fails on a property without a description, and on a description without a property', () => {
    const added: StyleProperty[] = [...properties, { name: '--docent-gap', light: '1rem', dark: '1rem' }];
    assert.throws(() => checkDescriptions(added), /docent\.css defines --docent-gap but the Styles page has no description/);
    assert.throws(() => styleTable(added, 'colors'), /--docent-gap/);
    const removed = properties.filter(({ name }) => name !== '--docent-z-index');
    assert.throws(() => checkDescriptions(removed), /describes --docent-z-index, which docent\.css no longer defines/);
  });

  it('fails on a stylesheet it cannot read in full', () => {
    const renamed = css.replace('--_docent-radius: var(--docent-radius, 8px);', '--_docent-radius: var(--docent-corner, 8px);');
    assert.throws(() => parseStyleDefaults(renamed), /cannot read the default "--_docent-radius: var\(--docent-corner, 8px\);"/);
    const dark = css.indexOf("[data-docent-scheme='dark'] {");
    const darkMissing = css.slice(0, dark) + css.slice(dark).replace('--_docent-z-index: var(--docent-z-index, 1000);', '');
    assert.throws(() => parseStyleDefaults(darkMissing), /--docent-z-index has no dark default/);
    const readElsewhere = `${css}\n.docent-extra { gap: var(--docent-gap, 1rem); }\n`;
    assert.throws(() => parseStyleDefaults(readElsewhere), /--docent-gap is read outside the default blocks/);
    assert.throws(() => parseStyleDefaults('.docent-root { color: red; }'), /expected one rule for \[data-docent-scheme='light'\]/);
  });

  it('puts every property on the rendered page', async () => {
    const StyleTable = ({ group }: { group: string }) => createElement(StyleRowsTable, styleTable(properties, group));
    const html = await renderPage(STYLES_PAGE, { StyleTable });
    assert.deepEqual(renderedAttributes(html).sort(), [...DOCUMENTED_PROPERTIES].sort());
  });

  it('is placed once per group on the page, and no hand-written property row is left', () => {
    assert.deepEqual(groupsPlaced(STYLES_PAGE, 'StyleTable'), STYLE_GROUPS.map(({ id }) => id));
    assert.match(STYLES_PAGE, /^import StyleTable from '@site\/src\/components\/StyleTable';$/m);
    assert.doesNotMatch(STYLES_PAGE, /^\|\s*`--docent-/m);
  });
});
