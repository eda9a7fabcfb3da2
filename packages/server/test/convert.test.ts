/**
 * The converters that turn uploaded and repository files into HTML for the indexer. Each test builds a real file
 * (with pdf-lib, docx, yazl, or by hand for text formats), renders it with renderFile, and checks what the
 * engine's extractor makes of the result: the sections' headings, anchors, text and page titles, and that a file
 * that cannot be read fails with an UnreadableContent whose message names the file and the fix.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractSections, type Section } from '@docent/engine';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, PDFHexString, PDFName, PDFRef, StandardFonts, type PDFPage } from 'pdf-lib';
import { isRenderable, mediaTypeOf, RENDERABLE_EXTENSIONS, renderFile, UPLOAD_EXTENSIONS } from '../src/sources/convert/index.js';
import { UnreadableContent } from '../src/sources/documents.js';
import { yazlZip } from './helpers/zipCraft.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Renders the file and extracts its sections as the sync does, under the URL `/files/<name>`. */
async function sectionsOf(name: string, bytes: Uint8Array): Promise<Section[]> {
  const html = await renderFile(name, bytes);
  return extractSections({ url: `/files/${name}`, html });
}

function find(sections: Section[], heading: string): Section {
  const section = sections.find((candidate) => candidate.heading === heading);
  assert.ok(section, `no section "${heading}" in ${JSON.stringify(sections.map((each) => each.heading))}`);
  return section;
}

function fragment(section: Section): string {
  const hash = section.url.indexOf('#');
  return hash === -1 ? '' : section.url.slice(hash + 1);
}

async function rejectsWith(name: string, bytes: Uint8Array, message: RegExp): Promise<void> {
  await assert.rejects(renderFile(name, bytes), (error: unknown) => {
    assert.ok(error instanceof UnreadableContent, `expected UnreadableContent, got ${String(error)}`);
    assert.match(error.message, message);
    return true;
  });
}

