import type { normalizeTokens, Prism, PrismTheme, Token } from 'prism-react-renderer';

/**
 * Code blocks are highlighted when the site is built (plugins/rehype-code-tokens.ts) and coloured by CSS
 * (plugins/code-highlight.ts), so pages neither ship Prism nor tokenize code while they hydrate. This module is
 * the part both sides share: which colour each run of code takes, and the compact form the build hands to the
 * page. It runs in Node and in the browser: no DOM, no React.
 */

/**
 * A run of code in one colour. Its only "type" is the chain of the token types a theme styles, outer to inner,
 * joined by `+` (`comment+keyword` for a tag in a doc comment), or `plain` when no theme styles any of them.
 */
export interface ColouredToken {
  readonly types: [string];
  readonly content: string;
}

export type ColouredLine = ColouredToken[];

const PLAIN = 'plain';

/** Each token type the themes style, with the CSS properties (kebab-case) any theme sets for it. */
export type StyledTypes = ReadonlyMap<string, readonly string[]>;

const TYPE_NAME = /^[a-z][a-z0-9-]*$/i;

/** A style object's property as CSS names it: `fontStyle` → `font-style`. */
export function kebab(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * The token types the themes give a style, and which properties. A token nested in others (a `keyword` in a
 * doc `comment`) merges their styles, inner over outer, as prism-react-renderer does. Entries limited to some
 * languages are not supported: the colours live in one stylesheet for every language.
 */
export function styledTypes(themes: readonly PrismTheme[]): StyledTypes {
  const types = new Map<string, Set<string>>();
  for (const theme of themes) {
    for (const entry of theme.styles) {
      if (entry.languages) {
        throw new Error(`code highlighting: the Prism theme entry for ${entry.types.join(', ')} is limited to some languages (${entry.languages.join(', ')}); build-time highlighting colours every language alike, so remove "languages" from the entry.`);
      }
      for (const type of entry.types) {
        if (!TYPE_NAME.test(type)) throw new Error(`code highlighting: the Prism theme styles a token type named "${type}", which cannot be a CSS class; use a Prism token type such as "keyword".`);
        const properties = types.get(type) ?? new Set<string>();
        for (const property of Object.keys(entry.style)) properties.add(kebab(property));
        types.set(type, properties);
      }
    }
  }
  return new Map([...types].map(([type, properties]) => [type, [...properties]]));
}

/** The custom property that holds a theme's value of `property` (kebab-case) for token `type`. */
export function tokenVariable(type: string, property: string): string {
  return `--prism-token-${type}-${property}`;
}

/**
 * The inline style a token with several styled types needs: each property from the innermost type that sets it
 * in the current mode, through fallbacks between the custom properties. A single type needs none: the
 * stylesheet's `.token.<type>` rule applies.
 */
export function chainStyle(chain: string, styled: StyledTypes): Record<string, string> | undefined {
  const types = chain.split('+');
  if (types.length < 2) return undefined;
  const properties = new Set(types.flatMap((type) => styled.get(type) ?? []));
  const style: Record<string, string> = {};
  for (const property of properties) {
    const setting = types.filter((type) => styled.get(type)?.includes(property));
    const value = setting.reduce((fallback, type) => (fallback ? `var(${tokenVariable(type, property)}, ${fallback})` : `var(${tokenVariable(type, property)})`), '');
    style[property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return style;
}

/** The styled types of a token, outer to inner, each once (at its innermost place): what its colours come from. */
function chainOf(types: readonly string[], styled: StyledTypes): string {
  const chain = types.filter((type, index) => styled.has(type) && types.lastIndexOf(type) === index);
  return chain.length ? chain.join('+') : PLAIN;
}

/**
 * prism-react-renderer's lines of tokens (from `normalizeTokens`) as coloured runs: each token keeps the chain
 * of its styled types, and neighbours of the same chain merge, so a block renders fewer elements.
 */
export function colourLines(lines: readonly (readonly Token[])[], styled: StyledTypes): ColouredLine[] {
  return lines.map((line) => {
    const runs: ColouredLine = [];
    for (const token of line) {
      // normalizeTokens marks an empty line with a lone "\n"; the line itself is the line break.
      const content = token.empty ? '' : token.content;
      const colour = chainOf(token.types, styled);
      const last = runs[runs.length - 1];
      if (last && last.types[0] === colour) runs[runs.length - 1] = { types: last.types, content: last.content + content };
      else if (content !== '' || runs.length === 0) runs.push({ types: [colour], content });
    }
    return runs;
  });
}

/** What highlighting needs from prism-react-renderer: passed in, so this module stays free of it. */
export interface Highlighter {
  readonly prism: typeof Prism;
  readonly normalizeTokens: typeof normalizeTokens;
  readonly styled: StyledTypes;
}

/** Colours `code` as prism-react-renderer would; a language Prism does not know stays plain text. */
export function highlight({ prism, normalizeTokens, styled }: Highlighter, code: string, language: string): ColouredLine[] {
  const grammar = prism.languages[language];
  if (!grammar) return colourLines(normalizeTokens([code]), styled);
  const env = { code, grammar, language, tokens: [] as (string | Prism.Token)[] };
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(code, grammar);
  prism.hooks.run('after-tokenize', env);
  return colourLines(normalizeTokens(env.tokens), styled);
}

/** Code as it is highlighted and shown: the theme drops one final line break. */
export function withoutFinalNewline(code: string): string {
  return code.replace(/\r?\n$/, '');
}

/**
 * The compact form of coloured lines: lines separated by `|`, runs by spaces, each run `chain:length` with
 * an empty chain for plain text (`keyword:5 :1 string:12|:3 comment+keyword:5`). Lengths count UTF-16 units, as JavaScript does
 * in Node and in the browser, so the page slices the runs back out of the code it already has.
 */
export function encodeLines(lines: readonly ColouredLine[]): string {
  return lines
    .map((line) => line.map(({ types: [type], content }) => `${type === PLAIN ? '' : type}:${content.length}`).join(' '))
    .join('|');
}

function splitLines(code: string): string[] {
  return code.split(/\r\n|\r|\n/);
}

/**
 * Rebuilds the coloured lines of `code` (the block's text as written) from their compact form; undefined when
 * the form does not describe this text, so the caller highlights it another way.
 */
export function decodeLines(encoded: string, code: string): ColouredLine[] | undefined {
  const texts = splitLines(withoutFinalNewline(code));
  const rows = encoded.split('|');
  if (rows.length !== texts.length) return undefined;
  const lines: ColouredLine[] = [];
  for (const [index, row] of rows.entries()) {
    const text = texts[index] as string;
    const line: ColouredLine = [];
    let offset = 0;
    for (const run of row.split(' ')) {
      const separator = run.lastIndexOf(':');
      const length = Number(run.slice(separator + 1));
      if (separator < 0 || !Number.isInteger(length) || length < 0) return undefined;
      line.push({ types: [run.slice(0, separator) || PLAIN], content: text.slice(offset, offset + length) });
      offset += length;
    }
    if (offset !== text.length) return undefined;
    lines.push(line);
  }
  return lines;
}

/**
 * The lines of `shown` (the code the block displays: the theme removes the lines that hold highlight
 * comments such as `// highlight-next-line`) picked from the coloured lines of the code as written.
 * Undefined when `shown` is not those lines minus some.
 */
export function linesShown(written: readonly ColouredLine[], shown: string): ColouredLine[] | undefined {
  const picked: ColouredLine[] = [];
  let next = 0;
  for (const text of splitLines(shown)) {
    while (next < written.length && lineText(written[next] as ColouredLine) !== text) next += 1;
    if (next === written.length) return undefined;
    picked.push(written[next] as ColouredLine);
    next += 1;
  }
  return picked;
}

function lineText(line: ColouredLine): string {
  return line.map((token) => token.content).join('');
}

/** Unhighlighted lines, shown until a block highlighted in the browser has its colours. */
export function plainLines(code: string): ColouredLine[] {
  return splitLines(code).map((text) => [{ types: [PLAIN], content: text }]);
}
