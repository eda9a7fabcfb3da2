/**
 * What the administration commands share: the database they act on (`--db`, default `.docent/docent.db`, the
 * same file `docent serve` uses, so a change counts on the server's next request), who is acting (`--as` a
 * member's key; without it, the operator who holds the database), and the checks of ids, e-mails and durations.
 */
import path from 'node:path';
import { Authenticator } from '../access/authenticate.js';
import { SecretBox } from '../sources/secrets.js';
import { openStoreOf, StoreMissing } from '../store/open.js';
import { ROLE_SCOPES, ROLES_MANAGED_BY, ROLES, isRole, type Role } from '../access/scopes.js';
import { PROJECT_ID, PROJECT_ID_RULE, type Project } from '../projects/types.js';
import { StoreError, type Store } from '../store/types.js';
import { UsageError } from './usage.js';

export const DEFAULT_DB = path.join('.docent', 'docent.db');

/** The options every administration command takes. */
export const ADMIN_OPTIONS = {
  db: { type: 'string', default: DEFAULT_DB },
  json: { type: 'boolean', default: false },
} as const;

export const ADMIN_HELP = `      --db <file>          The SQLite database (default .docent/docent.db); DATABASE_URL, when set,
                           names a PostgreSQL database instead
      --json               Print JSON instead of text
`;

/**
 * Opens the store: PostgreSQL with DATABASE_URL, else the SQLite file of --db; commands that only read refuse a
 * SQLite database that does not exist yet.
 */
export async function openStore(command: string, db: string, { create }: { create: boolean }, env: NodeJS.ProcessEnv = process.env): Promise<Store> {
  try {
    return await openStoreOf({ db, env, create });
  } catch (error) {
    if (error instanceof StoreMissing) throw new UsageError(`${command}: ${error.message}`);
    if (error instanceof StoreError) throw new Error(`${command}: ${error.message}`);
    throw error;
  }
}

export async function withStore<T>(command: string, db: string, create: boolean, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(command, db, { create });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

export function projectIdArg(command: string, value: string | undefined, how: string): string {
  if (!value) throw new UsageError(`${command}: give the project id, such as ${how}`);
  if (!PROJECT_ID.test(value)) throw new UsageError(`${command}: "${value}" is not a project id: ${PROJECT_ID_RULE}, such as my-docs`);
  return value;
}

export async function existingProject(command: string, store: Store, id: string): Promise<Project> {
  const project = await store.getProject(id);
  if (!project) throw new Error(`${command}: there is no project ${id} in ${store.location}; docent project list shows the projects`);
  return project;
}

export function roleArg(command: string, value: string | undefined): Role {
  if (value === undefined) throw new UsageError(`${command}: --role is required: one of ${ROLES.join(', ')}`);
  if (!isRole(value)) throw new UsageError(`${command}: --role must be one of ${ROLES.join(', ')}; got "${value}"`);
  return value;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailArg(command: string, value: string | undefined): string {
  if (!value) throw new UsageError(`${command}: give the member's e-mail address, such as writer@example.com`);
  if (!EMAIL.test(value)) throw new UsageError(`${command}: "${value}" is not an e-mail address, such as writer@example.com`);
  return value.toLowerCase();
}

const DURATION = /^([1-9]\d{0,4})([hdw])$/;
const HOURS = { h: 1, d: 24, w: 24 * 7 } as const;

/** `--expires 90d` (hours, days or weeks from now) or a date `2027-01-31`; null without the option. */
export function expiryArg(command: string, value: string | undefined, now: Date): string | null {
  if (value === undefined) return null;
  const duration = DURATION.exec(value);
  if (duration) return new Date(now.getTime() + Number(duration[1]) * HOURS[duration[2] as keyof typeof HOURS] * 3_600_000).toISOString();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw new UsageError(`${command}: --expires must be a duration such as 90d, 12h or 4w, or a date such as 2027-01-31; got "${value}"`);
  }
  if (date.getTime() <= now.getTime()) throw new UsageError(`${command}: --expires ${value} is in the past; give a later date or a duration such as 90d`);
  return date.toISOString();
}

/** Who runs an administration command: the operator (no `--as`), or the member or machine whose key `--as` gives. */
export type Actor = { kind: 'operator' } | { kind: 'key'; label: string; role: Role | null };

export async function actorOf(command: string, store: Store, project: string, key: string | undefined): Promise<Actor> {
  if (key === undefined) return { kind: 'operator' };
  const result = await new Authenticator(store, () => new Date(), () => undefined).check(`Bearer ${key}`);
  if (!result.ok) throw new UsageError(`${command}: --as: ${result.detail}`);
  if (result.key.project !== project) throw new UsageError(`${command}: --as: the key ${result.key.prefix} belongs to the project ${result.key.project}, not ${project}`);
  // A machine key with the admin scope acts with an owner's rights.
  const role = result.key.memberEmail ? result.key.memberRole : result.scopes.includes('admin') ? 'owner' : null;
  return { kind: 'key', label: result.key.memberEmail ?? result.key.prefix, role };
}

/** Throws unless the actor may give, change or take away `roles`. */
export function requireManages(command: string, actor: Actor, roles: readonly Role[]): void {
  if (actor.kind === 'operator') return;
  const managed = actor.role ? ROLES_MANAGED_BY[actor.role] : [];
  const refused = roles.find((role) => !managed.includes(role));
  if (refused) {
    throw new Error(
      `${command}: ${actor.label} (${actor.role ?? 'no role'}) may not manage members with the role ${refused}; ${managed.length ? `an ${actor.role} manages ${managed.join(' and ')}` : 'only owners and admins manage members'}`,
    );
  }
}

/** Throws unless the actor is an owner (machine keys are an owner's to create and revoke). */
export function requireOwner(command: string, actor: Actor): void {
  if (actor.kind === 'operator' || actor.role === 'owner') return;
  throw new Error(`${command}: ${actor.label} (${actor.role ?? 'no role'}) may not manage machine keys; only an owner may`);
}

export function scopesOfRole(role: Role): string {
  return ROLE_SCOPES[role].join(', ');
}

/** The key that seals and opens source credentials in this database: DOCENT_SECRET_KEY, else the key file beside it. */
export async function secretsOf(store: Store, env: NodeJS.ProcessEnv = process.env): Promise<SecretBox> {
  return SecretBox.forStore(store, env);
}
