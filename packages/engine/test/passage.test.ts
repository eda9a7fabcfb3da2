/**
 * Static answers quote passages whole: a step list stays a list with its code, a table stays a table, a callout keeps
 * its title, the answer opens with the sentence that answers, and nothing refers back to text left out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answer, buildIndex, extractSections } from '../src/index.js';

const page = (url: string, title: string, body: string) =>
  extractSections({ url, html: `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${body}</article></body></html>` });

const index = buildIndex([
  ...page(
    '/install',
    'Install the widget',
    `<p>The widget runs in any page that can load a script.</p>
     <h2 id="steps">Install with npm</h2><p>To install the widget with npm, follow these steps:</p>
     <ol><li><p>Add the package to your project:</p><div class="language-bash"><pre><code>npm install @acme/widget</code></pre></div></li>
       <li><p>Import the element once, in your entry module:</p><div class="codeBlockTitle_x1">src/main.ts</div><pre class="language-ts"><code>import '@acme/widget';
if (import.meta.env.DEV) {
  console.info('widget loaded');
}</code></pre></li>
       <li><p>Put the element in your layout.</p></li></ol>`,
  ),
  ...page(
    '/settings',
    'Settings',
    `<h2 id="variables">Environment variables</h2><p>The server reads these environment variables at start:</p>
     <table><thead><tr><th>Variable<th>Default<th>Meaning</thead><tbody><tr><td><code>ACME_PORT</code><td><code>8080</code><td>The port the server listens on.
     <tr><td><code>ACME_DATA</code><td><code>./data</code><td>Where the server keeps its files.</tbody></table>
     <h2 id="keys">Signing keys</h2><p>Signing keys expire after a year.</p>
     <div class="theme-admonition theme-admonition-warning alert"><div class="admonitionHeading">warning</div><div class="admonitionContent"><p>Rotating the signing key logs every visitor out of the dashboard.</p></div></div>`,
  ),
  ...page(
    '/offline',
    'Offline use',
    `<h2 id="static">Static mode</h2><p>Acme keeps a copy of the index in the browser. It answers from that copy. ` +
      `Static mode needs no server: the widget searches and answers in the visitor's browser. This makes it work offline once the index is loaded.</p>`,
  ),
]);

describe('passage answers', () => {
  it('keeps a step list as a numbered list, each step with its code block, file name and language', () => {
    const result = answer(index, 'How do I install the widget with npm?');
    assert.equal(result.answered, true);
    assert.equal(result.citations[0]?.sectionUrl, '/install#steps');
    assert.equal(
      result.markdown.split('\n\n[2]')[0],
      [
        'To install the widget with npm, follow these steps: [1]',
        '',
        '1. Add the package to your project: [1]',
        '',
        '   ```bash',
        '   npm install @acme/widget',
        '   ```',
        '',
        '2. Import the element once, in your entry module: [1]',
        '',
        '   **src/main.ts**',
        '',
        '   ```ts',
        "   import '@acme/widget';",
        '   if (import.meta.env.DEV) {',
        "     console.info('widget loaded');",
        '   }',
        '   ```',
        '',
        '3. Put the element in your layout. [1]',
      ].join('\n'),
    );
  });

  it('keeps a table as a GFM table after the sentence that introduces it, its inline code as code spans', () => {
    const result = answer(index, 'Which environment variables does the server read?');
    assert.equal(result.citations[0]?.sectionUrl, '/settings#variables');
    assert.equal(
      result.markdown.split('\n\n').slice(0, 2).join('\n\n'),
      [
        'The server reads these environment variables at start: [1]',
        '',
        '| Variable | Default | Meaning |',
        '| --- | --- | --- |',
        '| `ACME_PORT` | `8080` | The port the server listens on. |',
        '| `ACME_DATA` | `./data` | Where the server keeps its files. |',
      ].join('\n'),
    );
  });

  it('quotes a callout with its kind as its title', () => {
    const result = answer(index, 'Does rotating the signing key log visitors out of the dashboard?');
    assert.equal(result.citations[0]?.sectionUrl, '/settings#keys');
    assert.match(result.markdown, /^> \*\*Warning\*\*\n>\n> Rotating the signing key logs every visitor out of the dashboard\. \[1\]/m);
  });

  it('answers a yes/no question with the sentence that decides it, opening the answer, and no sentence referring back', () => {
    const result = answer(index, 'Does it need a server?');
    assert.equal(result.citations[0]?.sectionUrl, '/offline#static');
    assert.match(result.markdown, /^Static mode needs no server: the widget searches and answers in the visitor's browser\. \[1\]/);
    assert.doesNotMatch(result.markdown, /It answers from that copy/);
    // The sentence after it opens with "This", which refers to the one quoted before it: it may follow, never open.
    assert.doesNotMatch(result.markdown, /^This/m);
  });

  it('cites the passage with a text fragment from its first sentence to its last', () => {
    const result = answer(index, 'Which environment variables does the server read?');
    assert.match(result.citations[0]?.url ?? '', /^\/settings#variables:~:text=The%20server%20reads%20these%20environment%20variables%20at%20start$/);
  });
});
