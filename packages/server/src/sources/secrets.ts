/**
 * Source credentials at rest (a GitHub token, a private crawl's request headers), sealed with AES-256-GCM under one
 * server key. The key comes from DOCENT_SECRET_KEY, or from a `docent.key` file beside the database that the first
 * start creates, so a copied database alone does not hand over the tokens in it. GCM authenticates as well as
 * encrypts: a wrong key and a tampered value fail the same way, and neither ever yields garbage credentials.
 */
import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1.';

const MAKE_ONE = 'Make one with `openssl rand -base64 32`.';
const CANNOT_OPEN =
  "The stored credentials cannot be decrypted with this server's key: DOCENT_SECRET_KEY or the key file changed since they were stored. Add the source again with its credentials.";

const SHARED_NEEDS_KEY =
  'Servers that share a PostgreSQL database (DATABASE_URL) must seal source credentials with one key: set DOCENT_SECRET_KEY to the same value on every server and for the CLI. ' +
  MAKE_ONE;

export class SecretBox {
  /** Things the operator should fix, for the caller to log (e.g. a key file other users can read). Never a secret. */
  readonly warnings: string[];
  // A KeyObject in a private field: util.inspect, JSON.stringify and error reports never show the key bytes.
  readonly #key: KeyObject | null;

  private constructor(key: Buffer | null, warnings: string[]) {
    this.#key = key ? createSecretKey(key) : null;
    this.warnings = warnings;
  }

  /**
   * The key of a store's credentials: DOCENT_SECRET_KEY, else the key file beside its SQLite file. A store that
   * several servers share (PostgreSQL) has no file beside it and needs DOCENT_SECRET_KEY: without it the box
   * refuses to seal or open, with a message that says so, and everything without credentials still works.
   */
  static async forStore(store: { location: string; shared: boolean }, env: NodeJS.ProcessEnv): Promise<SecretBox> {
    if (!store.shared || env.DOCENT_SECRET_KEY?.trim()) return SecretBox.load(env, store.shared ? null : keyFileFor(store.location));
    return new SecretBox(null, []);
  }

  /**
   * The key: DOCENT_SECRET_KEY from `env` (32 bytes, given as 64 hex characters or as base64), else a key file:
   * read it, or create it with 32 random bytes (base64), mode 0600, atomically (flag 'wx'; if another process
   * created it first, read that one). keyFile null (an in-memory database) and no env key → a random key for this
   * process only. Throws Error with a clear message for a bad DOCENT_SECRET_KEY or an unreadable key file.
   */
  static async load(env: NodeJS.ProcessEnv, keyFile: string | null): Promise<SecretBox> {
    const fromEnv = env.DOCENT_SECRET_KEY?.trim();
    if (fromEnv) {
      const key = parseKey(fromEnv);
      if (!key) throw new Error(`DOCENT_SECRET_KEY must be 32 bytes, written as 64 hex characters or as base64 (44 characters); the value set is not (its ${fromEnv.length} characters are not shown). ${MAKE_ONE}`);
      return new SecretBox(key, []);
    }
    // An in-memory database dies with the process, and so may its key.
    if (keyFile === null) return new SecretBox(randomBytes(KEY_BYTES), []);
    const { key, warnings } = await readOrCreateKeyFile(keyFile);
    return new SecretBox(key, warnings);
  }

  /** 'v1.' + base64url(iv(12) | tag(16) | ciphertext); a fresh random IV each time, as GCM requires. */
  seal(plain: string): string {
    if (!this.#key) throw new Error(SHARED_NEEDS_KEY);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
  }

  /** The sealed text; throws one Error, worded for the owner, on a wrong key, tampering or a value that was never sealed. */
  open(sealed: string): string {
    if (!this.#key) throw new Error(SHARED_NEEDS_KEY);
    if (!sealed.startsWith(VERSION)) throw new Error(CANNOT_OPEN);
    const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error(CANNOT_OPEN);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      // OpenSSL's "Unsupported state or unable to authenticate data" tells the owner nothing they can act on.
      throw new Error(CANNOT_OPEN);
    }
  }
}

/** A JSON value sealed as one string (a source's credentials object). */
export function sealJson(box: SecretBox, value: unknown): string {
  return box.seal(JSON.stringify(value));
}

/** The value `sealJson` sealed; unknown, for the caller to check its shape. Throws as `open` does. */
export function openJson(box: SecretBox, sealed: string): unknown {
  return JSON.parse(box.open(sealed)) as unknown;
}

/** Where the key file lives: 'docent.key' next to the SQLite file ('/data/docent.db' → '/data/docent.key'); null for ':memory:'. */
export function keyFileFor(databasePath: string): string | null {
  // SQLite also treats '' as a private temporary database, and `file::memory:` URIs as memory.
  if (databasePath === ':memory:' || databasePath === '' || /^file::memory:/.test(databasePath)) return null;
  return path.join(path.dirname(databasePath), 'docent.key');
}

/** 64 hex characters or base64/base64url of exactly 32 bytes; null for anything else. */
function parseKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  // Buffer.from(…, 'base64') skips characters it does not know, so the alphabet is checked first.
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const key = Buffer.from(text, 'base64');
  return key.length === KEY_BYTES ? key : null;
}

async function readOrCreateKeyFile(keyFile: string): Promise<{ key: Buffer; warnings: string[] }> {
  const existing = await readKeyFile(keyFile);
  if (existing) return existing;
  try {
    // 'wx' fails if the file exists, so two servers starting together never overwrite each other's key.
    await writeFile(keyFile, randomBytes(KEY_BYTES).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new Error(`The key file ${keyFile} cannot be created (${codeOf(error)}): let the server write to ${path.dirname(keyFile)}, or set DOCENT_SECRET_KEY. ${MAKE_ONE}`);
    }
  }
  // Read back rather than keep what was written: if another process won the race, its key is the key.
  const created = await readKeyFile(keyFile);
  if (!created) throw new Error(`The key file ${keyFile} disappeared while the server was starting; start it again.`);
  return created;
}

/** The key in `keyFile`, null when there is no such file. */
async function readKeyFile(keyFile: string): Promise<{ key: Buffer; warnings: string[] } | null> {
  // A file another process has just created with 'wx' can be empty for a moment, before its write lands.
  for (let attempt = 0; ; attempt += 1) {
    let text: string;
    try {
      text = (await readFile(keyFile, 'utf8')).trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new Error(`The key file ${keyFile} cannot be read (${codeOf(error)}): give the server's user read access to it, or set DOCENT_SECRET_KEY.`);
    }
    if (text === '' && attempt < 20) {
      await sleep(25);
      continue;
    }
    const key = parseKey(text);
    if (!key) {
      throw new Error(
        `The key file ${keyFile} does not hold a key (32 bytes as base64 or 64 hex characters). Restore it from a backup; or delete it to make a new key, after which stored credentials must be added again.`,
      );
    }
    return { key, warnings: await permissionWarnings(keyFile) };
  }
}

async function permissionWarnings(keyFile: string): Promise<string[]> {
  // Windows has no group/other mode bits: stat reports 0o666 for any writable file.
  if (process.platform === 'win32') return [];
  const mode = (await stat(keyFile)).mode & 0o777;
  if ((mode & 0o077) === 0) return [];
  return [`The key file ${keyFile} can be read by other users (mode ${mode.toString(8).padStart(4, '0')}); it is used anyway. Restrict it: chmod 600 ${keyFile}`];
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}
