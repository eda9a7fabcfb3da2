import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, compress, isCompressible } from '../src/serve/compression.js';
import { SiteFiles } from '../src/serve/siteFiles.js';

describe('choosing an encoding', () => {
  it('prefers brotli, then gzip, and sends the bytes as they are without Accept-Encoding', () => {
    assert.equal(chooseEncoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(chooseEncoding('gzip, deflate'), 'gzip');
    assert.equal(chooseEncoding(undefined), null);
    assert.equal(chooseEncoding(''), null);
    assert.equal(chooseEncoding('identity'), null);
    assert.equal(chooseEncoding('deflate'), null);
  });

  it('honours q-values: higher wins, q=0 refuses, * covers the codings not named', () => {
    assert.equal(chooseEncoding('br;q=0.5, gzip;q=0.8'), 'gzip');
    assert.equal(chooseEncoding('br;q=0, gzip'), 'gzip');
    assert.equal(chooseEncoding('BR ; Q=0 , GZIP ; Q=0'), null);
    assert.equal(chooseEncoding('*'), 'br');
    assert.equal(chooseEncoding('br;q=0, *'), 'gzip');
    assert.equal(chooseEncoding('*;q=0'), null);
  });

  it('compresses text types only', () => {
    for (const type of ['text/html; charset=utf-8', 'text/javascript; charset=utf-8', 'text/css; charset=utf-8', 'application/json; charset=utf-8', 'image/svg+xml', 'text/markdown; charset=utf-8', 'application/xml; charset=utf-8']) {
      assert.ok(isCompressible(type), type);
    }
    for (const type of ['image/png', 'image/webp', 'font/woff2', 'application/octet-stream']) assert.ok(!isCompressible(type), type);
  });

  it('compresses to bytes that decompress to the original', async () => {
    const text = Buffer.from('The widget follows the dark mode of your site. '.repeat(100));
    const br = await compress(text, 'br');
    const gzip = await compress(text, 'gzip');
    assert.deepEqual(brotliDecompressSync(br), text);
    assert.deepEqual(gunzipSync(gzip), text);
    assert.ok(br.length < text.length / 10 && gzip.length < text.length / 10);
  });
});

describe('the site files kept in memory', () => {
  /** Runs `check` with a folder of its own, removed afterwards. */
  async function withFolder(check: (dir: string) => Promise<void>): Promise<void> {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-files-'));
    try {
      await check(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Runs `check` with a page file holding `content` in a folder of its own. */
  function withPage(content: string, check: (file: string) => Promise<void>): Promise<void> {
    return withFolder((dir) => {
      const file = path.join(dir, 'page.html');
      writeFileSync(file, content);
      return check(file);
    });
  }

  it('compresses a file once, even for requests that arrive together', () =>
    withPage('<p>Install the widget with a script tag.</p>'.repeat(100), async (file) => {
      const files = new SiteFiles();
      const cached = await files.read(file, statSync(file));
      const [first, second] = [files.encoded(file, cached, 'br'), files.encoded(file, cached, 'br')];
      assert.equal(first, second);
      assert.equal(await files.encoded(file, await files.read(file, statSync(file)), 'br'), await first);
    }));

  it('holds one copy of a file that requests read together', () =>
    withPage('<p>Install the widget with a script tag.</p>', async (file) => {
      const files = new SiteFiles();
      const [first, second] = await Promise.all([files.read(file, statSync(file)), files.read(file, statSync(file))]);
      assert.equal(first, second);
      assert.equal(files.size, first.body.length);
    }));

  it('reads the file again once it changes', () =>
    withPage('<p>before</p>', async (file) => {
      const files = new SiteFiles();
      assert.equal((await files.read(file, statSync(file))).body.toString(), '<p>before</p>');
      writeFileSync(file, '<p>after the rebuild</p>');
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      assert.equal((await files.read(file, statSync(file))).body.toString(), '<p>after the rebuild</p>');
      assert.equal(files.size, '<p>after the rebuild</p>'.length);
    }));

  it('lets the least recently used files go once the memory budget is spent', () =>
    withFolder(async (dir) => {
      const files = new SiteFiles(2500);
      const names = ['a', 'b', 'c'].map((name) => path.join(dir, `${name}.html`));
      for (const name of names) writeFileSync(name, 'x'.repeat(1000));
      for (const name of names) await files.read(name, statSync(name));
      assert.ok(files.size <= 2500, `holds ${files.size} bytes`);
      assert.equal(files.size, 2000);
    }));
});
