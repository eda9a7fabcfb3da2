/**
 * Built-site archives: a small site zipped with yazl read back into pages, URLs and skips; the hostile archives a
 * CI upload could be (zip slip, zip bombs honest and lying, too many entries, not a zip), crafted byte by byte in
 * helpers/zipCraft.ts; and `docent source push <dir>`'s folder zip round-tripping through the reader.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createDeflateRaw } from 'node:zlib';
import { DEFAULT_ARCHIVE_LIMITS, readSiteArchive, zipSiteFolder } from '../src/sources/archive/index.js';
import { UnreadableContent } from '../src/sources/documents.js';
import { craftZip, crc32, yazlZip } from './helpers/zipCraft.js';

const MiB = 1024 * 1024;

function page(title: string, head = '', body = ''): string {
  return `<!doctype html><html><head><title>${title}</title>${head}</head><body><h1>${title}</h1>${body}</body></html>`;
}

/** A deflate stream of `bytes` zeros, made a MiB at a time so the test never holds them all. */
async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(MiB);
  for (let written = 0; written < bytes; written += MiB) {
    if (!deflate.write(zeros.subarray(0, Math.min(MiB, bytes - written)))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** A stored-by-hand deflated entry whose data is `deflated` and whose headers declare `declaredSize`. */
function bombZip(deflated: Buffer, declaredSize: number, name = 'bomb.html'): Buffer {
  // craftZip deflates `data` itself; a bomb needs its data already deflated, so the stored bytes are patched in.
  const zip = craftZip([{ name, data: Buffer.alloc(0), declaredSize, crc: 0 }]);
  const empty = Buffer.from([0x03, 0x00]); // deflateRaw of nothing
  const nameLength = Buffer.byteLength(name);
  const localEnd = 30 + nameLength;
  assert.deepEqual(zip.subarray(localEnd, localEnd + 2), empty);
  const local = Buffer.from(zip.subarray(0, localEnd));
  local.writeUInt32LE(deflated.length, 18);
  const central = Buffer.from(zip.subarray(localEnd + 2, zip.length - 22));
  central.writeUInt32LE(deflated.length, 20);
  const end = Buffer.from(zip.subarray(zip.length - 22));
  end.writeUInt32LE(local.length + deflated.length, 16);
  return Buffer.concat([local, deflated, central, end]);
}

async function rejection(promise: Promise<unknown>): Promise<UnreadableContent> {
  const error = await promise.then(
    () => assert.fail('expected the archive to be refused'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof UnreadableContent, `expected UnreadableContent, got ${String(error)}`);
  return error;
}

describe('readSiteArchive', () => {
  it('reads the pages of a small site: canonical URLs, path URLs, hashes; assets counted but not kept; a large page skipped', async () => {
    const intro = page('Intro', '<link rel="canonical" href="https://docs.acme.test/guide/intro/">');
    const files = {
      'index.html': page('Home', '<link rel="canonical" href="/relative-is-ignored">'),
      'guide/': '',
      'guide/intro/index.html': intro,
      'guide/setup.htm': page('Setup — café', '', '<link rel="canonical" href="https://elsewhere.test/in-body">'),
      'assets/site.css': 'body { color: red }',
      'big.html': page('Big', '', 'x'.repeat(2000)),
      '__MACOSX/guide/._setup.htm': '\0\u0005\u0016\u0007',
    };
    const zip = await yazlZip(files);
    const { pages, skipped } = await readSiteArchive(zip, 'site.zip', { maxPageBytes: 1024 });

    assert.deepEqual(
      pages.map(({ path, url }) => ({ path, url })),
      [
        { path: 'index.html', url: '/' },
        { path: 'guide/intro/index.html', url: 'https://docs.acme.test/guide/intro/' },
        { path: 'guide/setup.htm', url: '/guide/setup.htm' },
      ],
    );
    const setup = pages[2];
    assert.ok(setup);
    assert.match(setup.html, /Setup — café/);
    assert.equal(setup.contentHash, createHash('sha256').update(Buffer.from(files['guide/setup.htm'])).digest('hex'));
    assert.equal(pages[1]?.html, intro);

    assert.equal(skipped.length, 1);
    assert.equal(skipped[0]?.path, 'big.html');
    assert.match(skipped[0]?.reason ?? '', /over the 1 KiB limit for one page/);
  });

  it('percent-encodes path segments and keeps a page that is not index.html as is', async () => {
    const zip = await yazlZip({ 'a b/q#1.html': page('Odd'), 'docs/myindex.html': page('Mine') });
    const { pages } = await readSiteArchive(zip, 'odd.zip');
    assert.deepEqual(pages.map((p) => p.url), ['/a%20b/q%231.html', '/docs/myindex.html']);
  });

  it('has the documented defaults', () => {
    assert.deepEqual({ ...DEFAULT_ARCHIVE_LIMITS }, { maxEntries: 10_000, maxExpandedBytes: 200 * MiB, maxPageBytes: 5 * MiB });
  });

  it('reads a zip crafted by hand, stored and deflated (the helper is sound)', async () => {
    const zip = craftZip([
      { name: 'index.html', data: Buffer.from(page('Stored')), method: 0 },
      { name: 'docs/a.html', data: Buffer.from(page('Deflated')) },
    ]);
    const { pages } = await readSiteArchive(zip, 'crafted.zip');
    assert.deepEqual(pages.map((p) => p.url), ['/', '/docs/a.html']);
  });

  for (const [entry, why] of [
    ['../evil.html', /climbs out/],
    ['guide/../../evil.html', /climbs out/],
    ['/etc/evil.html', /absolute path/],
    ['C:/evil.html', /drive letter/],
    ['..\\evil.html', /backslashes/],
  ] as const) {
    it(`refuses an entry that leaves the archive: ${entry}`, async () => {
      const zip = craftZip([
        { name: 'index.html', data: Buffer.from(page('Home')) },
        { name: entry, data: Buffer.from(page('Evil')) },
      ]);
      const error = await rejection(readSiteArchive(zip, 'slip.zip'));
      assert.match(error.message, /^slip\.zip is refused/);
      assert.ok(error.message.includes(JSON.stringify(entry)), error.message);
      assert.match(error.message, why);
      assert.match(error.message, /Zip the built site from inside its folder/);
    });
  }

  it('refuses an honest zip bomb (300 MiB of zeros) from its declared size, before inflating it', async () => {
    const deflated = await deflatedZeros(300 * MiB);
    assert.ok(deflated.length < MiB, 'a bomb is small on the wire');
    const zip = bombZip(deflated, 300 * MiB, 'assets/zeros.bin');
    const started = Date.now();
    const error = await rejection(readSiteArchive(zip, 'bomb.zip'));
    assert.match(error.message, /^bomb\.zip declares more than 200 MiB once expanded/);
    assert.ok(Date.now() - started < 500, 'refused without inflating');
  });

  it('refuses a zip bomb that lies about its size, while inflating it', async () => {
    const deflated = await deflatedZeros(50 * MiB);
    const zip = bombZip(deflated, 100);
    const error = await rejection(readSiteArchive(zip, 'liar.zip'));
    assert.match(error.message, /^liar\.zip is refused: the entry "bomb\.html" expands to a different size than the archive declares/);
  });

  it('refuses an archive whose entries together expand past maxExpandedBytes', async () => {
    const zip = await yazlZip({ 'a.html': 'a'.repeat(600), 'b.css': 'b'.repeat(600) });
    const error = await rejection(readSiteArchive(zip, 'big.zip', { maxExpandedBytes: 1000 }));
    assert.match(error.message, /^big\.zip declares more than 1000 bytes once expanded; at most 1000 bytes are accepted/);
  });

  it('refuses too many entries', async () => {
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${i}.html`, page(`P${i}`)]));
    const error = await rejection(readSiteArchive(await yazlZip(files), 'many.zip', { maxEntries: 10 }));
    assert.match(error.message, /^many\.zip holds 12 entries; at most 10 are accepted/);
  });

  it('refuses bytes that are not a zip', async () => {
    const error = await rejection(readSiteArchive(randomBytes(4096), 'random.bin'));
    assert.match(error.message, /^random\.bin is not a zip archive, or it is damaged/);
    assert.match(error.message, /docent source push/);
  });

  it('refuses a page whose checksum does not match', async () => {
    const data = Buffer.from(page('Home'));
    const zip = craftZip([{ name: 'index.html', data, method: 0, crc: (crc32(data) + 1) >>> 0 }]);
    const error = await rejection(readSiteArchive(zip, 'damaged.zip'));
    assert.match(error.message, /^damaged\.zip is damaged: the page "index\.html" fails its checksum/);
  });

  it('indexes the first copy of a path that appears twice, and reports the second', async () => {
    const zip = craftZip([
      { name: 'index.html', data: Buffer.from(page('First')) },
      { name: 'index.html', data: Buffer.from(page('Second')) },
    ]);
    const { pages, skipped } = await readSiteArchive(zip, 'twice.zip');
    assert.equal(pages.length, 1);
    assert.match(pages[0]?.html ?? '', /First/);
    assert.deepEqual(skipped, [{ path: 'index.html', reason: 'the archive holds this path twice; the first copy is indexed' }]);
  });
});

describe('zipSiteFolder', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'docent-archive-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('zips the pages under a folder, nothing else and no symlinks, and readSiteArchive reads them back', async () => {
    const site = path.join(root, 'build');
    const outside = path.join(root, 'outside');
    mkdirSync(path.join(site, 'guide', 'intro'), { recursive: true });
    mkdirSync(path.join(site, 'assets'), { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(site, 'index.html'), page('Home'));
    writeFileSync(path.join(site, 'guide', 'intro', 'index.html'), page('Intro', '<link rel="canonical" href="https://docs.acme.test/guide/intro/">'));
    writeFileSync(path.join(site, 'guide', 'old.HTM'), page('Old'));
    writeFileSync(path.join(site, 'assets', 'site.css'), 'body{}');
    writeFileSync(path.join(site, 'assets', 'logo.png'), randomBytes(64));
    writeFileSync(path.join(outside, 'secret.html'), page('Secret'));
    symlinkSync(path.join(outside, 'secret.html'), path.join(site, 'linked.html'));
    symlinkSync(outside, path.join(site, 'linked-folder'));

    const zip = await zipSiteFolder(site);
    const { pages, skipped } = await readSiteArchive(zip, 'build.zip');
    assert.deepEqual(skipped, []);
    assert.deepEqual(
      pages.map(({ path, url }) => ({ path, url })),
      [
        { path: 'guide/intro/index.html', url: 'https://docs.acme.test/guide/intro/' },
        { path: 'guide/old.HTM', url: '/guide/old.HTM' },
        { path: 'index.html', url: '/' },
      ],
    );
  });

  it('refuses a folder without pages, and one that does not exist', async () => {
    const empty = path.join(root, 'empty');
    mkdirSync(path.join(empty, 'assets'), { recursive: true });
    writeFileSync(path.join(empty, 'assets', 'site.css'), 'body{}');
    await assert.rejects(zipSiteFolder(empty), /holds no \.html pages\. Build the docs first/);
    await assert.rejects(zipSiteFolder(path.join(root, 'missing')), /cannot be read \(ENOENT\)\. Give the path of the built site folder/);
  });
});
