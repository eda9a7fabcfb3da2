/**
 * The docs' code samples against the widget's own attribute table: every `<docent-*>` element and every React
 * component in a sample uses only attributes (props) that element accepts, with values it accepts, so a sample a
 * reader copies never logs a warning. Template bindings (`:api-url`, `{{ … }}`, `{% … %}`, `<?php … ?>`,
 * `{…}` in JSX) are values the reader's platform fills in; only their names are checked. JSX spreads and PHP
 * string concatenation are skipped.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { normalizeOptions } from 'docusaurus-plugin-docent';
import { attributesOf, createWarner, ELEMENT_TAGS, parseAttribute, type ElementKind } from '@docent/widget/attributes';

const DOCS = join(__dirname, '..', '..', 'docs');
const PAGES = join(__dirname, '..', '..', 'src', 'pages');
/** Attributes every HTML element may carry. */
const GLOBAL_ATTRIBUTES = new Set(['id', 'class', 'style', 'hidden', 'slot', 'lang', 'title', 'key', 'ref', 'classname']);
const KIND_OF_TAG = new Map<string, ElementKind>(Object.entries(ELEMENT_TAGS).map(([kind, tag]) => [tag, kind as ElementKind]));
const KIND_OF_COMPONENT = new Map<string, ElementKind>([
  ['SearchButton', 'search-button'],
  ['ChatButton', 'chat-button'],
  ['Chat', 'chat'],
  ['PageFeedback', 'feedback'],
]);

function mdxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'api' ? [] : mdxFiles(path);
    return /\.mdx?$/.test(name) ? [path] : [];
  });
}

interface Sample {
  file: string;
  language: string;
  code: string;
}

function samplesOf(file: string): Sample[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^([ \t]*)```(\w*)[^\n]*\n([\s\S]*?)^\1```/gm)].map((match) => ({
    file: relative(join(DOCS, '..'), file),
    language: match[2] ?? '',
    code: match[3] ?? '',
  }));
}

const SAMPLES = [...mdxFiles(DOCS), ...mdxFiles(PAGES)].flatMap(samplesOf);

interface Usage {
  where: string;
  kind: ElementKind;
  attributes: [string, string | null][];
}

const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|(\{(?:[^{}]|\{[^{}]*\})*\})|([^\s>]+)))?/g;

/** Drops template tags that stand between attributes (Hugo `{{ with … }}`, Liquid `{% if … %}`), keeping quoted values. */
function withoutTemplateTags(source: string): string {
  let result = '';
  let quote = '';
  for (let at = 0; at < source.length; at++) {
    const character = source[at] ?? '';
    if (quote) {
      if (character === quote) quote = '';
      result += character;
      continue;
    }
    if (character === '"' || character === "'") quote = character;
    const tag = /^(\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|<\?php[\s\S]*?\?>)/.exec(source.slice(at));
    if (!quote && tag) {
      result += ' ';
      at += tag[0].length - 1;
      continue;
    }
    result += character;
  }
  return result;
}

function parseAttributes(source: string): [string, string | null][] {
  return [...withoutTemplateTags(source).matchAll(ATTRIBUTE)].map((match) => [match[1] ?? '', match[2] ?? match[3] ?? match[4] ?? match[5] ?? null]);
}

