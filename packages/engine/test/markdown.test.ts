/**
 * A page as Markdown (`pageMarkdown`): small copies of real generators' markup, each checked for what a reader
 * pasting the copy into a shell or an AI tool needs: code exactly as shown, lists, tables, callouts, links.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageMarkdown } from '../src/node/index.js';

const URL_OF_PAGE = 'https://docs.example.com/guide/install';
const page = (article: string): string =>
  `<!doctype html><html><head><title>Install | Acme</title></head><body><nav class="navbar"><a href="/">Acme</a></nav>` +
  `<main><nav class="theme-doc-breadcrumbs"><a href="/">Home</a></nav><article>${article}</article></main><footer>© Acme</footer></body></html>`;
const convert = (article: string, title?: string): string => pageMarkdown(page(article), { url: URL_OF_PAGE, ...(title ? { title } : {}) });

/** A Docusaurus code block: a title, Prism's token spans, one `<br>` per line. */
function docusaurusCode(language: string, lines: string[], title = ''): string {
  const spans = lines.map((line) => `<span class="token-line"><span class="token plain">${line}</span><br></span>`).join('');
  const heading = title ? `<div class="codeBlockTitle_kY6l">${title}</div>` : '';
  return `<div class="language-${language} codeBlockContainer_x theme-code-block">${heading}<div class="codeBlockContent_y"><pre tabindex="0" class="prism-code language-${language}"><code class="codeBlockLines_z">${spans}</code></pre><div class="buttonGroup"><button aria-label="Copy code">Copy</button></div></div></div>`;
}

