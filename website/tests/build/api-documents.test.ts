import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

/** The build the checks read; BUILD_DIR points them at another one (to see them fail on a build without the patch). */
const BUILD = process.env.BUILD_DIR ?? join(__dirname, '..', '..', 'build');
/** Where the OpenAPI plugin writes the API pages it generates from packages/server/openapi.yaml. */
const API_PAGES = join(__dirname, '..', '..', 'docs', 'api');

/** Messages only pako's inflate holds: any of them in a script means the browser gets pako. */
const PAKO_MESSAGES = ['incorrect header check', 'invalid distance too far back', 'invalid stored block lengths'];

describe("API pages' OpenAPI documents (website/patches/uncompressed-api-pages)", () => {
  it('are written into each page uncompressed, as data the theme reads without inflating it', () => {
    const pages = readdirSync(API_PAGES).filter((name) => name.endsWith('.api.mdx'));
    assert.ok(pages.length >= 10, `only ${pages.length} API pages in docs/api`);
    for (const name of pages) {
      const line = /^api: (.*)$/m.exec(readFileSync(join(API_PAGES, name), 'utf8'))?.[1];
      assert.ok(line, `${name} has no api front matter`);
      assert.ok(line.startsWith('{'), `${name}: the document is compressed (set disableCompression in docusaurus.config.ts)`);
      const document = JSON.parse(line) as { operationId?: unknown };
      assert.equal(typeof document.operationId, 'string', `${name}: the document has no operationId`);
    }
  });

  it('leave pako out of the browser bundle', () => {
    const scripts = readdirSync(join(BUILD, 'assets', 'js')).filter((name) => name.endsWith('.js'));
    for (const name of scripts) {
      const text = readFileSync(join(BUILD, 'assets', 'js', name), 'utf8');
      for (const message of PAKO_MESSAGES) assert.equal(text.includes(message), false, `${name} holds pako ("${message}")`);
    }
  });
});