describe('convert: the API', () => {
  it('lists the uploadable extensions and the ones only repositories have', () => {
    assert.deepEqual([...UPLOAD_EXTENSIONS], ['.md', '.mdx', '.txt', '.html', '.pdf', '.docx', '.csv']);
    for (const extension of [...UPLOAD_EXTENSIONS, '.rst', '.markdown', '.htm']) assert.ok(RENDERABLE_EXTENSIONS.includes(extension), extension);
    assert.equal(RENDERABLE_EXTENSIONS.length, 10);
  });

  it('tells renderable names by extension, case-insensitively, paths included', () => {
    assert.equal(isRenderable('docs/guide/Intro.MD'), true);
    assert.equal(isRenderable('manual.PDF'), true);
    assert.equal(isRenderable('docs/index.rst'), true);
    assert.equal(isRenderable('logo.png'), false);
    assert.equal(isRenderable('Makefile'), false);
    assert.equal(isRenderable('.md'), false);
  });

  it('gives each format its media type', () => {
    assert.equal(mediaTypeOf('a/b/readme.md'), 'text/markdown');
    assert.equal(mediaTypeOf('manual.pdf'), 'application/pdf');
    assert.equal(mediaTypeOf('report.DOCX'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    assert.equal(mediaTypeOf('codes.csv'), 'text/csv');
    assert.equal(mediaTypeOf('notes.txt'), 'text/plain');
    assert.equal(mediaTypeOf('page.htm'), 'text/html');
    assert.equal(mediaTypeOf('index.rst'), 'text/x-rst');
    assert.equal(mediaTypeOf('archive.tar'), 'application/octet-stream');
  });

  it('rejects an extension it does not read, naming the file', async () => {
    await rejectsWith('docs/logo.png', new Uint8Array([1, 2, 3]), /^logo\.png cannot be indexed: files ending in \.png/);
  });
});

describe('convert: Markdown', () => {
  it('titles the page from front matter, adds the missing h1, and gives headings GitHub ids', async () => {
    const markdown = [
      '---',
      'title: Installing Docent',
      'description: How to install the server.',
      'sidebar_position: 2',
      '---',
      '',
      'Docent runs on Node 20.',
      '',
      '## Getting Started!',
      '',
      'Install it:',
      '',
      '```bash',
      'npm install <docent> && echo "done"',
      '```',
      '',
      '### Step 2: Configure `docent.json`',
      '',
      '| Option | Default |',
      '| ------ | ------- |',
      '| port   | 8080    |',
      '',
      '## Getting Started!',
      '',
      'Twice.',
    ].join('\n');
    const sections = await sectionsOf('docs/guide/install.md', encode(markdown));
    assert.deepEqual(
      sections.map((section) => [section.heading, section.level, fragment(section)]),
      [
        ['Installing Docent', 1, ''],
        ['Getting Started!', 2, 'getting-started'],
        ['Step 2: Configure docent.json', 3, 'step-2-configure-docentjson'],
        ['Getting Started!', 2, 'getting-started-1'],
      ],
    );
    assert.equal(sections[0]?.pageTitle, 'Installing Docent');
    assert.equal(sections[0]?.description, 'How to install the server.');
    assert.equal(sections[0]?.text, 'Docent runs on Node 20.');
    // Code kept verbatim, as text.
    assert.match(find(sections, 'Getting Started!').text, /npm install <docent> && echo "done"/);
    assert.match(sections[2]?.text ?? '', /port\t8080/);
    // The front matter itself is not content.
    assert.ok(!sections.some((section) => /sidebar_position/.test(section.text)));
  });

  it('titles the page from its first h1, else from the file name', async () => {
    const withH1 = await sectionsOf('readme.markdown', encode('# Docent *docs*\n\nHello.\n\n## Usage\n\nAsk.\n'));
    assert.equal(withH1[0]?.pageTitle, 'Docent docs');
    assert.equal(withH1[0]?.heading, 'Docent docs');
    assert.equal(find(withH1, 'Usage').url, '/files/readme.markdown#usage');

    const bare = await sectionsOf('docs/faq.md', encode('## Question\n\nAnswer.\n'));
    assert.equal(bare[0]?.pageTitle, 'faq');
    assert.equal(fragment(find(bare, 'Question')), 'question');
  });

  it('drops raw HTML (scripts included) but keeps the text between inline tags', async () => {
    const html = await renderFile('x.md', encode('# Keys\n\nPress <kbd>Ctrl</kbd>+<kbd>K</kbd>.\n\n<script>alert("owned")</script>\n\n<div onclick="steal()">\n\n**Inside** the div.\n\n</div>\n'));
    assert.doesNotMatch(html, /<script|alert|onclick|steal/);
    const sections = extractSections({ url: '/x', html });
    assert.equal(sections[0]?.text, 'Press Ctrl+K.\nInside the div.');
  });
});

describe('convert: MDX', () => {
  const mdx = [
    '---',
    'title: Install',
    '---',
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    'export const version = "2.0";',
    '',
    '# Install',
    '',
    'Current version: {version}. {/* a comment for editors */}',
    '',
    '<Tabs groupId="pm">',
    '  <TabItem value="npm" label="Using npm">',
    '',
    'Run **npm install docent**.',
    '',
    '```bash',
    'npm install docent',
    '```',
    '',
    '  </TabItem>',
    '  <TabItem value="yarn" label="Using Yarn">',
    '',
    'Run yarn add docent.',
    '',
    '  </TabItem>',
    '</Tabs>',
    '',
    '## Verify <Badge text="new" />',
    '',
    '<Note>Check the <Highlight color="red">version</Highlight> printed.</Note>',
  ].join('\n');

  it('keeps the Markdown inside JSX elements and drops imports, exports, expressions and attributes', async () => {
    const html = await renderFile('docs/install.mdx', encode(mdx));
    assert.doesNotMatch(html, /import|export|@theme|groupId|Using npm|label=|a comment for editors|\{version\}/);
    const sections = extractSections({ url: '/install', html });
    assert.deepEqual(
      sections.map((section) => [section.heading, fragment(section)]),
      [
        ['Install', ''],
        // The id of the heading's text as Docusaurus and GitHub compute it, trailing space (left by <Badge />) included.
        ['Verify', 'verify-'],
      ],
    );
    const install = sections[0]?.text ?? '';
    assert.match(install, /Current version: \./);
    assert.match(install, /Run npm install docent\./);
    assert.match(install, /Run yarn add docent\./);
    // The fenced code block inside the tab is still code, kept as text.
    assert.match(html, /<pre><code class="language-bash">npm install docent\n<\/code><\/pre>/);
    assert.equal(sections[1]?.text, 'Check the version printed.');
  });

  it('reads an MDX file that does not parse as MDX as Markdown instead of failing', async () => {
    // An HTML comment and an unclosed <br> are Markdown, but syntax errors in MDX.
    const sections = await sectionsOf('legacy.mdx', encode('# Legacy\n\n<!-- old -->\n\nLine one<br>line two.\n\n## Still here\n\nYes.\n'));
    assert.deepEqual(
      sections.map((section) => section.heading),
      ['Legacy', 'Still here'],
    );
    assert.equal(find(sections, 'Still here').text, 'Yes.');
  });
});

describe('convert: reStructuredText', () => {
  const rst = [
    '.. _top:',
    '',
    '.. This comment is for the authors only.',
    '   It spans two lines.',
    '',
    '=================',
    ' Docent User Guide',
    '=================',
    '',
    'Docent answers **questions** about *your* docs; see :ref:`the setup <setup>`',
    'and `the website <https://example.com>`_ or :func:`~docent.client.ask`.',
    '',
    '1. Getting Started!',
    '-------------------',
    '',
    'Install it::',
    '',
    '    npm install docent',
    '    docent serve --port 8080',
    '',
    '- first item',
    '- second item with ``inline code``',
    '',
    '  nested paragraph of the second item',
    '',
    '#. enumerated one',
    '#. enumerated two',
    '',
    '.. code-block:: python',
    '   :linenos:',
    '   :caption: Example',
    '',
    '   import docent',
    '   docent.ask("How do I <install>?")',
    '',
    '.. note:: Keep the token secret.',
    '   Rotate it yearly.',
    '',
    '.. warning::',
    '',
    '   Never commit the token.',
    '',
    '.. toctree::',
    '   :maxdepth: 2',
    '',
    '   install',
    '   usage',
    '',
    'Configuration',
    '~~~~~~~~~~~~~',
    '',
    'port',
    '   The port to listen on.',
    '',
    '=====  =======',
    'Name   Default',
    '=====  =======',
    'port   8080',
    '=====  =======',
    '',
    'Getting Started!',
    '-------------------',
    '',
    'Again, with a footnote [#f1]_ and a |version| substitution.',
  ].join('\n');

  it('makes sections from adornments in order of first appearance, with docutils ids', async () => {
    const sections = await sectionsOf('docs/guide.rst', encode(rst));
    assert.deepEqual(
      sections.map((section) => [section.heading, section.level, fragment(section)]),
      [
        ['Docent User Guide', 1, ''],
        ['1. Getting Started!', 2, 'getting-started'],
        ['Configuration', 3, 'configuration'],
        ['Getting Started!', 2, 'getting-started-1'],
      ],
    );
    assert.equal(sections[0]?.pageTitle, 'Docent User Guide');
    assert.deepEqual(sections[2]?.breadcrumb, ['Docent User Guide', '1. Getting Started!', 'Configuration']);
  });

  it('strips inline markup to its text', async () => {
    const sections = await sectionsOf('guide.rst', encode(rst));
    assert.equal(sections[0]?.text, 'Docent answers questions about your docs; see the setup and the website or ask.');
    assert.equal(find(sections, 'Getting Started!').text, 'Again, with a footnote and a version substitution.');
  });

  it('keeps literal blocks, code directives, lists, admonitions and tables; drops comments, targets and options', async () => {
    const html = await renderFile('guide.rst', encode(rst));
    assert.match(html, /<pre><code>npm install docent\ndocent serve --port 8080<\/code><\/pre>/);
    assert.match(html, /<pre><code class="language-python">import docent\ndocent\.ask\(&quot;How do I &lt;install&gt;\?&quot;\)<\/code><\/pre>/);
    const started = find(await sectionsOf('guide.rst', encode(rst)), '1. Getting Started!').text;
    assert.equal(
      started,
      [
        'Install it:',
        'npm install docent',
        'docent serve --port 8080',
        'first item',
        'second item with inline code',
        'nested paragraph of the second item',
        'enumerated one',
        'enumerated two',
        'import docent',
        'docent.ask("How do I <install>?")',
        'Keep the token secret. Rotate it yearly.',
        'Never commit the token.',
      ].join('\n'),
    );
    assert.doesNotMatch(html, /comment is for the authors|maxdepth|linenos|Example|_top|usage/);
    const configuration = find(await sectionsOf('guide.rst', encode(rst)), 'Configuration').text;
    assert.match(configuration, /port\nThe port to listen on\./);
    assert.match(configuration, /Name\tDefault/);
    assert.match(configuration, /port\t8080/);
  });

  it('reads definition and field lists, grid tables, doctest and line blocks, and titled directives', async () => {
    const source = [
      'Reference',
      '=========',
      '',
      ':Author: Ada *Lovelace*',
      ':orphan:',
      '',
      'timeout : int',
      '   Seconds to wait.',
      '',
      '+---------+---------+',
      '| Option  | Meaning |',
      '+=========+=========+',
      '| retries | how     |',
      '|         | often   |',
      '+---------+---------+',
      '',
      '>>> ask("hi")',
      "'hello'",
      '',
      '| Roses are red,',
      '| docs are too.',
      '',
      '.. admonition:: Custom title',
      '   :class: tip',
      '',
      '   Body of the admonition.',
      '',
      '.. raw:: html',
      '',
      '   <script>alert(1)</script>',
      '',
      '(a) alpha',
      '(b) beta',
    ].join('\n');
    const html = await renderFile('ref.rst', encode(source));
    assert.doesNotMatch(html, /script|alert|orphan|class: tip/);
    assert.match(html, /<pre><code>&gt;&gt;&gt; ask\(&quot;hi&quot;\)\n&#39;hello&#39;<\/code><\/pre>/);
    const sections = extractSections({ url: '/ref', html });
    assert.equal(
      sections[0]?.text,
      [
        'Author: Ada Lovelace',
        'timeout int',
        'Seconds to wait.',
        'Option\tMeaning',
        'retries\thow often',
        '>>> ask("hi")',
        "'hello'",
        'Roses are red, docs are too.',
        'Custom title',
        'Body of the admonition.',
        'alpha',
        'beta',
      ].join('\n'),
    );
  });

  it('titles a file without sections by its name', async () => {
    const sections = await sectionsOf('docs/changelog.rst', encode('Just a paragraph.\n'));
    assert.equal(sections[0]?.pageTitle, 'changelog');
    assert.equal(sections[0]?.text, 'Just a paragraph.');
  });
});

describe('convert: text and HTML', () => {
  it('titles a text file by its first short line and splits paragraphs on blank lines, escaping everything', async () => {
    const text = 'Release notes\r\n\r\nVersion 2 adds <b>bold</b> & more.\r\nSecond line.\r\n\r\n\r\nLast paragraph.\r\n';
    const html = await renderFile('notes.txt', encode(text));
    assert.doesNotMatch(html, /<b>/);
    const sections = extractSections({ url: '/notes', html });
    assert.equal(sections[0]?.pageTitle, 'Release notes');
    assert.equal(sections[0]?.text, 'Release notes\nVersion 2 adds <b>bold</b> & more. Second line.\nLast paragraph.');
  });

  it('titles a text file whose first line is long by its name', async () => {
    const sections = await sectionsOf('dir/long.txt', encode(`${'word '.repeat(40)}\n\nmore`));
    assert.equal(sections[0]?.pageTitle, 'long');
  });

  it('passes HTML through, honouring a legacy <meta charset>', async () => {
    const html = '<html><head><meta charset="windows-1252"><title>Caf\xe9 guide</title></head><body><h1>Menu</h1><h2 id="drinks">Drinks</h2><p>Cr\xe8me br\xfbl\xe9e</p></body></html>';
    const sections = await sectionsOf('menu.html', Uint8Array.from(html, (character) => character.charCodeAt(0)));
    assert.equal(sections[0]?.pageTitle, 'Café guide');
    assert.equal(find(sections, 'Drinks').url, '/files/menu.html#drinks');
    assert.equal(find(sections, 'Drinks').text, 'Crème brûlée');
  });

  it('titles an HTML fragment with neither title nor h1 by its file name', async () => {
    const sections = await sectionsOf('snippets/part.htm', encode('<h2 id="a">A</h2><p>Text.</p>'));
    assert.equal(sections[0]?.pageTitle, 'part');
    assert.equal(fragment(find(sections, 'A')), 'a');
  });
});

/** A PDF with one page per entry, each line drawn as text. */
async function pdfWithPages(pages: string[][], title?: string): Promise<{ doc: PDFDocument; pages: PDFPage[] }> {
  const doc = await PDFDocument.create();
  if (title) doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const created = pages.map((lines) => {
    const page = doc.addPage([400, 400]);
    lines.forEach((line, index) => page.drawText(line, { x: 40, y: 350 - index * 30, size: 14, font }));
    return page;
  });
  return { doc, pages: created };
}

/**
 * Adds an outline (the bookmarks pane): Introduction → page 1, Installation → page 2 with a child Usage → page 2
 * through the named destination "usage" (so both explicit and named destinations are read).
 */
function addOutline(doc: PDFDocument, pages: PDFPage[]): void {
  const context = doc.context;
  const [first, second] = pages;
  assert.ok(first && second);
  const outlines = context.nextRef();
  const introduction = context.nextRef();
  const installation = context.nextRef();
  const usage = context.nextRef();
  const explicit = (page: PDFPage) => context.obj([page.ref, PDFName.of('XYZ'), null, null, null]);
  context.assign(introduction, context.obj({ Title: PDFHexString.fromText('Introduction'), Parent: outlines, Next: installation, Dest: explicit(first) }));
  context.assign(
    installation,
    context.obj({ Title: PDFHexString.fromText('Installation'), Parent: outlines, Prev: introduction, First: usage, Last: usage, Count: 1, Dest: explicit(second) }),
  );
  context.assign(usage, context.obj({ Title: PDFHexString.fromText('Usage'), Parent: installation, Dest: PDFName.of('usage') }));
  context.assign(outlines, context.obj({ Type: 'Outlines', First: introduction, Last: installation, Count: 3 }));
  doc.catalog.set(PDFName.of('Outlines'), outlines);
  doc.catalog.set(PDFName.of('Dests'), context.obj({ usage: [second.ref, PDFName.of('Fit')] }));
}

describe('convert: PDF', () => {
  it('makes a section per outline entry, anchored #page=N, each with its own text', async () => {
    const { doc, pages } = await pdfWithPages(
      [
        ['Preface text before any chapter.', 'Introduction', 'Docent answers questions about your docs.'],
        ['Installation', 'Run npm install docent.', 'Usage', 'Ask a question with the widget.'],
      ],
      'Docent Manual',
    );
    addOutline(doc, pages);
    const sections = await sectionsOf('manual.pdf', await doc.save());
    assert.deepEqual(
      sections.map((section) => [section.heading, section.level, section.url, section.id]),
      [
        ['Docent Manual', 1, '/files/manual.pdf', '/files/manual.pdf'],
        ['Introduction', 2, '/files/manual.pdf#page=1', '/files/manual.pdf#page=1'],
        ['Installation', 2, '/files/manual.pdf#page=2', '/files/manual.pdf#page=2'],
        ['Usage', 3, '/files/manual.pdf#page=2', '/files/manual.pdf#page=2~2'],
      ],
    );
    assert.equal(sections[0]?.pageTitle, 'Docent Manual');
    assert.equal(sections[0]?.text, 'Preface text before any chapter.');
    assert.equal(find(sections, 'Introduction').text, 'Docent answers questions about your docs.');
    assert.equal(find(sections, 'Installation').text, 'Run npm install docent.');
    assert.equal(find(sections, 'Usage').text, 'Ask a question with the widget.');
    assert.deepEqual(find(sections, 'Usage').breadcrumb, ['Docent Manual', 'Installation', 'Usage']);
  });

  it('titles an outlined PDF without Title metadata by its first outline entry', async () => {
    const { doc, pages } = await pdfWithPages([['Introduction', 'One.'], ['Installation', 'Two.']]);
    addOutline(doc, pages);
    const sections = await sectionsOf('manual.pdf', await doc.save());
    assert.equal(sections[0]?.pageTitle, 'Introduction');
  });

  it('makes a section per page when there is no outline, titled by the file name', async () => {
    const { doc } = await pdfWithPages([['First page text.'], ['Second page <text> & more.']]);
    const sections = await sectionsOf('reports/q3-report.pdf', await doc.save());
    assert.deepEqual(
      sections.map((section) => [section.heading, fragment(section), section.text]),
      [
        ['Page 1', 'page=1', 'First page text.'],
        ['Page 2', 'page=2', 'Second page <text> & more.'],
      ],
    );
    assert.equal(sections[0]?.pageTitle, 'q3-report');
  });

  it('rejects a PDF with no text layer', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 300]).drawRectangle({ x: 20, y: 20, width: 200, height: 100 });
    await rejectsWith('scans/scan.pdf', await doc.save(), /^scan\.pdf has no text layer \(a scanned document\?\): run it through OCR first, then upload it again$/);
  });

  it('rejects a password-protected PDF', async () => {
    // pdf-lib cannot encrypt, but it writes whatever /Encrypt the trailer is given: a standard security handler
    // whose /U does not match the empty password is a document pdf.js must ask a password for.
    const { doc } = await pdfWithPages([['Secret text.']]);
    const context = doc.context;
    const id = PDFHexString.of('0123456789abcdef0123456789abcdef');
    context.trailerInfo.ID = context.obj([id, id]);
    context.trailerInfo.Encrypt = context.register(
      context.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -4, O: PDFHexString.of('ab'.repeat(32)), U: PDFHexString.of('cd'.repeat(32)) }),
    ) as PDFRef;
    await rejectsWith('secret.pdf', await doc.save({ useObjectStreams: false }), /^secret\.pdf is protected by a password: upload a copy without one$/);
  });

  it('rejects a file that is not a PDF, or a broken one', async () => {
    await rejectsWith('fake.pdf', encode('just some text, not a PDF'), /^fake\.pdf is not a PDF/);
    await rejectsWith('broken.pdf', encode('%PDF-1.7\n garbage with no objects and no trailer'), /^broken\.pdf/);
  });
});

