/**
 * API keys: `dk_` and a 10-character id (the prefix shown by `docent key list` and taken by `docent key revoke`),
 * then 32 random bytes (256 bits) in base64url. Only the SHA-256 of the whole key is stored; a presented key is
 * found by its prefix and compared by hash in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const KEY_PATTERN = /^(dk_[a-z0-9]{10})_([A-Za-z0-9_-]{43})$/;

export interface NewKey {
  /** The whole key, shown once. */
  key: string;
  /** `dk_` and the id: public, stored, shown in lists. */
  prefix: string;
  /** Hex SHA-256 of the whole key. */
  hash: string;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function generateKey(): NewKey {
  const id = [...randomBytes(10)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
  const prefix = `dk_${id}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashKey(key) };
}

/** The prefix of a well-formed key, or null. */
export function keyPrefix(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null;
}

/** True when `key` hashes to `storedHash`, compared in constant time. */
export function keyMatches(key: string, storedHash: string): boolean {
  const presented = Buffer.from(hashKey(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** A prefix as `docent key revoke` takes it. */
export function isKeyPrefix(text: string): boolean {
  return /^dk_[a-z0-9]{10}$/.test(text);
}
