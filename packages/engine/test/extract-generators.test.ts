/**
 * Extraction on the HTML of generators other than Docusaurus, each page a small copy of the generator's real
 * markup (Sphinx, Django's Sphinx theme, DocBook, AsciiDoc man pages, Node.js's API docs, MkDocs Material): the
 * content root, chrome, anchors wherever the generator puts them, callouts, API entries and generated pages.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { extractPage, extractSections, parseSelector, sharedTitleSuffix, withoutSuffix } from '../src/index.js';
import { sectionsFromDirectory } from '../src/node/index.js';

const page = (body: string, head = '<title>Sessions — Acme 3.2 documentation</title>'): string => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const summary = (html: string, url = '/topics/sessions') => extractSections({ url, html }).map((section) => [section.url, section.heading, section.text]);

describe('extraction on other generators', () => {
  it('Sphinx: the body is the root, the sidebar and related bars are chrome, API entries with ids are sections', () => {
    const html = page(`
      <div class="related" role="navigation"><a href="genindex.html">index</a> next</div>
      <div class="document"><div class="body" role="main">
        <section id="sessions"><h1>Sessions<a class="headerlink" href="#sessions">¶</a></h1><p>Sessions keep state.</p>
          <section id="settings"><h2>Settings<a class="headerlink" href="#settings">¶</a></h2><p>Two settings matter.</p>
            <dl class="py class"><dt class="sig sig-object py" id="acme.Session">class <span>acme.Session</span>(<em>store</em>)<a class="headerlink" href="#acme.Session">¶</a></dt>
              <dd><p>A session object.</p>
                <dl class="py method"><dt class="sig sig-object py" id="acme.Session.flush">flush()<a class="headerlink" href="#acme.Session.flush">¶</a></dt><dd><p>Deletes the data.</p></dd></dl>
              </dd></dl>
            <p>Text after the class.</p>
          </section>
        </section>
      </div></div>
      <div class="sphinxsidebar" role="navigation"><h3>Quick search</h3><h3>Table of Contents</h3></div>
      <div class="footer">© Acme</div>`);
    assert.deepEqual(summary(html), [
      ['/topics/sessions', 'Sessions', 'Sessions keep state.'],
      ['/topics/sessions#settings', 'Settings', 'Two settings matter.\nText after the class.'],
      ['/topics/sessions#acme.Session', 'class acme.Session(store)', 'A session object.'],
      ['/topics/sessions#acme.Session.flush', 'flush()', 'Deletes the data.'],
    ]);
    const sections = extractSections({ url: '/topics/sessions', html });
    assert.deepEqual(sections[3]?.breadcrumb, ['Sessions — Acme 3.2 documentation', 'Sessions', 'Settings', 'class acme.Session(store)', 'flush()']);
    assert.deepEqual(sections.map((section) => section.level), [1, 2, 3, 4]);
  });

  it('Django theme: a site title linking home is not a heading, the preceding span gives no anchor over the permalink, notes stay text', () => {
    const html = page(`
      <div id="hd"><h1><a href="../index.html">Acme 3.2 documentation</a></h1><div id="global-nav"><a href="../index.html">Home</a></div></div>
      <div id="bd"><div class="yui-g">
        <div class="section" id="s-caching"><span id="caching"></span><h1>Caching</h1><p>Cache pages.</p>
          <div class="section" id="s-per-view"><span id="per-view"></span><h2>Per view<a class="headerlink" href="#per-view">¶</a></h2>
            <div class="admonition note"><p class="admonition-title">Note</p><h3>Careful</h3><p>Keys expire.</p></div>
            <h3>Warning</h3><p>Mind the size.</p>
          </div>
        </div>
      </div><div class="yui-b" id="sidebar"><h3>Last update:</h3></div></div>
      <div id="ft"><div class="nav">« previous | next »</div></div>`);
    assert.deepEqual(summary(html), [
      ['/topics/sessions', 'Caching', 'Cache pages.'],
      ['/topics/sessions#per-view', 'Per view', 'Note\nCareful\nKeys expire.\nWarning\nMind the size.'],
    ]);
  });

  it('Django theme: an id that holds a chrome word but names the page or its section is content', () => {
    // Django's theme names the content wrapper after the page, and Sphinx names a section after its heading: the
    // Pagination page and the "Related objects reference" section once came out empty.
    const html = page(`
      <div id="bd"><div class="yui-g" id="topics-pagination">
        <div class="section" id="s-pagination"><span id="pagination"></span><h1>Pagination</h1><p>Split data across pages.</p>
          <div class="section" id="s-related-objects"><span id="related-objects"></span><h2>Related objects<a class="headerlink" href="#related-objects">¶</a></h2><p>Managers of relations.</p></div>
          <section id="menu-options"><h2>Menu options</h2><p>The admin menu lists models.</p></section>
        </div>
      </div><div class="yui-b" id="sidebar"><h3>Contents</h3></div></div>`);
    assert.deepEqual(summary(html, '/topics/pagination'), [
      ['/topics/pagination', 'Pagination', 'Split data across pages.'],
      ['/topics/pagination#related-objects', 'Related objects', 'Managers of relations.'],
      ['/topics/pagination#menu-options', 'Menu options', 'The admin menu lists models.'],
    ]);
  });

  it('says why a page with no text left once the chrome is out is not indexed', () => {
    const html = page('<div class="sidebar"><h3>Contents</h3><p>Links</p></div><nav><a href="/">Home</a></nav>');
    assert.match(extractPage({ url: '/empty', html }).skipped ?? '', /^it has no text once its navigation and other page chrome are left out; .* content selector/);
  });

  it('DocBook: an id on a wrapper a few levels up, or on an empty anchor before the heading, is the anchor; navheader and navfooter are chrome', () => {
    const html = page(`
      <div class="navheader"><table><tr><td>Prev</td><th>Chapter 2. Tuning</th><td>Next</td></tr></table></div>
      <div class="chapter" id="tuning"><div class="titlepage"><div><div><h2 class="title">Chapter 2. Tuning</h2></div></div></div>
        <p>Intro.</p>
        <div class="sect1" id="tuning-memory"><div class="titlepage"><div><div><h3 class="title">2.1. Memory</h3></div></div></div><p>Give it memory.</p></div>
        <a name="disk"></a><h3>2.2. Disk</h3><p>Fast disks.</p>
      </div>
      <div class="navfooter"><a href="next.html">Next</a></div>`, '<title>Chapter 2. Tuning</title>');
    assert.deepEqual(summary(html, '/tuning.html'), [
      ['/tuning.html#tuning', 'Chapter 2. Tuning', 'Intro.'],
      ['/tuning.html#tuning-memory', '2.1. Memory', 'Give it memory.'],
      ['/tuning.html#disk', '2.2. Disk', 'Fast disks.'],
    ]);
  });

  it('AsciiDoc man page: EXAMPLES and NOTES with their ids are sections; a "Note" heading without an anchor is a callout title', () => {
    const html = page(`
      <div id="content">
        <div class="sect1"><h2 id="_options">OPTIONS</h2><div class="sectionbody"><dl><dt class="hdlist1">--soft</dt><dd><p>Keep the index.</p></dd></dl></div></div>
        <div class="sect1"><h2 id="_examples">EXAMPLES</h2><div class="sectionbody"><dl><dt class="hdlist1">Undo a commit</dt><dd><p>git reset --soft HEAD^</p></dd></dl>
          <h3>Note</h3><p>Only on your own branch.</p></div></div>
        <div class="sect1"><h2 id="_notes">NOTES</h2><div class="sectionbody"><p>Tracked files stay tracked.</p></div></div>
      </div>`, '<title>git-reset(1)</title>');
    assert.deepEqual(summary(html, '/git-reset'), [
      ['/git-reset#_options', 'OPTIONS', '--soft\nKeep the index.'],
      ['/git-reset#_examples', 'EXAMPLES', 'Undo a commit\ngit reset --soft HEAD^\nNote\nOnly on your own branch.'],
      ['/git-reset#_notes', 'NOTES', 'Tracked files stay tracked.'],
    ]);
  });

  it('Node.js API docs: #apicontent is the root, h4 and h5 with anchors are sections, the # mark is not part of the heading', () => {
    const html = page(`
      <div id="column2"><ul><li><a href="fs.html">File system</a></li></ul></div>
      <div id="column1"><header class="header"><h1>Acme v18 documentation</h1><details id="toc"><summary>Table of contents</summary><ul><li>fs.access</li></ul></details></header>
      <div id="apicontent">
        <h2>File system<span><a class="mark" href="#file-system" id="file-system">#</a></span><a aria-hidden="true" class="legacy" id="fs_file_system"></a></h2><p>Work with files.</p>
        <h4><code>fs.access(path[, mode])</code><span><a class="mark" href="#fsaccess" id="fsaccess">#</a></span></h4><p>Tests permissions.</p>
        <h5>Returns</h5><p>A promise.</p>
      </div></div>`, '<title>File system | Acme v18 Documentation</title>');
    assert.deepEqual(summary(html, '/fs'), [
      ['/fs#file-system', 'File system', 'Work with files.'],
      ['/fs#fsaccess', 'fs.access(path[, mode])', 'Tests permissions.\nReturns\nA promise.'],
    ]);
  });

  it('MkDocs Material: the article is the root and its edit button is chrome', () => {
    const html = page(`<div class="md-sidebar md-sidebar--primary"><nav class="md-nav">Navigation</nav></div>
      <div class="md-content"><article class="md-content__inner md-typeset"><a href="https://github.com/acme/edit" class="md-content__button">Edit</a>
      <h1 id="intro">Intro</h1><p>Start here.</p><h2 id="next">Next</h2><p>Then this.</p></article></div>`);
    assert.deepEqual(summary(html, '/intro/'), [
      ['/intro/', 'Intro', 'Start here.'],
      ['/intro/#next', 'Next', 'Then this.'],
    ]);
  });

  it('takes the owner’s content selector before the known roots', () => {
    const html = page('<div class="skin"><p>Skin text.</p></div><div class="wiki-body" data-x="1"><h1>Wiki</h1><p>Wiki text.</p></div><main><h1>Main</h1></main>');
    const sections = extractSections({ url: '/w', html }, { contentSelector: 'div.wiki-body[data-x=1]' });
    assert.deepEqual(sections.map((section) => [section.heading, section.text]), [['Wiki', 'Wiki text.']]);
    assert.match(String(parseSelector('div > p')), /not a selector this reads/);
  });

  it('skips generated pages and says why, unless asked to keep them', () => {
    const index = page('<div class="body" role="main"><h1>Index</h1><p>A B C</p></div>');
    assert.equal(extractPage({ url: '/genindex', html: index }).skipped, 'it is a generated index or not-found page');
    assert.equal(extractPage({ url: '/py-modindex.html', html: index }).skipped, 'it is a generated index or not-found page');
    assert.equal(extractPage({ url: '/genindex', html: index }, { skipGeneratedPages: false }).sections.length, 1);
    const noindex = page('<main><h1>Draft</h1><p>Not yet.</p></main>', '<title>Draft</title><meta name="robots" content="noindex, follow">');
    assert.match(extractPage({ url: '/draft', html: noindex }).skipped ?? '', /noindex/);
    const searchForm = page('<div class="body" role="main"><h1>Search</h1><p>Please activate JavaScript to enable the search functionality.</p></div>');
    assert.equal(extractPage({ url: '/search.html', html: searchForm }).skipped, 'it is a search page');
    const searchArticle = page(`<main><h1>Full-text search</h1><p>${'Search lookups use the database. '.repeat(20)}</p></main>`);
    assert.equal(extractPage({ url: '/topics/db/search', html: searchArticle }).skipped, null);
  });

  it('finds the title suffix the pages share, whatever the separator, and drops it', () => {
    const titles = ['Sessions — Acme 3.2 documentation', 'Caching — Acme 3.2 documentation', 'Acme 3.2 documentation', 'Forms — Acme 3.2 documentation', 'Odd page'];
    assert.equal(sharedTitleSuffix(titles), ' — Acme 3.2 documentation');
    assert.equal(withoutSuffix('Sessions — Acme 3.2 documentation', ' — Acme 3.2 documentation'), 'Sessions');
    assert.equal(sharedTitleSuffix(['git-commit(1)', 'git-add(1)', 'gitglossary(7)']), null);
    assert.equal(sharedTitleSuffix(['A | Docs', 'B | Docs']), null, 'two pages are too few to tell');
  });

  it('a folder of pages: generated pages and folders are reported, titles lose the shared suffix', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-generators-'));
    try {
      const site = (title: string, body: string) => page(`<div class="body" role="main">${body}</div>`, `<title>${title} — Acme docs</title>`);
      writeFileSync(path.join(dir, 'index.html'), site('Welcome', '<h1>Welcome</h1><p>Hello.</p>'));
      writeFileSync(path.join(dir, 'sessions.html'), site('Sessions', '<h1>Sessions</h1><p>State.</p>'));
      writeFileSync(path.join(dir, 'forms.html'), site('Forms', '<h1>Forms</h1><p>Input.</p>'));
      writeFileSync(path.join(dir, 'genindex.html'), site('Index', '<h1>Index</h1><p>A</p>'));
      mkdirSync(path.join(dir, '_modules'));
      writeFileSync(path.join(dir, '_modules', 'acme.html'), site('acme', '<h1>Source code for acme</h1>'));
      const skipped: string[] = [];
      const sections = await sectionsFromDirectory(dir, { cleanTitles: true, onSkip: (file, reason) => skipped.push(`${file}: ${reason}`) });
      assert.deepEqual(sections.map((section) => section.pageTitle).sort(), ['Forms', 'Sessions', 'Welcome']);
      assert.deepEqual(skipped.sort(), ['_modules/acme.html: it is in a folder of generated files (a name starting with _)', 'genindex.html: it is a generated index or not-found page']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
