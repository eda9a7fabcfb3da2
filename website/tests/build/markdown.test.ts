/**
 * The Markdown copies the plugin writes beside each page (what "Copy page" copies and llms-full.txt joins), read
 * back with a real Markdown parser and compared with the built page and with the Quickstart's source.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Code, Heading, Root, Table } from 'mdast';
import { BUILD, builtPages, type BuiltPage } from './site';

type Element = ReturnType<typeof DomUtils.findAll>[number];
type Parse = (markdown: string) => Root;
let parse: Parse;
let pages: { page: BuiltPage; markdown: string }[];

before(async () => {
  const { fromMarkdown } = await import('mdast-util-from-markdown');
  const { gfmFromMarkdown } = await import('mdast-util-gfm');
  const { gfm } = await import('micromark-extension-gfm');
  parse = (markdown) => fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const copies = (await builtPages()).map((page) => ({ page, file: join(BUILD, page.path === '/' ? 'index.md' : `${page.path.slice(1)}.md`) }));
  pages = copies.filter(({ file }) => existsSync(file)).map(({ page, file }) => ({ page, markdown: readFileSync(file, 'utf8') }));
});

function nodesOf<T extends { type: string }>(tree: Root, type: T['type']): T[] {
  const found: T[] = [];
  const visit = (node: { type: string; children?: unknown[] }): void => {
    if (node.type === type) found.push(node as unknown as T);
    for (const child of (node.children ?? []) as { type: string }[]) visit(child);
  };
  visit(tree);
  return found;
}

/** The page's content: Docusaurus's `<article>`, else `<main>`. */
function article(page: BuiltPage): Element {
  const document = parseDocument(page.html).children;
  const root = DomUtils.findOne((element) => element.name === 'article', document) ?? DomUtils.findOne((element) => element.name === 'main', document);
  assert.ok(root, `${page.path} has an article or a main`);
  return root;
}

/** A code block's text as the page shows it: one line per Prism line, `<br>` as the line break. */
function shownCode(pre: Element): string {
  const text = (node: Element): string =>
    node.children.map((child) => (child.type === 'text' ? (child as unknown as { data: string }).data : child.type === 'tag' ? ((child as Element).name === 'br' ? '\n' : text(child as Element)) : '')).join('');
  return text(pre).replace(/\n$/, '');
}

describe('the Markdown copy of each page', () => {
  it('exists for every indexed page and at least 60 of them', () => {
    assert.ok(pages.length >= 60, `${pages.length} Markdown copies`);
  });

  it('gives back every code block of the Quickstart byte for byte, with its language', () => {
    const source = parse(readFileSync(join(__dirname, '..', '..', 'docs', 'quickstart.mdx'), 'utf8'));
    const copy = parse(readFileSync(join(BUILD, 'index.md'), 'utf8'));
    const blocks = (tree: Root) => nodesOf<Code>(tree, 'code').map(({ lang, value }) => ({ lang, value }));
    assert.ok(blocks(source).length >= 10);
    assert.deepEqual(blocks(copy), blocks(source));
  });

  it('gives back every code block of every page with every line and its language', () => {
    for (const { page, markdown } of pages) {
      const shown = DomUtils.findAll((element) => element.name === 'pre', [article(page)]).map((pre) => ({
        lang: /language-([\w-]+)/.exec(pre.attribs.class ?? '')?.[1] ?? null,
        value: shownCode(pre),
      }));
      const copied = nodesOf<Code>(parse(markdown), 'code').map(({ lang, value }) => ({ lang, value }));
      assert.deepEqual(copied, shown, `${page.path}: code blocks`);
    }
  });

  it('keeps every table with its rows and columns', () => {
    let tables = 0;
    for (const { page, markdown } of pages) {
      const shown = DomUtils.findAll((element) => element.name === 'table', [article(page)]).map((table) =>
        // Minified HTML leaves out `</tr>`: a row's own cells are its direct children.
        DomUtils.findAll((element) => element.name === 'tr', [table]).map((row) => row.children.filter((cell) => 'name' in cell && (cell.name === 'td' || cell.name === 'th')).length),
      );
      const copied = nodesOf<Table>(parse(markdown), 'table').map((table) => table.children.map((row) => row.children.length));
      assert.deepEqual(copied, shown, `${page.path}: tables`);
      tables += shown.length;
    }
    assert.ok(tables >= 20, `${tables} tables checked`);
  });

  it('keeps the headings of the page, in order and at their levels', () => {
    for (const { page, markdown } of pages) {
      // The OpenAPI theme puts the endpoint's path in an h2 inside a <pre>: a code block, in the copy as on the page.
      const inCode = (element: Element): boolean => {
        for (let parent = element.parent; parent; parent = parent.parent) if ('name' in parent && parent.name === 'pre') return true;
        return false;
      };
      const shown = DomUtils.findAll((element) => /^h[1-6]$/.test(element.name) && !inCode(element), [article(page)]).map(
        (heading) => `${heading.name.slice(1)} ${DomUtils.textContent(heading).replace(/\u200b/g, '').replace(/\s+/g, ' ').trim()}`,
      );
      const copied = nodesOf<Heading>(parse(markdown), 'heading').map((heading) => `${heading.depth} ${toText(heading).replace(/\s+/g, ' ').trim()}`);
      // A page whose content has no h1 of its own (the category pages) gets its title as the copy's first heading.
      const ownTitle = shown[0]?.startsWith('1 ') ? [] : copied.slice(0, 1);
      assert.ok(ownTitle.every((heading) => heading.startsWith('1 ')), `${page.path}: opens with its title`);
      assert.deepEqual(copied.slice(ownTitle.length), shown, `${page.path}: headings`);
    }
  });

  it('links with absolute URLs only', () => {
    for (const { page, markdown } of pages) {
      const links = nodesOf<{ type: 'link'; url: string }>(parse(markdown), 'link').map((link) => link.url);
      assert.deepEqual(links.filter((url) => !/^(https?:|mailto:)/.test(url)), [], `${page.path}: relative links`);
    }
  });

  it('shows no escaped entities in image alt text, on the page or in the copy', () => {
    for (const { page, markdown } of pages) {
      // A copy leaves out what the page marks data-docent-ignore, such as the dark twin of a ThemedPicture.
      const ignored = (element: Element): boolean => {
        for (let node: Element | null = element; node; node = node.parent as Element | null) if (node.attribs && 'data-docent-ignore' in node.attribs) return true;
        return false;
      };
      const alts = DomUtils.findAll((element) => element.name === 'img' && !ignored(element), [article(page)]).map((image) => image.attribs.alt ?? '');
      assert.deepEqual(alts.filter((alt) => /&(quot|amp|lt|gt|#\d+);/.test(alt)), [], `${page.path}: alt text`);
      const copied = nodesOf<{ type: 'image'; alt: string }>(parse(markdown), 'image').map((image) => image.alt);
      assert.deepEqual(copied, alts, `${page.path}: images`);
    }
  });
});

function toText(node: { value?: string; children?: unknown[] }): string {
  return node.value ?? ((node.children ?? []) as { value?: string; children?: unknown[] }[]).map(toText).join('');
}
