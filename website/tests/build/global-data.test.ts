import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

interface DocEntry {
  id: string;
  path: string;
  sidebar?: string;
}

interface Version {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  mainDocId: string;
  docs: DocEntry[];
  draftIds: string[];
  sidebars: Record<string, unknown>;
}

/** What the last build published to every page as global data (written by Docusaurus under .docusaurus/). */
const globalData = JSON.parse(readFileSync(join(__dirname, '..', '..', '.docusaurus', 'globalData.json'), 'utf8')) as {
  'docusaurus-plugin-content-docs': { default: { versions: Version[] } };
  'docusaurus-plugin-docent': { default: Record<string, unknown> };
};

describe('global data of the built site', () => {
  const { versions } = globalData['docusaurus-plugin-content-docs'].default;

  it('has a single version, "Next", the latest, at the root, with the quickstart as its main doc', () => {
    assert.equal(versions.length, 1);
    const [version] = versions;
    assert.ok(version);
    assert.deepEqual(
      { name: version.name, label: version.label, isLast: version.isLast, path: version.path, mainDocId: version.mainDocId },
      { name: 'current', label: 'Next', isLast: true, path: '/', mainDocId: 'quickstart' },
    );
    assert.deepEqual(version.draftIds, []);
    assert.deepEqual(Object.keys(version.sidebars), ['docs']);
  });

  it('puts every doc, API pages included, in the one sidebar', () => {
    const [version] = versions;
    const outside = (version?.docs ?? []).filter((doc) => doc.sidebar !== 'docs').map((doc) => doc.id);
    assert.deepEqual(outside, []);
    assert.ok(version?.docs.some((doc) => doc.path === '/api/send-message'));
  });

  it('gives the browser only the few plugin settings the button needs, never content', () => {
    const settings = globalData['docusaurus-plugin-docent'].default;
    assert.deepEqual(Object.keys(settings).sort(), ['chatButton', 'indexUrl', 'pageFeedback', 'widget']);
    // Only the widget attributes docusaurus.config.ts changes from their defaults. npm test builds the test
    // site last; it runs behind `docent serve`, so its widget also has api-url `/` and the floating chat button.
    const testBuild = settings.chatButton === true;
    const changed = testBuild ? ['apiUrl', 'cleanTitles', 'headerTitle', 'project'] : ['cleanTitles', 'headerTitle', 'project'];
    assert.deepEqual(Object.keys(settings.widget as object).sort(), changed);
    if (testBuild) assert.equal((settings.widget as { apiUrl?: string }).apiUrl, '/');
    assert.equal(settings.pageFeedback, true);
    assert.ok(JSON.stringify(settings).length < 400);
  });
});
