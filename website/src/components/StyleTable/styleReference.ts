/**
 * The property reference of customization/styles.mdx, in two pure halves:
 *
 * - `parseStyleDefaults` reads the widget stylesheet (packages/widget/src/styles/docent.css): its light and dark
 *   default blocks declare, one per line, `--_docent-x: var(--docent-x, <default>);`. The local plugin
 *   website/plugins/docent-style-reference.ts runs it in Node and publishes the result as global data.
 * - `styleTable` joins those properties with the descriptions below, which are the only hand-written part.
 *   A property without a description, or a description of a property the stylesheet no longer has, throws: the
 *   plugin calls it in `loadContent`, so either mistake fails the build.
 *
 * No Node and no Docusaurus imports: the browser bundle and the unit tests use this file too.
 */

export interface StyleProperty {
  /** `--docent-color-primary` */
  readonly name: string;
  readonly light: string;
  readonly dark: string;
}

/** What website/plugins/docent-style-reference.ts publishes as global data. */
export interface StyleReferenceData {
  readonly properties: readonly StyleProperty[];
}

export interface StyleGroup {
  readonly id: string;
  /** Header of the description column. */
  readonly column: string;
  /** Property → what it sets. Backticks mark code. */
  readonly descriptions: Readonly<Record<string, string>>;
}

/** The groups of the Styles page, in page order. Each `--docent-*` property of docent.css is in exactly one. */
export const STYLE_GROUPS: readonly StyleGroup[] = [
  {
    id: 'colors',
    column: 'What it colors',
    descriptions: {
      '--docent-color-primary': 'Buttons, links, citation numbers, the active tab',
      '--docent-color-primary-contrast': 'Text and icons on top of the primary color',
      '--docent-color-background': 'Dialog, embedded panel and floating button background',
      '--docent-color-surface': 'Inputs, result rows, answer cards, the search button',
      '--docent-color-text': 'Body text',
      '--docent-color-text-muted': 'Hints, footer text, result paths',
      '--docent-color-border': 'Borders and dividers',
      '--docent-color-highlight': 'Background of the matched words in results',
      '--docent-color-focus': 'Keyboard focus ring',
    },
  },
  {
    id: 'type',
    column: 'What it sets',
    descriptions: {
      '--docent-font-family': 'Font of all text',
      '--docent-font-family-mono': 'Font of code in answers',
      '--docent-font-size': 'Base text size; other sizes scale from it',
    },
  },
  {
    id: 'size',
    column: 'What it sets',
    descriptions: {
      '--docent-radius': 'Corner radius of the dialog, panels and cards (button corners follow `button-style`)',
      '--docent-shadow': 'Shadow of the dialog and the floating button',
      '--docent-dialog-width': 'Width of the dialog',
      '--docent-dialog-max-height': 'Maximum height of the dialog',
      '--docent-z-index': 'Stacking level of the floating button (the dialog opens in the top layer, above every page element)',
      '--docent-button-height': 'Height of the search button and the floating button',
    },
  },
];

const LIGHT_SELECTOR = "[data-docent-scheme='light']";
const DARK_SELECTOR = "[data-docent-scheme='dark']";
/** One default declaration: the private name must be the public name with `--_` for `--`. */
const DECLARATION = /^--_docent-([a-z0-9-]+)\s*:\s*var\(\s*--docent-([a-z0-9-]+)\s*,\s*(.+?)\s*\)\s*;?$/;

function balanced(text: string): boolean {
  let depth = 0;
  for (const character of text) {
    depth += character === '(' ? 1 : character === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** The declarations of the one rule whose selector list contains `selector`. */
function block(css: string, selector: string, file: string): string {
  const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].filter((rule) =>
    (rule[1] ?? '').split(',').some((part) => part.trim() === selector),
  );
  if (rules.length !== 1) {
    throw new Error(`${file}: expected one rule for ${selector} (the default values), found ${rules.length}.`);
  }
  return rules[0]?.[2] ?? '';
}

/** `--docent-x` → default, in stylesheet order, from one defaults block. */
function defaults(css: string, selector: string, file: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of block(css, selector, file).split('\n')) {
    const text = line.trim();
    if (!text.startsWith('--_docent-')) continue;
    const match = DECLARATION.exec(text);
    const [, privateName, name, value] = match ?? [];
    if (!privateName || !name || !value || privateName !== name || !balanced(value)) {
      throw new Error(
        `${file}: cannot read the default "${text}" in ${selector}. ` +
          'Write one declaration per line as --_docent-x: var(--docent-x, <default>);',
      );
    }
    const property = `--docent-${name}`;
    if (values.has(property)) throw new Error(`${file}: ${property} is declared twice in ${selector}.`);
    values.set(property, value);
  }
  return values;
}