describe('pageMarkdown', () => {
  it('keeps the title, headings by level, and leaves the chrome out', () => {
    const markdown = convert(
      '<header><h1>Install</h1></header><p>Intro.</p><h2 id="a">Step one<a href="#a" class="hash-link">\u200b</a></h2><p>Text.</p>' +
        '<h3 id="b">Detail</h3><p>More.</p><div class="theme-doc-footer"><a href="https://github.com/x/edit">Edit this page</a></div><nav class="pagination-nav"><a href="/next">Next</a></nav>',
    );
    assert.equal(markdown, '# Install\n\nIntro.\n\n## Step one\n\nText.\n\n### Detail\n\nMore.\n');
  });

  it('writes the given title when the content has no h1', () => {
    assert.equal(convert('<p>Only text.</p>', 'Install'), '# Install\n\nOnly text.\n');
  });

  it('gives back every line of a code block with its language and title, indentation and blank lines included', () => {
    const lines = ['const config = {', '  plugins: [', '', "    ['docusaurus-plugin-docent', { project: 'a &lt; b' }],", '  ],', '};'];
    const markdown = convert(docusaurusCode('ts', lines, 'docusaurus.config.ts'));
    assert.equal(markdown, "```ts title=\"docusaurus.config.ts\"\nconst config = {\n  plugins: [\n\n    ['docusaurus-plugin-docent', { project: 'a < b' }],\n  ],\n};\n```\n");
  });

  it('reads the language of Sphinx code blocks from their wrapper and leaves line numbers out', () => {
    const html =
      '<div class="highlight-python notranslate"><div class="highlight"><pre><span class="linenos">1</span><span class="k">def</span> f():\n<span class="linenos">2</span>    return 1\n</pre></div></div>';
    assert.equal(convert(html), '```python\ndef f():\n    return 1\n```\n');
  });

  it('fences code that itself contains a fence with a longer fence', () => {
    const markdown = convert(docusaurusCode('md', ['```bash', 'npm test', '```']));
    assert.equal(markdown, '````md\n```bash\nnpm test\n```\n````\n');
  });

  it('keeps ordered and nested lists', () => {
    const markdown = convert('<ol><li>Install.</li><li>Configure:<ul><li>Set <code>project</code>.</li><li>Build.</li></ul></li><li>Serve.</li></ol>');
    assert.equal(markdown, '1. Install.\n\n2. Configure:\n\n   - Set `project`.\n   - Build.\n\n3. Serve.\n');
  });

  it('keeps a table with its rows and columns, escaping pipes in cells', () => {
    const markdown = convert(
      '<table><thead><tr><th>Option</th><th>Effect</th></tr></thead><tbody><tr><td><code>cleanTitles</code></td><td>Drops <code>a | b</code> suffixes</td></tr><tr><td>theme</td><td>light or dark</td></tr></tbody></table>',
    );
    const rows = markdown.trim().split('\n');
    assert.equal(rows.length, 4);
    assert.match(rows[0]!, /^\| Option +\| Effect +\|$/);
    assert.match(rows[2]!, /^\| `cleanTitles` \| Drops `a \\\| b` suffixes \|$/);
    assert.match(rows[3]!, /^\| theme +\| light or dark +\|$/);
  });

  it('turns admonitions into quotes that keep their kind, with GitHub alert markers where GitHub has the kind', () => {
    const admonition = (kind: string, heading: string, body: string): string =>
      `<div class="theme-admonition theme-admonition-${kind} admonition_x alert alert--secondary"><div class="admonitionHeading_y"><span class="admonitionIcon_z"><svg viewBox="0 0 1 1"><path d="M0 0"/></svg></span>${heading}</div><div class="admonitionContent_w"><p>${body}</p></div></div>`;
    assert.equal(convert(admonition('note', 'note', 'The index is public.')), '> [!NOTE]\n> The index is public.\n');
    assert.equal(convert(admonition('danger', 'danger', 'Never commit a key.')), '> [!CAUTION]\n> Never commit a key.\n');
    assert.equal(convert(admonition('info', 'info', 'Also works offline.')), '> **Info**\n> Also works offline.\n');
    assert.equal(convert(admonition('tip', 'Before you deploy', 'Build first.')), '> [!TIP]\n> **Before you deploy**\n> Build first.\n');
    const codeFirst = `<div class="theme-admonition theme-admonition-tip admonition_x"><div class="admonitionHeading_y">tip</div><div class="admonitionContent_w">${docusaurusCode('bash', ['npm test'])}</div></div>`;
    assert.equal(convert(codeFirst), '> [!TIP]\n>\n> ```bash\n> npm test\n> ```\n');
    const sphinx = '<div class="admonition warning"><p class="admonition-title">Warning</p><p>Back up first.</p></div>';
    assert.equal(convert(sphinx), '> [!WARNING]\n> Back up first.\n');
  });

  it('shows every tab panel under its tab name, hidden ones included', () => {
    const html =
      '<div class="tabs-container"><ul role="tablist" class="tabs"><li role="tab" aria-selected="true">npm</li><li role="tab">CDN</li></ul>' +
      `<div class="margin-top--md"><div role="tabpanel">${docusaurusCode('bash', ['npm install @docent/widget'])}</div><div role="tabpanel" hidden>${docusaurusCode('html', ['&lt;script type="module" src="docent.js"&gt;&lt;/script&gt;'])}</div></div></div>`;
    assert.equal(convert(html), '**npm**\n\n```bash\nnpm install @docent/widget\n```\n\n**CDN**\n\n```html\n<script type="module" src="docent.js"></script>\n```\n');
  });

  it('makes links and images absolute and keeps the alt text', () => {
    const markdown = convert('<p>See <a href="../customization/styles#colors">Styles</a> and <a href="#top">the top</a>.</p><p><img src="/img/dialog.png" alt="The dialog on a phone"></p>');
    assert.equal(
      markdown,
      'See [Styles](https://docs.example.com/customization/styles#colors) and [the top](https://docs.example.com/guide/install#top).\n\n![The dialog on a phone](https://docs.example.com/img/dialog.png)\n',
    );
  });

  it('reads the owner’s content selector first', () => {
    const html = '<!doctype html><html><body><div id="docs"><p>Wanted.</p></div><article><p>Other.</p></article></body></html>';
    assert.equal(pageMarkdown(html, { url: URL_OF_PAGE, contentSelector: '#docs' }), 'Wanted.\n');
  });
});
