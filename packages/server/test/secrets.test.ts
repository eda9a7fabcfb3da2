/**
 * Source credentials at rest: sealing round-trips, never repeats an IV, and refuses a wrong key or a tampered value
 * with one message for the owner; the key comes from DOCENT_SECRET_KEY (hex or base64, a bad one refused without
 * echoing it) or from a 0600 key file beside the database, created once and reused, with a warning when loose.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { after, describe, it } from 'node:test';
import { keyFileFor, openJson, sealJson, SecretBox } from '../src/sources/secrets.js';

const CANNOT_OPEN =
  "The stored credentials cannot be decrypted with this server's key: DOCENT_SECRET_KEY or the key file changed since they were stored. Add the source again with its credentials.";
const POSIX = process.platform !== 'win32';

const root = mkdtempSync(path.join(tmpdir(), 'docent-secrets-'));
after(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
function freshFolder(): string {
  const dir = path.join(root, String((folders += 1)));
  mkdirSync(dir);
  return dir;
}

const hexKey = randomBytes(32).toString('hex');
const base64Key = randomBytes(32).toString('base64');

describe('SecretBox sealing', () => {
  it('round-trips text and JSON, with a fresh IV each time', async () => {
    const box = await SecretBox.load({}, null);
    const token = 'ghp_' + 'x'.repeat(36);
    const first = box.seal(token);
    const second = box.seal(token);
    assert.match(first, /^v1\.[A-Za-z0-9_-]+$/);
    assert.notEqual(first, second);
    assert.notEqual(first.slice(3, 19), second.slice(3, 19), 'the IVs differ');
    assert.ok(!first.includes(token));
    assert.equal(box.open(first), token);
    assert.equal(box.open(second), token);
    assert.equal(box.open(box.seal('')), '');
    assert.equal(box.open(box.seal('naïve ☃')), 'naïve ☃');

    const headers = { Authorization: 'Bearer s3cret', 'X-Team': 'docs' };
    assert.deepEqual(openJson(box, sealJson(box, headers)), headers);
  });

  it('refuses a wrong key, a tampered value and something never sealed, with one message for the owner', async () => {
    const box = await SecretBox.load({ DOCENT_SECRET_KEY: hexKey }, null);
    const other = await SecretBox.load({ DOCENT_SECRET_KEY: base64Key }, null);
    const sealed = box.seal('Bearer s3cret');
    assert.throws(() => other.open(sealed), { message: CANNOT_OPEN });

    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    for (const index of [0, 12, 28, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[index] = (tampered[index] ?? 0) ^ 1;
      assert.throws(() => box.open('v1.' + tampered.toString('base64url')), { message: CANNOT_OPEN }, `byte ${index} flipped`);
    }
    for (const junk of ['', 'v1.', 'v1.AAAA', 'v2.' + sealed.slice(3), 'Bearer s3cret']) {
      assert.throws(() => box.open(junk), { message: CANNOT_OPEN });
    }
  });

  it('never shows the key when the box is inspected or serialised', async () => {
    const box = await SecretBox.load({ DOCENT_SECRET_KEY: hexKey }, null);
    assert.ok(!inspect(box, { showHidden: true, depth: 5 }).includes(hexKey));
    assert.ok(!JSON.stringify(box).includes(hexKey));
  });
});

describe('SecretBox.load', () => {
  it('takes DOCENT_SECRET_KEY as 64 hex characters or as base64, and the same key opens what the other sealed', async () => {
    const key = randomBytes(32);
    const fromHex = await SecretBox.load({ DOCENT_SECRET_KEY: key.toString('hex') }, null);
    const fromBase64 = await SecretBox.load({ DOCENT_SECRET_KEY: ` ${key.toString('base64')}\n` }, null);
    const fromBase64Url = await SecretBox.load({ DOCENT_SECRET_KEY: key.toString('base64url') }, null);
    assert.equal(fromBase64.open(fromHex.seal('one key')), 'one key');
    assert.equal(fromBase64Url.open(fromHex.seal('one key')), 'one key');
  });

  it('prefers DOCENT_SECRET_KEY to the key file, and does not create one', async () => {
    const keyFile = path.join(freshFolder(), 'docent.key');
    await SecretBox.load({ DOCENT_SECRET_KEY: hexKey }, keyFile);
    assert.throws(() => statSync(keyFile), /ENOENT/);
  });

  for (const [label, value] of [
    ['too short', randomBytes(16).toString('base64')],
    ['hex of 31 bytes', randomBytes(31).toString('hex')],
    ['a passphrase', 'correct horse battery staple!'],
    ['base64 of 33 bytes', randomBytes(33).toString('base64')],
  ] as const) {
    it(`refuses a DOCENT_SECRET_KEY that is ${label}, without echoing it`, async () => {
      await assert.rejects(SecretBox.load({ DOCENT_SECRET_KEY: value }, null), (error: Error) => {
        assert.match(error.message, /^DOCENT_SECRET_KEY must be 32 bytes, written as 64 hex characters or as base64/);
        assert.match(error.message, /openssl rand -base64 32/);
        assert.ok(!error.message.includes(value), 'the value is not in the message');
        return true;
      });
    });
  }

  it('creates a 0600 key file beside the database and reuses it on the next start', async () => {
    const database = path.join(freshFolder(), 'docent.db');
    const keyFile = keyFileFor(database);
    assert.equal(keyFile, path.join(path.dirname(database), 'docent.key'));
    assert.ok(keyFile);

    const first = await SecretBox.load({}, keyFile);
    assert.deepEqual(first.warnings, []);
    if (POSIX) assert.equal(statSync(keyFile).mode & 0o777, 0o600);
    assert.equal(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64').length, 32);

    const sealed = first.seal('ghp_token');
    const second = await SecretBox.load({}, keyFile);
    assert.equal(second.open(sealed), 'ghp_token');
  });

  it('gives servers starting together the same key', async () => {
    const keyFile = path.join(freshFolder(), 'docent.key');
    const boxes = await Promise.all(Array.from({ length: 8 }, () => SecretBox.load({}, keyFile)));
    const sealed = boxes[0]?.seal('shared') ?? '';
    for (const box of boxes) assert.equal(box.open(sealed), 'shared');
  });

  it('reads a key file written by hand as hex', async () => {
    const keyFile = path.join(freshFolder(), 'docent.key');
    writeFileSync(keyFile, hexKey + '\n', { mode: 0o600 });
    const fromFile = await SecretBox.load({}, keyFile);
    const fromEnv = await SecretBox.load({ DOCENT_SECRET_KEY: hexKey }, null);
    assert.equal(fromEnv.open(fromFile.seal('same')), 'same');
  });

  it('uses a key file other users can read, with a warning that says how to fix it', { skip: !POSIX }, async () => {
    const keyFile = path.join(freshFolder(), 'docent.key');
    await SecretBox.load({}, keyFile);
    chmodSync(keyFile, 0o644);
    const box = await SecretBox.load({}, keyFile);
    assert.equal(box.warnings.length, 1);
    assert.match(box.warnings[0] ?? '', /can be read by other users \(mode 0644\).*chmod 600/);
    assert.ok(!(box.warnings[0] ?? '').includes(readFileSync(keyFile, 'utf8').trim()));
  });

  it('refuses a key file that holds no key, or cannot be read, without showing its content', async () => {
    const keyFile = path.join(freshFolder(), 'docent.key');
    writeFileSync(keyFile, 'not a key at all\n', { mode: 0o600 });
    await assert.rejects(SecretBox.load({}, keyFile), (error: Error) => {
      assert.match(error.message, /does not hold a key/);
      assert.ok(!error.message.includes('not a key at all'));
      return true;
    });
    if (POSIX && process.getuid?.() !== 0) {
      const locked = path.join(freshFolder(), 'docent.key');
      writeFileSync(locked, base64Key, { mode: 0o000 });
      await assert.rejects(SecretBox.load({}, locked), /cannot be read \(EACCES\): give the server's user read access to it, or set DOCENT_SECRET_KEY/);
    }
  });

  it('uses a key for this process only with an in-memory database', async () => {
    assert.equal(keyFileFor(':memory:'), null);
    assert.equal(keyFileFor('/data/docent.db'), path.join('/data', 'docent.key'));
    const one = await SecretBox.load({}, null);
    const two = await SecretBox.load({}, null);
    assert.throws(() => two.open(one.seal('gone with the process')), { message: CANNOT_OPEN });
  });
});