describe('convert: Word documents', () => {
  it('makes sections of headings with unique slug ids, titled by the first heading', async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Admin Guide', heading: HeadingLevel.HEADING_1 }),
            new Paragraph('Read this first.'),
            new Paragraph({ text: 'Backups & Restore', heading: HeadingLevel.HEADING_2 }),
            new Paragraph({ children: [new TextRun('Run '), new TextRun({ text: 'docent backup', bold: true }), new TextRun(' nightly.')] }),
            new Paragraph({ text: 'Details', heading: HeadingLevel.HEADING_3 }),
            new Paragraph('Backups go to <data>/backups.'),
            new Paragraph({ text: 'Backups & Restore', heading: HeadingLevel.HEADING_2 }),
            new Paragraph('Again.'),
          ],
        },
      ],
    });
    const sections = await sectionsOf('guides/admin.docx', await Packer.toBuffer(doc));
    assert.deepEqual(
      sections.map((section) => [section.heading, section.level, fragment(section), section.text]),
      [
        ['Admin Guide', 1, '', 'Read this first.'],
        ['Backups & Restore', 2, 'backups--restore', 'Run docent backup nightly.'],
        ['Details', 3, 'details', 'Backups go to <data>/backups.'],
        ['Backups & Restore', 2, 'backups--restore-1', 'Again.'],
      ],
    );
    assert.equal(sections[0]?.pageTitle, 'Admin Guide');
  });

  it('titles a Word document without headings by its file name', async () => {
    const doc = new Document({ sections: [{ children: [new Paragraph('Only a paragraph.')] }] });
    const sections = await sectionsOf('memo.docx', await Packer.toBuffer(doc));
    assert.equal(sections[0]?.pageTitle, 'memo');
    assert.equal(sections[0]?.text, 'Only a paragraph.');
  });

  it('rejects a ZIP that is not a Word document, and random bytes', async () => {
    const fix = 'save it as \\.docx from Word or LibreOffice and upload it again$';
    await rejectsWith('uploads/archive.docx', await yazlZip({ 'readme.txt': 'hello' }), new RegExp(`^archive\\.docx is not a Word document \\(\\.docx\\): the ZIP package holds no Word document .*${fix}`));
    await rejectsWith('noise.docx', Uint8Array.from({ length: 512 }, (_, index) => (index * 7919) % 256), new RegExp(`^noise\\.docx is not a Word document \\(\\.docx\\): it is not a ZIP package.*${fix}`));
  });
});

