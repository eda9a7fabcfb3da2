import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isProjectId, PROJECT_ID, PROJECT_ID_RULE } from '../src/projectId.js';

describe('the project-id rule', () => {
  test('takes 3 to 40 characters of a-z, 0-9 and -, starting with a letter or a digit', () => {
    for (const id of ['abc', 'my-docs', '9-lives', 'a'.repeat(40), 'a--b']) assert.ok(isProjectId(id), id);
    for (const id of ['ab', 'a'.repeat(41), '-docs', 'My-docs', 'docs!', 'docs_1', '', ' my-docs']) assert.ok(!isProjectId(id), id);
  });

  test('says itself in words', () => {
    assert.equal(PROJECT_ID_RULE, '3 to 40 characters of a-z, 0-9 and -, starting with a letter or a digit');
  });

  // The server's two schema files are data, not code: they spell the pattern, and this checks they spell this one.
  for (const file of ['openapi.yaml', 'docent.config.schema.json']) {
    test(`is the pattern of every project id in the server's ${file}`, async () => {
      const { readFile } = await import('node:fs/promises');
      const text = await readFile(new URL(`../../server/${file}`, import.meta.url), 'utf8');
      const patterns = [...text.matchAll(/"?pattern"?: "?(\^\[a-z0-9\]\[[^"\s]*)/g)].map((match) => match[1]);
      assert.ok(patterns.length > 0, `${file} has the project-id pattern`);
      for (const pattern of patterns) assert.equal(pattern, PROJECT_ID.source);
    });
  }
});
