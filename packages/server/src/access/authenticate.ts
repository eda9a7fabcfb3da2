/**
 * Checks `Authorization: Bearer <key>` against the store: a missing, malformed, unknown, revoked or expired key is
 * a failure with a reason the 401 names. The key is looked up on every request, so a key created or revoked by
 * the CLI, on this server or another, counts from the next request on. Last use is written at most once a minute
 * per key, so checking a key costs a read, not a write.
 */
import type { KeyCheck, Store } from '../store/types.js';
import { keyMatches, keyPrefix } from './keys.js';
import { ROLE_SCOPES, type Scope } from './scopes.js';

export type Authentication =
  | { ok: true; key: KeyCheck; scopes: readonly Scope[] }
  | { ok: false; detail: string };

const TOUCH_EVERY_MS = 60_000;

export class Authenticator {
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
    private readonly log: (message: string) => void,
  ) {}

  /** The key in an Authorization header value. */
  async check(header: string): Promise<Authentication> {
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match?.[1]) return { ok: false, detail: 'The Authorization header must be "Bearer " followed by an API key.' };
    const key = match[1];
    const prefix = keyPrefix(key);
    if (!prefix) return { ok: false, detail: 'The API key is malformed: a Docent key starts with dk_. Copy the whole key that docent key create or docent member add printed.' };
    const found = await this.store.findKey(prefix);
    if (!found || !keyMatches(key, found.hash)) return { ok: false, detail: `The API key ${prefix}… is not known to this server. Check that you copied the whole key.` };
    if (found.revokedAt) return { ok: false, detail: `The API key ${prefix} was revoked on ${found.revokedAt.slice(0, 10)}. Create a new key with docent key create.` };
    const now = this.now();
    if (found.expiresAt && Date.parse(found.expiresAt) <= now.getTime()) {
      return { ok: false, detail: `The API key ${prefix} expired on ${found.expiresAt.slice(0, 10)}. Create a new key with docent key create.` };
    }
    await this.touch(prefix, now);
    const scopes = found.memberEmail === null ? found.scopes : found.memberRole ? ROLE_SCOPES[found.memberRole] : [];
    return { ok: true, key: found, scopes };
  }

  private async touch(prefix: string, now: Date): Promise<void> {
    const last = this.touched.get(prefix);
    if (last !== undefined && now.getTime() - last < TOUCH_EVERY_MS) return;
    this.touched.set(prefix, now.getTime());
    try {
      await this.store.touchKey(prefix, now.toISOString());
    } catch (error) {
      // A failed bookkeeping write must not refuse a valid key.
      this.log(`could not record the last use of key ${prefix}: ${(error as Error).message}`);
    }
  }
}
