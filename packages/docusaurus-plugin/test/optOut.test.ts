import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { optedOutPermalinks } from '../src/server/optOut';

describe('optedOutPermalinks', () => {
  it('collects docs and pages whose front matter says docent: false, and nothing else', () => {
    const allContent = {
      'docusaurus-plugin-content-docs': {
        default: {
          loadedVersions: [
            {
              docs: [
                { permalink: '/', frontMatter: {} },
                { permalink: '/internal/notes', frontMatter: { docent: false } },
                { permalink: '/support', frontMatter: { docent: 'false' } },
              ],
            },
          ],
        },
      },
      'docusaurus-plugin-content-pages': {
        default: [
          { permalink: '/markdown-page', frontMatter: { docent: false } },
          { permalink: '/about', frontMatter: { title: 'About' } },
        ],
      },
      'docusaurus-plugin-docent': { default: {} },
    };
    assert.deepEqual([...optedOutPermalinks(allContent)].sort(), ['/internal/notes', '/markdown-page']);
  });

  it('copes with sites without docs or pages', () => {
    assert.equal(optedOutPermalinks({}).size, 0);
  });
});
