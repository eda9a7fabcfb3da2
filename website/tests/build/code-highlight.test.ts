import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

/** The build the checks read; BUILD_DIR points them at another one (to see them fail on a build without these changes). */
const BUILD = process.env.BUILD_DIR ?? join(__dirname, '..', '..', 'build');

function page(path: string): string {
  return readFileSync(join(BUILD, `${path}.html`), 'utf8');
}

/** The bundle every page runs first, as the page names it. */
function mainBundle(html: string): string {
  const name = /\/assets\/js\/main\.[0-9a-f]+\.js/.exec(html)?.[0];
  assert.ok(name, 'the page names no main bundle');
  return readFileSync(join(BUILD, name), 'utf8');
}

describe('build-time code highlighting', () => {
  it('serves Markdown code blocks already highlighted, one class per token type', () => {
    const html = page('installation/docusaurus');
    assert.ok(html.includes('<span class="token function">npm</span>'), 'the install command is not highlighted in the HTML');
    assert.ok(html.includes('<span class="token keyword">import</span>'), 'the TypeScript config is not highlighted in the HTML');
    // Colours come from the stylesheet, so the server's markup is right in both colour modes; only a token nested
    // in several styled types (a tag in a doc comment) has a style, which names the stylesheet's properties.
    assert.equal(/class="token [\w-]+" style=/.test(html), false, 'single-type tokens carry inline colours');
    assert.ok(html.includes('<span class="token comment keyword" style="color:var(--prism-token-keyword-color, var(--prism-token-comment-color));font-style:var(--prism-token-comment-font-style)">@type</span>'), 'the JSDoc tag is not coloured as a keyword in an italic comment');
  });

  it('keeps Prism out of the bundle every page runs first', () => {
    const main = mainBundle(page('installation/docusaurus'));
    // Grammar names only Prism's language definitions hold (bash's shebang, JavaScript's template strings).
    for (const marker of ['shebang', 'template-string']) assert.equal(main.includes(marker), false, `the main bundle holds Prism's "${marker}" grammar`);
  });

  it('colours code for both modes in the site stylesheet', () => {
    const css = readFileSync(join(BUILD, /\/assets\/css\/styles\.[0-9a-f]+\.css/.exec(page('installation/docusaurus'))?.[0] ?? ''), 'utf8');
    assert.match(css, /\[data-theme=light\]\{[^}]*--prism-token-keyword-color:#b31d28/);
    assert.match(css, /\[data-theme=dark\]\{[^}]*--prism-token-keyword-color:#ff7b72/);
    assert.match(css, /\.prism-code \.token\.keyword\{color:var\(--prism-token-keyword-color\)\}/);
  });
});

describe('API pages', () => {
  it('carry their content in place in the HTML, not sent after the document for React to reveal later', () => {
    const html = page('api/send-message');
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    assert.ok(main.includes('Asks a question about the project'), "the operation's description is not inside <main>");
    // React's marker of a Suspense boundary whose content comes later in the stream.
    assert.equal(html.includes('<!--$?-->'), false, 'the page has content React reveals after the first paint');
  });
});
