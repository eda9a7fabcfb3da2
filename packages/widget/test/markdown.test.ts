import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Citation } from '../src/data/types.js';
import { parseMarkdown } from '../src/markdown/parse.js';
import { Markdown, renderMarkdown, type MarkdownContext } from '../src/markdown/render.js';
import { parseSnippet } from '../src/markdown/snippet.js';
import { safeHref } from '../src/markdown/url.js';
import { Highlighted } from '../src/dialog/search/Highlighted.js';

const html = (source: string, context: MarkdownContext = {}): string => renderToStaticMarkup(renderMarkdown(source, context));
const inner = (source: string): string => html(source).replace(/^<div class="docent-markdown">|<\/div>$/g, '');

const CITATIONS: Citation[] = [
  { number: 1, url: '/guides/sitemaps#add-a-sitemap:~:text=Add%20a%20sitemap', sectionUrl: '/guides/sitemaps#add-a-sitemap', title: 'Sitemaps', breadcrumb: ['Sitemaps', 'Add a sitemap'] },
  { number: 2, url: 'https://other.example.com/page', sectionUrl: 'https://other.example.com/page', title: 'Elsewhere', breadcrumb: ['Elsewhere'] },
];

describe('Markdown rendering', () => {
  test('paragraphs, emphasis, code spans and links', () => {
    assert.equal(
      inner('Hi! I answer **questions** about *My Project*.\nSee the [support page](/support) or `npm test`.'),
      '<p>Hi! I answer <strong>questions</strong> about <em>My Project</em>.\nSee the <a href="/support">support page</a> or <code>npm test</code>.</p>',
    );
  });

  test('lists, nested lists, fenced code and block quotes', () => {
    assert.equal(inner('- one\n- two\n  - nested\n- three'), '<ul><li>one</li><li>two<ul><li>nested</li></ul></li><li>three</li></ul>');
    assert.equal(inner('3. third\n4. fourth'), '<ol start="3"><li>third</li><li>fourth</li></ol>');
    assert.equal(
      inner('```bash\nnpm install @docent/widget\n<b>not bold</b>\n```'),
      '<pre class="docent-md-pre" tabindex="0"><code data-language="bash">npm install @docent/widget\n&lt;b&gt;not bold&lt;/b&gt;</code></pre>',
    );
    assert.equal(inner('> quoted **text**'), '<blockquote><p>quoted <strong>text</strong></p></blockquote>');
    assert.equal(inner('Para one.\n\nPara two.'), '<p>Para one.</p><p>Para two.</p>');
  });

  test('GFM tables: header and rows, escaped pipes and code spans stay in their cell, inline Markdown in cells', () => {
    assert.equal(
      inner('| Option | Meaning |\n| --- | :-: |\n| `a|b` | one \\| two |\n| **bold** |\n\nAfter.'),
      '<div class="docent-md-table" tabindex="0"><table><thead><tr><th scope="col">Option</th><th scope="col">Meaning</th></tr></thead>' +
        '<tbody><tr><td><code>a|b</code></td><td>one | two</td></tr><tr><td><strong>bold</strong></td><td></td></tr></tbody></table></div><p>After.</p>',
    );
    // Without a delimiter row, or with another number of cells, the lines are a paragraph.
    assert.equal(inner('a | b\nnot a delimiter'), '<p>a | b\nnot a delimiter</p>');
    assert.equal(inner('| a | b |\n| --- |'), '<p>| a | b |\n| --- |</p>');
  });

  test('an answer passage: a numbered step with a file name and a fenced block under it, then the next step', () => {
    const source = '1. Add the settings. [1]\n\n   **hugo.toml**\n\n   ```toml\n   [params.docent]\n     project = "x"\n   ```\n\n2. Create the partial. [1]';
    assert.equal(
      inner(source),
      '<ol><li>Add the settings. [1]<p><strong>hugo.toml</strong></p>' +
        '<pre class="docent-md-pre" tabindex="0"><code data-language="toml">[params.docent]\n  project = &quot;x&quot;</code></pre></li>' +
        '<li>Create the partial. [1]</li></ol>',
    );
  });

  test('headings are emphasis, not document headings', () => {
    assert.equal(inner('## Setup'), '<p class="docent-md-heading"><strong>Setup</strong></p>');
  });

  test('escapes and intraword underscores stay literal', () => {
    assert.equal(inner('a\\*b\\* and snake_case_name'), '<p>a*b* and snake_case_name</p>');
  });

  test('citation numbers become links to the cited passage; unknown numbers stay text', () => {
    const output = html('Add the sitemap URL. [1] Other sites work too. [2] Unknown. [7]', { citations: CITATIONS, pageOrigin: 'https://docs.example.com' });
    assert.match(output, /<a class="docent-citation" href="\/guides\/sitemaps#add-a-sitemap:~:text=Add%20a%20sitemap" aria-label="Source 1: Sitemaps" title="Sitemaps">1<\/a>/);
    assert.match(output, /<a target="_blank" rel="noopener noreferrer" class="docent-citation" href="https:\/\/other.example.com\/page"|href="https:\/\/other.example.com\/page" target="_blank" rel="noopener noreferrer"/);
    assert.match(output, /Unknown\. \[7\]/);
  });

  test('a question or page text containing HTML renders as text', () => {
    const attack = 'Why does <img src=x onerror=alert(1)> show? <script>alert(2)</script>';
    const output = html(attack);
    assert.ok(!output.includes('<img'), output);
    assert.ok(!output.includes('<script'), output);
    assert.match(output, /&lt;img src=x onerror=alert\(1\)&gt;/);
    assert.match(output, /&lt;script&gt;alert\(2\)&lt;\/script&gt;/);
    const inCode = html('`<img src=x onerror=alert(1)>`');
    assert.match(inCode, /<code>&lt;img src=x onerror=alert\(1\)&gt;<\/code>/);
  });

  test('javascript: and other schemes are not links: their text stays', () => {
    const cases = [
      '[click me](javascript:alert(1))',
      '[click me](JavaScript:alert(1))',
      '[click me](java\tscript:alert(1))',
      '[click me]( javascript:alert(1))',
      '[click me](<javascript:alert(1)>)',
      '[click me](data:text/html,<script>alert(1)</script>)',
      '[click me](vbscript:msgbox(1))',
      '[click me](mailto:someone@example.com)',
    ];
    for (const source of cases) {
      const output = inner(source);
      assert.ok(!output.includes('<a') && !output.includes('href'), `${source} → ${output}`);
      assert.ok(output.includes('click me'), source);
    }
    assert.equal(inner('[click me](javascript:alert(1))'), '<p>click me</p>');
    assert.ok(!html('<javascript:alert(1)>').includes('href'));
  });

  test('http(s), relative, query and anchor links are links', () => {
    assert.equal(inner('[a](https://docs.example.com/x)'), '<p><a href="https://docs.example.com/x" target="_blank" rel="noopener noreferrer">a</a></p>');
    assert.equal(inner('[b](/guides/)'), '<p><a href="/guides/">b</a></p>');
    assert.equal(inner('[c](#setup)'), '<p><a href="#setup">c</a></p>');
    assert.equal(inner('[d](../other?x=1)'), '<p><a href="../other?x=1">d</a></p>');
    assert.equal(inner('<https://docs.example.com>'), '<p><a href="https://docs.example.com" target="_blank" rel="noopener noreferrer">https://docs.example.com</a></p>');
    assert.equal(
      html('[same site](https://docs.example.com/a)', { pageOrigin: 'https://docs.example.com' }),
      '<div class="docent-markdown"><p><a href="https://docs.example.com/a">same site</a></p></div>',
    );
  });

  test('the Markdown component renders the same', () => {
    const output = renderToStaticMarkup(createElement(Markdown, { source: '**ok** [1]', citations: CITATIONS }));
    assert.match(output, /<strong>ok<\/strong>/);
    assert.match(output, /docent-citation/);
  });

  test('the parser never produces an unsafe link', () => {
    const blocks = parseMarkdown('[x](javascript:alert(1)) [y](/ok)');
    const first = blocks[0];
    assert.equal(first?.type, 'paragraph');
    const links = first?.type === 'paragraph' ? first.children.filter((node) => node.type === 'link') : [];
    assert.deepEqual(links.map((link) => (link.type === 'link' ? link.href : '')), ['/ok']);
  });
});