function usagesIn(sample: Sample): Usage[] {
  const usages: Usage[] = [];
  for (const match of sample.code.matchAll(/<(docent-[a-z-]+|SearchButton|ChatButton|Chat|PageFeedback)\b((?:[^<>{]|\{(?:[^{}]|\{[^{}]*\})*\})*?)\/?>/g)) {
    const name = match[1] ?? '';
    const kind = KIND_OF_TAG.get(name) ?? KIND_OF_COMPONENT.get(name);
    if (!kind) continue;
    usages.push({ where: `${sample.file} (${sample.language} sample, <${name}>)`, kind, attributes: parseAttributes(match[2] ?? '') });
  }
  return usages;
}

const USAGES = SAMPLES.flatMap(usagesIn);
const isTemplated = (value: string): boolean => /\{\{|\{%|<\?php|^\{|\$\{/.test(value);

/** The text of the `{ … }` object that starts at `open`, braces balanced (quotes respected). */
function objectAt(code: string, open: number): string {
  let depth = 0;
  let quote = '';
  for (let at = open; at < code.length; at++) {
    const character = code[at];
    if (quote) {
      if (character === quote && code[at - 1] !== '\\') quote = '';
    } else if (character === "'" || character === '"' || character === '`') {
      quote = character;
    } else if (character === '{' || character === '[') {
      depth++;
    } else if (character === '}' || character === ']') {
      depth--;
      if (depth === 0) return code.slice(open + 1, at);
    }
  }
  return code.slice(open + 1);
}

/** Splits an object's text into its top-level `name: value` entries. */
function entriesOf(body: string): [string, string][] {
  const entries: [string, string][] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const character of `${body.replace(/\/\/[^\n]*/g, '')},`) {
    if (quote) {
      if (character === quote) quote = '';
    } else if (character === "'" || character === '"' || character === '`') {
      quote = character;
    } else if ('{[('.includes(character)) {
      depth++;
    } else if ('}])'.includes(character)) {
      depth--;
    } else if (character === ',' && depth === 0) {
      const match = /^\s*(\w+)\s*:\s*([\s\S]*?)\s*$/.exec(current);
      if (match) entries.push([match[1] ?? '', match[2] ?? '']);
      current = '';
      continue;
    }
    current += character;
  }
  return entries;
}

/** The options of each `'docusaurus-plugin-docent', { … }` in a sample: literal values, and the names of the rest. */
function pluginOptionsIn(sample: Sample): { where: string; options: Record<string, unknown> }[] {
  return [...sample.code.matchAll(/['"]docusaurus-plugin-docent['"],\s*\{/g)].map((match) => {
    const body = objectAt(sample.code, (match.index ?? 0) + match[0].length - 1);
    const options: Record<string, unknown> = {};
    for (const [name, value] of entriesOf(body)) {
      // Literal strings and booleans are checked as they are; anything else (variables, arrays) by name only.
      options[name] = /^'[^']*'$/.test(value) ? value.slice(1, -1) : value === 'true' ? true : value === 'false' ? false : undefined;
    }
    return { where: `${sample.file} (${sample.language} sample)`, options };
  });
}

describe('code samples in the docs', () => {
  it('include widget elements and React components to check', () => {
    assert.ok(SAMPLES.length > 100, `found ${SAMPLES.length} samples`);
    assert.ok(USAGES.length > 40, `found ${USAGES.length} uses of the widget`);
  });

  it('use only attributes and props the element accepts, with values it accepts', () => {
    const problems: string[] = [];
    for (const usage of USAGES) {
      const accepted = attributesOf(usage.kind);
      for (const [rawName, value] of usage.attributes) {
        // JSX spreads and the pieces of PHP string concatenation are not attribute names.
        if (!/^(:|v-bind:)?[a-z][a-z0-9-]*$/i.test(rawName)) continue;
        const name = rawName.replace(/^(:|v-bind:)/, '');
        if (GLOBAL_ATTRIBUTES.has(name.toLowerCase()) || name.startsWith('data-') || name.startsWith('aria-') || name.startsWith('@') || name.startsWith('on')) continue;
        const definition = accepted.find((row) => row.name === name || row.prop === name);
        if (!definition) {
          problems.push(`${usage.where}: "${name}" is not an attribute of this element`);
          continue;
        }
        if (rawName !== name || value === null || isTemplated(value)) continue;
        const warnings: string[] = [];
        parseAttribute(definition, value, usage.kind, createWarner((message) => warnings.push(message)));
        if (warnings.length) problems.push(`${usage.where}: ${warnings.join(' ')}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('configure the Docusaurus plugin with options it accepts', () => {
    const blocks = SAMPLES.flatMap(pluginOptionsIn);
    assert.ok(blocks.length >= 4, `found ${blocks.length} plugin configurations`);
    const problems: string[] = [];
    for (const block of blocks) {
      try {
        // Options given by name only stay undefined: normalizeOptions still rejects unknown names.
        normalizeOptions({ project: 'my-project', ...block.options });
      } catch (error) {
        problems.push(`${block.where}: ${(error as Error).message}`);
      }
    }
    assert.deepEqual(problems, []);
  });
});