describe('convert: CSV', () => {
  it('makes a section per row, headed by its first non-empty cell, with "Header: value" lines', async () => {
    const csv = 'Code,Meaning,Fix\r\nE42,"Token expired, or revoked",Create a new token\r\n\r\n,"Line one\nline two",<restart>\r\nE7,Quota,\r\n';
    const html = await renderFile('data/error-codes.csv', encode(csv));
    assert.doesNotMatch(html, /<restart>/);
    const sections = extractSections({ url: '/codes', html });
    assert.deepEqual(
      sections.map((section) => [section.heading, section.level, fragment(section), section.text]),
      [
        ['E42', 2, 'row-1', 'Code: E42\nMeaning: Token expired, or revoked\nFix: Create a new token'],
        ['Line one\nline two'.replace('\n', ' '), 2, 'row-2', 'Meaning: Line one line two\nFix: <restart>'],
        ['E7', 2, 'row-3', 'Code: E7\nMeaning: Quota'],
      ],
    );
    assert.equal(sections[0]?.pageTitle, 'error-codes');
  });

  it('reads a file saved in windows-1252 (as Excel does) without mojibake', async () => {
    const bytes = Uint8Array.from('Dish,Price\nCr\xe8me br\xfbl\xe9e,4\n', (character) => character.charCodeAt(0));
    const sections = await sectionsOf('menu.csv', bytes);
    assert.equal(sections[0]?.heading, 'Crème brûlée');
  });

  it('reads semicolon- and tab-separated files', async () => {
    const semicolon = await sectionsOf('eu.csv', encode('Name;Price\nCoffee;2,50\n'));
    assert.equal(semicolon[0]?.text, 'Name: Coffee\nPrice: 2,50');
    const tabs = await sectionsOf('t.csv', encode('Name\tPrice\nTea\t1.80\n'));
    assert.equal(tabs[0]?.text, 'Name: Tea\nPrice: 1.80');
  });

  it('rejects rows with another number of fields than the header, naming the line', async () => {
    const csv = 'a,b,c\n1,2,3\n"multi\nline",2,3\n\n4,5,6\n7,8,9,10\n';
    await rejectsWith('lists/bad.csv', encode(csv), /^bad\.csv: line 7 has 4 fields, but the header has 3\. Make every row have as many fields as the header\.$/);
  });

  it('rejects a CSV with only a header, an empty one, and broken quotes', async () => {
    await rejectsWith('header.csv', encode('a,b,c\n'), /^header\.csv has a header but no rows/);
    await rejectsWith('empty.csv', encode(''), /^empty\.csv is empty/);
    await rejectsWith('quotes.csv', encode('a,b\n"open,2\n'), /^quotes\.csv is not valid CSV: .*Quote Not Closed/);
  });
});