describe('link policy', () => {
  test('safeHref', () => {
    assert.equal(safeHref('/docs'), '/docs');
    assert.equal(safeHref('https://example.com'), 'https://example.com');
    assert.equal(safeHref('//example.com/x'), '//example.com/x');
    assert.equal(safeHref('javascript:alert(1)'), null);
    assert.equal(safeHref('\u0000javascript:alert(1)'), null);
    assert.equal(safeHref('jav\nascript:alert(1)'), null);
    assert.equal(safeHref('ftp://example.com'), null);
    assert.equal(safeHref(''), null);
  });
});

describe('search snippets', () => {
  test('only <mark> is markup; entities are decoded and rendered as text', () => {
    assert.deepEqual(parseSnippet('Add a <mark>sitemap</mark> &amp; sync &lt;b&gt;'), [
      { text: 'Add a ', marked: false },
      { text: 'sitemap', marked: true },
      { text: ' & sync <b>', marked: false },
    ]);
    const output = renderToStaticMarkup(
      createElement(Highlighted, { snippet: '&lt;img src=x onerror=alert(1)&gt; <img src=x onerror=alert(1)> <mark>match</mark>' }),
    );
    assert.ok(!output.includes('<img'), output);
    assert.match(output, /<mark class="docent-mark">match<\/mark>/);
  });
});
