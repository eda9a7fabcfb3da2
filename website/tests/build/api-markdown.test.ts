/**
 * The API pages render the descriptions of parameters, schemas and responses with the site's own small Markdown
 * reader (src/theme/Markdown). Every description in openapi.yaml must read the same with it as with a full
 * GitHub-flavoured Markdown parser: the same blocks, in order, with the same text.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Nodes, Root } from 'mdast';
import { parse as parseYaml } from 'yaml';
import { parseBlocks, type Block } from '../../src/theme/Markdown/blocks';
import { parseInline, type Inline } from '../../src/theme/Markdown/inline';

let parse: (markdown: string) => Root;

before(async () => {
  const { fromMarkdown } = await import('mdast-util-from-markdown');
  const { gfmFromMarkdown } = await import('mdast-util-gfm');
  const { gfm } = await import('micromark-extension-gfm');
  parse = (markdown) => fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
});

function descriptions(): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'description' && typeof child === 'string') found.push(child);
        walk(child);
      }
    }
  };
  walk(parseYaml(readFileSync(join(__dirname, '..', '..', '..', 'packages', 'server', 'openapi.yaml'), 'utf8')));
  return found;
}

const textOfInline = (nodes: readonly Inline[]): string => nodes.map((node) => ('text' in node ? node.text : textOfInline(node.children))).join('');
const textOfMdast = (node: Nodes): string => ('value' in node ? node.value : 'children' in node ? node.children.map(textOfMdast).join(node.type === 'list' ? '|' : '') : '');

/** Each block as one line: its kind and the text a reader sees. */
function ours(block: Block): string {
  const text = (markdown: string): string => textOfInline(parseInline(markdown));
  switch (block.kind) {
    case 'paragraph':
      return `paragraph ${text(block.text)}`;
    case 'heading':
      return `heading ${block.depth} ${text(block.text)}`;
    case 'list':
      return `list ${block.ordered} ${block.items.map(text).join('|')}`;
    case 'table':
      return `table ${[block.head, ...block.rows].map((row) => row.map(text).join(';')).join('/')}`;
    case 'code':
      return `code ${block.language ?? ''} ${block.text}`;
  }
}

function reference(node: Nodes): string {
  switch (node.type) {
    case 'paragraph':
      return `paragraph ${textOfMdast(node)}`;
    case 'heading':
      return `heading ${node.depth} ${textOfMdast(node)}`;
    case 'list':
      return `list ${node.ordered === true} ${node.children.map(textOfMdast).join('|')}`;
    case 'table':
      return `table ${node.children.map((row) => row.children.map(textOfMdast).join(';')).join('/')}`;
    case 'code':
      return `code ${node.lang ?? ''} ${node.value}`;
    default:
      return `${node.type} ${textOfMdast(node)}`;
  }
}

describe('the API pages’ Markdown reader', () => {
  it('reads every description of openapi.yaml as GitHub-flavoured Markdown does', () => {
    const all = descriptions();
    assert.ok(all.length > 200, `${all.length} descriptions`);
    for (const description of all) {
      assert.deepEqual(parseBlocks(description).map(ours), parse(description).children.map(reference), description.slice(0, 80));
    }
  });

  it('reads the marks the descriptions use', () => {
    assert.deepEqual(parseInline('**Possible values:** [`a`, `b`], *one* and [docs](/api) \\*not\\*'), [
      { kind: 'strong', children: [{ kind: 'text', text: 'Possible values:' }] },
      { kind: 'text', text: ' [' },
      { kind: 'code', text: 'a' },
      { kind: 'text', text: ', ' },
      { kind: 'code', text: 'b' },
      { kind: 'text', text: '], ' },
      { kind: 'emphasis', children: [{ kind: 'text', text: 'one' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'link', href: '/api', children: [{ kind: 'text', text: 'docs' }] },
      { kind: 'text', text: ' *not*' },
    ]);
    assert.deepEqual(parseInline('snake_case_name'), [{ kind: 'text', text: 'snake_case_name' }]);
  });
});
