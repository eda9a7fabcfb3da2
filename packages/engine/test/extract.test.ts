import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanTitle, extractSections } from '../src/index.js';
import { fixture } from './helpers.js';

describe('extractSections', () => {
  const sections = extractSections({ url: '/guide', html: fixture('site/guide.html') });
  const byHeading = (heading: string) => {
    const section = sections.find((entry) => entry.heading === heading);
    assert.ok(section, `no section with heading ${heading}`);
    return section;
  };

  it('makes one section per h1–h3, in page order', () => {
    assert.deepEqual(
      sections.map((section) => [section.level, section.heading]),
      [
        [1, 'Install the widget'],
        [2, 'Prerequisites'],
        [2, 'Install the package'],
        [3, 'Check the version'],
        [2, 'Troubleshooting & support'],
      ],
    );
  });

  it('gives each section its anchor URL; the h1 section uses the page path', () => {
    assert.deepEqual(
      sections.map((section) => section.url),
      [
        '/guide',
        '/guide#prerequisites',
        '/guide#install-the-package',
        '/guide#check-the-version',
        '/guide#troubleshooting',
      ],
    );
    assert.ok(sections.every((section) => section.pageUrl === '/guide'));
    assert.equal(new Set(sections.map((section) => section.id)).size, sections.length);
  });

  it('takes the page title from <title>, and drops the site name with cleanTitles', () => {
    assert.equal(sections[0]?.pageTitle, 'Install the widget | Acme docs');
    const clean = extractSections({ url: '/guide', html: fixture('site/guide.html') }, { cleanTitles: true });
    assert.ok(clean.every((section) => section.pageTitle === 'Install the widget'));
    assert.equal(cleanTitle('Quickstart | Docent docs'), 'Quickstart');
    assert.equal(cleanTitle('A | B | Site'), 'A | B');
    assert.equal(cleanTitle('No suffix'), 'No suffix');
  });

  it('builds breadcrumbs from the page title and the parent headings', () => {
    const clean = extractSections({ url: '/guide', html: fixture('site/guide.html') }, { cleanTitles: true });
    assert.deepEqual(clean.find((section) => section.heading === 'Check the version')?.breadcrumb, [
      'Install the widget',
      'Install the package',
      'Check the version',
    ]);
    assert.deepEqual(clean[0]?.breadcrumb, ['Install the widget']);
    assert.deepEqual(byHeading('Prerequisites').breadcrumb, [
      'Install the widget | Acme docs',
      'Prerequisites',
    ]);
  });

  it('keeps the meta description on every section', () => {
    assert.ok(sections.every((section) => section.description === 'Add the Acme search widget to any site in five minutes.'));
  });

  it('keeps code as text, with dotted names and abbreviations intact', () => {
    assert.equal(
      byHeading('Install the widget').text,
      'This guide installs the Acme widget. You edit acme.config.json, e.g. to set the project id.',
    );
    assert.match(byHeading('Install the package').text, /\nnpm install @acme\/widget\nnpx acme init --project my-project$/);
  });

  it('collapses whitespace inside a block and separates blocks with one line break', () => {
    assert.equal(byHeading('Check the version').text, 'Run npx acme --version and compare it with the release notes.');
    assert.equal(byHeading('Prerequisites').text, 'Node.js 20 or later.\nA project id such as my-project.');
    for (const section of sections) {
      assert.doesNotMatch(section.text, / {2}|\t|\u200b/);
      assert.doesNotMatch(section.heading, /\u200b/);
    }
  });

  it('removes navigation, chrome, scripts, styles, svg, buttons and ignored elements', () => {
    const all = sections.map((section) => `${section.heading}\n${section.text}`).join('\n');
    for (const unwanted of [
      'Navbar link text',
      'Sidebar link text',
      'Breadcrumb text',
      'On this page',
      'Direct link',
      'script text',
      'color: red',
      'icon title',
      'Copy button text',
      'Noscript text',
      'Ignored promotional text',
      'Edit this page',
      'Next page text',
      'Copyright footer text',
    ]) {
      assert.ok(!all.includes(unwanted), `"${unwanted}" should have been removed`);
    }
  });

  it('keeps the h1 that Docusaurus wraps in a <header>', () => {
    assert.equal(sections[0]?.heading, 'Install the widget');
    assert.equal(sections[0]?.level, 1);
  });

  it('returns [] for a page that opts out with <meta name="docent" content="false">', () => {
    assert.deepEqual(extractSections({ url: '/private', html: fixture('site/private.html') }), []);
  });

  it('prefers [data-docent-content] as the content root; text before the first heading goes to the page section', () => {
    const scoped = extractSections({ url: '/scoped', html: fixture('data-content.html') }, { cleanTitles: true });
    assert.deepEqual(
      scoped.map((section) => [section.url, section.heading, section.text]),
      [
        ['/scoped', 'Scoped', 'Text before any heading.'],
        ['/scoped#only-this', 'Only this', 'The marked content root.'],
      ],
    );
  });

  it('finds anchors on wrapping sections and inner links, takes the title from the h1, and skips card headings', () => {
    const sphinx = extractSections({ url: 'https://docs.example.com/api/#top', html: fixture('sphinx.html') });
    assert.deepEqual(
      sphinx.map((section) => section.url),
      [
        'https://docs.example.com/api/',
        'https://docs.example.com/api/#authentication',
        'https://docs.example.com/api/#legacy-tokens',
      ],
    );
    assert.ok(sphinx.every((section) => section.pageTitle === 'API reference'));
    assert.equal(sphinx[0]?.heading, 'API reference');
    assert.match(sphinx[2]?.text ?? '', /Old tokens still work until March\.\nCard title\nCard text\./);
  });

  it('decodes entities and reports text, never markup', () => {
    const security = extractSections({ url: '/security', html: fixture('site/security.html') });
    assert.match(security[0]?.text ?? '', /A question such as <img src=x onerror=alert\(1\)> is shown as text/);
    assert.equal(security[1]?.heading, 'Content Security Policy');
  });

  it('reads a page nested far deeper than any real page without running out of stack, keeping its text', () => {
    const depth = 20_000;
    const html = `<title>Deep</title><main><h1>Deep</h1>${'<div><span>'.repeat(depth)}Retry policy<h2 id="inner">Inner</h2>text${'</span></div>'.repeat(depth)}<h2 id="after">After</h2><p>Still here.</p></main>`;
    const sections = extractSections({ url: '/deep', html });
    assert.deepEqual(
      sections.map((section) => [section.heading, section.text]),
      [
        ['Deep', 'Retry policy Inner text'],
        ['After', 'Still here.'],
      ],
    );
  });
});
