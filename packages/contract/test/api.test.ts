import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { projectEndpoint } from '../src/api.js';

describe('projectEndpoint', () => {
  test("is the operation's URL under the server's address, the project id encoded", () => {
    assert.equal(projectEndpoint('https://docent.example.com', 'my-docs'), 'https://docent.example.com/v1/projects/my-docs');
    assert.equal(projectEndpoint('https://x.test/docent//', 'a b', '/feedback'), 'https://x.test/docent/v1/projects/a%20b/feedback');
  });

  test('is a same-origin path when the server serves the page (api-url="/")', () => {
    assert.equal(projectEndpoint('/', 'my-docs', '/messages'), '/v1/projects/my-docs/messages');
  });
});
