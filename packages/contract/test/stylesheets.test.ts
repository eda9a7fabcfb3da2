import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { STYLESHEETS } from '../src/stylesheets.js';

describe('the stylesheet list', () => {
  test("names every stylesheet the widget's source has, and only those", async () => {
    const files = (await readdir(new URL('../../widget/src/styles/', import.meta.url))).filter((name) => name.endsWith('.css'));
    assert.deepEqual([...STYLESHEETS].sort(), files.sort());
  });

  test('starts with docent.css, the one every element loads', () => {
    assert.equal(STYLESHEETS[0], 'docent.css');
  });
});
