/**
 * The structure a section keeps: code blocks line by line with their language, lists with their depth, tables row
 * by row with their cells, callouts, on Docusaurus's markup and on Sphinx's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answer, buildIndex, extractSections, loadIndex, serializeIndex, splitIndex } from '../src/index.js';
import { parseShape } from '../src/shape.js';

const page = (body: string): string => `<!doctype html><html><head><title>Guide</title></head><body><article>${body}</article></body></html>`;

function lines(html: string, heading: string): Array<[string, string]> {
  const section = extractSections({ url: '/guide', html: page(html) }).find((entry) => entry.heading === heading);
  assert.ok(section, `no section ${heading}`);
  const text = section.text.split('\n');
  return parseShape(section.shape, text.length).map((shape, position) => [
    `${shape.callout ? '>' : ''}${shape.kind}${shape.depth || ''}${shape.language ? `:${shape.language}` : ''}`,
    text[position]!,
  ]);
}

describe('section shapes', () => {
  it("opens each tab panel with its tab's label, on Docusaurus's tabs and on Starlight's", () => {
    const docusaurus = `<h1>Guide</h1><h2 id="install">Install</h2><p>Install the package:</p>
      <div class="tabs-container"><ul role="tablist" class="tabs"><li role="tab" aria-selected="true">npm</li><li role="tab">Yarn</li></ul>
      <div class="margin-top--md"><div role="tabpanel"><pre class="language-bash"><code>npm install acme</code></pre></div>
      <div role="tabpanel" hidden><pre class="language-bash"><code>yarn add acme</code></pre></div></div></div><p>Then build.</p>`;
    assert.deepEqual(lines(docusaurus, 'Install'), [
      ['p', 'Install the package:'],
      ['h', 'npm'],
      ['C:bash', 'npm install acme'],
      ['h', 'Yarn'],
      ['C:bash', 'yarn add acme'],
      ['p', 'Then build.'],
    ]);
    const starlight = `<h1>Guide</h1><h2 id="install">Install</h2><starlight-tabs><div role="tablist"><a role="tab" href="#tab-panel-1">npm</a>` +
      `<a role="tab" href="#tab-panel-2">pnpm <code>8+</code></a></div><section role="tabpanel" id="tab-panel-1"><p>Run <code>npm i acme</code>.</p></section>` +
      `<section role="tabpanel" id="tab-panel-2" hidden><p>Run <code>pnpm add acme</code>.</p></section></starlight-tabs>`;
    assert.deepEqual(lines(starlight, 'Install'), [
      ['h', 'npm'],
      ['p', 'Run npm i acme.'],
      ['h', 'pnpm 8+'],
      ['p', 'Run pnpm add acme.'],
    ]);
  });

  it('keeps a Docusaurus code block line by line, with its indentation and language', () => {
    const html = `<h1>Guide</h1><h2 id="config">Configure</h2><p>Add the plugin:</p>
      <div class="language-ts codeBlockContainer"><div class="codeBlockContent"><pre class="prism-code language-ts"><code>` +
      `<span class="token-line">export default {<br></span><span class="token-line">  plugins: [​'docent'],<br></span>` +
      `<span class="token-line">};<br></span></code></pre><button>Copy</button></div></div><p>Then build.</p>`;
    assert.deepEqual(lines(html, 'Configure'), [
      ['p', 'Add the plugin:'],
      ['C:ts', 'export default {'],
      ['c', "  plugins: ['docent'],"],
      ['c', '};'],
      ['p', 'Then build.'],
    ]);
  });

  it('takes a Sphinx code block language from its wrapper, and none from the default lexer', () => {
    const html = `<h1>Guide</h1><h2 id="run">Run</h2><div class="highlight-python notranslate"><div class="highlight"><pre>import acme
acme.run()
</pre></div></div><div class="highlight-default notranslate"><div class="highlight"><pre>$ acme run</pre></div></div>`;
    assert.deepEqual(lines(html, 'Run'), [['C:python', 'import acme'], ['c', 'acme.run()'], ['C', '$ acme run']]);
  });

  it('keeps lists with their kind and depth, and a code block under an item', () => {
    const html = `<h1>Guide</h1><h2 id="steps">Steps</h2><ol><li><p>Install it.</p><pre><code class="language-bash">npm i acme</code></pre></li>
      <li>Configure it:<ul><li>the project id;</li><li>the origin.</li></ul></li></ol><p>Done.</p>`;
    assert.deepEqual(lines(html, 'Steps'), [
      ['o1', 'Install it.'],
      ['C1:bash', 'npm i acme'],
      ['o1', 'Configure it:'],
      ['u2', 'the project id;'],
      ['u2', 'the origin.'],
      ['p', 'Done.'],
    ]);
  });

  it('keeps a table row by row, with its cells separated by tabs', () => {
    const html = `<h1>Guide</h1><h2 id="options">Options</h2><table><thead><tr><th>Option<th>Default<th>Meaning</thead>
      <tbody><tr><td><code>project</code><td>required<td>The project id.<tr><td><code>theme</code><td><code>auto</code><td>Light, dark or auto.</tbody></table>`;
    assert.deepEqual(lines(html, 'Options'), [
      ['T', 'Option\tDefault\tMeaning'],
      ['t', 'project\trequired\tThe project id.'],
      ['t', 'theme\tauto\tLight, dark or auto.'],
    ]);
  });

  it('marks the lines of a callout, its title a heading when the page makes it one', () => {
    const html = `<h1>Guide</h1><h2 id="keys">Keys</h2><p>Create a key.</p>
      <div class="theme-admonition theme-admonition-warning alert"><div class="admonitionHeading">warning</div><div class="admonitionContent"><p>Store it now.</p></div></div>
      <div class="admonition note"><h3>Note</h3><p>Keys expire.</p></div>`;
    assert.deepEqual(lines(html, 'Keys'), [
      ['p', 'Create a key.'],
      ['>p', 'warning'],
      ['>p', 'Store it now.'],
      ['>h', 'Note'],
      ['>p', 'Keys expire.'],
    ]);
  });

  it('gives a section of paragraphs no shape, and keeps shapes through a saved index and an index in parts', async () => {
    const html = page(`<h1>Guide</h1><p>Plain text.</p><h2 id="code">Code</h2><pre>a\n  b</pre>`);
    const sections = extractSections({ url: '/guide', html });
    assert.equal(sections[0]!.shape, undefined);
    assert.equal(sections[1]!.shape, 'C c');
    const saved = loadIndex(serializeIndex(buildIndex(sections)));
    assert.equal(saved.sections[1]!.shape, 'C c');
    const split = splitIndex(buildIndex(sections), { sectionsPerPart: 1 });
    const files = new Map(split.parts.map((part) => [part.path, part.content]));
    const parted = loadIndex(split.manifest, { fetchPart: async (path) => files.get(path) ?? '' });
    await parted.parts!.ensure({ sections: [1] });
    assert.equal(parted.sections[1]!.shape, 'C c');
    assert.equal(parted.sections[1]!.text, 'a\n  b');
  });

  it('keeps where inline code is, through a saved index, and an answer gives it back as code spans', () => {
    const html = page(`<h1>Guide</h1><h2 id="build">Build the site</h2><p>Run <code> npm run build </code> to build the site. Then open <code>build/index.html</code>.</p>
      <ul><li>Set <code>apiUrl</code> for connected mode.</li></ul><p>Quote a <code>\`tick\`</code> like this.</p>`);
    const sections = extractSections({ url: '/guide', html });
    const build = sections.find((section) => section.heading === 'Build the site')!;
    assert.equal(build.text, 'Run npm run build to build the site. Then open build/index.html.\nSet apiUrl for connected mode.\nQuote a `tick` like this.');
    assert.equal(build.shape, 'p`4-17,47-63 u1`4-10 p`8-14');
    const saved = loadIndex(serializeIndex(buildIndex(sections)));
    assert.deepEqual(parseShape(saved.sections[1]!.shape, 3)[0]!.code, [[4, 17], [47, 63]]);
    const result = answer(saved, 'How do I build the site?', { threshold: 0 });
    assert.ok(result.answered);
    assert.match(result.markdown, /^Run `npm run build` to build the site\. \[1\] Then open `build\/index\.html`\. \[1\]/);
    assert.match(result.markdown, /^- Set `apiUrl` for connected mode\. \[1\]$/m);
    assert.match(result.markdown, /Quote a `` `tick` `` like this\. \[1\]/);
    // The sentences, which text fragments and grounding read, stay plain text.
    assert.equal(result.sentences[0]?.text, 'Run npm run build to build the site.');
  });

  it('gives a page\'s own U+0001 and U+0002 characters no code spans: the tree drops them', () => {
    const html = page(`<h1>Guide</h1><h2 id="odd">Odd</h2><p>Before\u0001 middle\u0002 after &#1;here.</p><table><tr><td>a\u0001b</td><td><code>c</code></td></tr></table>`);
    const odd = extractSections({ url: '/guide', html }).find((section) => section.heading === 'Odd')!;
    assert.equal(odd.text, 'Before middle after here.\nab\tc');
    assert.equal(odd.shape, 'p T`3-4');
  });

  it('reads a line whose code spans do not parse as a plain paragraph', () => {
    assert.deepEqual(parseShape('p`4-x', 1), [{ kind: 'p', depth: 0, callout: false, language: '' }]);
    assert.deepEqual(parseShape('u1`0-3,5-9', 1)[0]?.code, [[0, 3], [5, 9]]);
  });

  it('refuses an index whose shape does not match its text', () => {
    const index = JSON.parse(serializeIndex(buildIndex(extractSections({ url: '/guide', html: page('<h1>Guide</h1><pre>a\nb</pre>') }))));
    index.sections[0].shape = 'C c c';
    assert.throws(() => loadIndex(index, { verifyHash: false }), /sections\[0\]\.shape is the string "C c c", expected one token per line of its text/);
  });
});