/**
 * Every `--docent-*` property of the stylesheet with its light and dark default, in stylesheet order. Throws with
 * the file name when the blocks cannot be read, when a property has only one of the two defaults, or when the
 * stylesheet reads a `--docent-*` property outside the default blocks (the table would miss it).
 */
export function parseStyleDefaults(source: string, file = 'docent.css'): StyleProperty[] {
  const css = source.replace(/\/\*[\s\S]*?\*\//g, '');
  const light = defaults(css, LIGHT_SELECTOR, file);
  const dark = defaults(css, DARK_SELECTOR, file);
  if (light.size === 0) throw new Error(`${file}: no --docent-* defaults found in ${LIGHT_SELECTOR}.`);
  for (const [one, other, scheme] of [[light, dark, 'dark'], [dark, light, 'light']] as const) {
    const missing = [...one.keys()].filter((name) => !other.has(name));
    if (missing.length > 0) throw new Error(`${file}: ${missing.join(', ')} has no ${scheme} default.`);
  }
  const read = new Set([...css.matchAll(/var\(\s*(--docent-[a-z0-9-]+)/g)].map((match) => match[1] ?? ''));
  const unlisted = [...read].filter((name) => !light.has(name));
  if (unlisted.length > 0) {
    throw new Error(`${file}: ${unlisted.join(', ')} is read outside the default blocks, so it would have no documented default.`);
  }
  return [...light].map(([name, value]) => ({ name, light: value, dark: dark.get(name) ?? '' }));
}

export interface StyleRow extends StyleProperty {
  readonly description: string;
}

export interface StyleTableData {
  /** Header of the description column. */
  readonly column: string;
  readonly rows: readonly StyleRow[];
}

/**
 * One group's table, rows in stylesheet order. Checks the whole reference first: every property needs exactly
 * one description, and every description needs a property.
 */
export function styleTable(properties: readonly StyleProperty[], groupId: string): StyleTableData {
  checkDescriptions(properties);
  const group = STYLE_GROUPS.find((candidate) => candidate.id === groupId);
  if (!group) {
    throw new Error(`StyleTable: unknown group "${groupId}". The groups are: ${STYLE_GROUPS.map(({ id }) => id).join(', ')}.`);
  }
  const rows = properties
    .filter(({ name }) => group.descriptions[name] !== undefined)
    .map((property) => ({ ...property, description: group.descriptions[property.name] ?? '' }));
  return { column: group.column, rows };
}

const WHERE = 'website/src/components/StyleTable/styleReference.ts (STYLE_GROUPS)';

/** Throws when the descriptions and the stylesheet's properties do not match one to one. */
export function checkDescriptions(properties: readonly StyleProperty[]): void {
  const described = STYLE_GROUPS.flatMap(({ descriptions }) => Object.keys(descriptions));
  const twice = described.filter((name, index) => described.indexOf(name) !== index);
  if (twice.length > 0) throw new Error(`Styles reference: ${twice.join(', ')} is described in more than one group in ${WHERE}.`);
  const names = new Set(properties.map(({ name }) => name));
  const undescribed = [...names].filter((name) => !described.includes(name));
  if (undescribed.length > 0) {
    throw new Error(
      `Styles reference: docent.css defines ${undescribed.join(', ')} but the Styles page has no description for it. ` +
        `Add one to ${WHERE}.`,
    );
  }
  const stale = described.filter((name) => !names.has(name));
  if (stale.length > 0) {
    throw new Error(
      `Styles reference: ${WHERE} describes ${stale.join(', ')}, which docent.css no longer defines. Remove or rename it.`,
    );
  }
}
