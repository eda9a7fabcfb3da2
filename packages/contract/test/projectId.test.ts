import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isProjectId, PROJECT_ID, PROJECT_ID_RULE } from '../src/projectId.js';

describe('the project-id rule', () => {
  test('takes 3 to 40 characters of a-z, 0-9 and -, starting with a letter or a digit', () => {
    for (const id of ['abc', 'my-docs', '9-lives', 'a'.repeat(40), 'a--b']) assert.ok(isProjectId(id), id);
    for (const id of ['ab', 'a'.repeat(41), '-docs', 'My-docs', 'docs!', 'docs_1', '', ' my-docs']) assert.ok(!isProjectId(id), id);
  });

  test("says itself in words, and is the pattern of openapi.yaml's ProjectId", async () => {
    assert.equal(PROJECT_ID_RULE, '3 to 40 characters of a-z, 0-9 and -, starting with a letter or a digit');
    const { readFile } = await import('node:fs/promises');
    const contract = await readFile(new URL('../../server/openapi.yaml', import.meta.url), 'utf8');
    const patterns = [...contract.matchAll(/pattern: (\^\[a-z0-9\]\S*)/g)].map((match) => match[1]);
    assert.ok(patterns.length > 0, 'openapi.yaml has the project-id pattern');
    for (const pattern of patterns) assert.equal(pattern, PROJECT_ID.source);
  });
});
