/**
 * `docent key create|list|revoke`: API keys for machines (CI jobs, MCP clients, backends). `create` prints the
 * key once, alone on standard output, so `key=$(docent key create …)` works; the server stores only its hash.
 */
import { generateKey, isKeyPrefix } from '../access/keys.js';
import { SCOPES, isScope, type Scope } from '../access/scopes.js';
import { ADMIN_HELP, ADMIN_OPTIONS, actorOf, existingProject, expiryArg, projectIdArg, requireOwner, withStore } from './admin.js';
import { parseCommand } from './args.js';
import { UsageError, type Io } from './usage.js';

const AS_HELP = `      --as <key>           Act as the owner whose personal key this is
                           (without it, you act as the operator who holds the database)
`;

export const KEY_USAGE = new Map<string, string>([
  [
    'create',
    `  key create               Create an API key and print it, once
      --project <id>       The project (required)
      --scopes <a,b>       Comma-separated: ${SCOPES.join(', ')} (required)
      --name <text>        What the key is for, such as "CI sync"
      --expires <when>     A duration such as 90d, 12h or 4w, or a date such as 2027-01-31
${AS_HELP}${ADMIN_HELP}`,
  ],
  ['list', `  key list                 A project's API keys: prefix, name, scopes, created, last used, expires\n      --project <id>       The project (required)\n${ADMIN_HELP}`],
  ['revoke', `  key revoke <prefix>      Revoke a key at once, by the prefix key list shows (dk_…)\n${AS_HELP}${ADMIN_HELP}`],
]);

function scopesArg(value: string | undefined): Scope[] {
  if (!value) throw new UsageError(`key create: --scopes is required: one or more of ${SCOPES.join(', ')}, separated by commas`);
  const scopes = value.split(',').map((scope) => scope.trim());
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (unknown.length || scopes.length === 0) {
    throw new UsageError(`key create: ${unknown.map((scope) => `"${scope}"`).join(', ')} ${unknown.length > 1 ? 'are not scopes' : 'is not a scope'}; the scopes are ${SCOPES.join(', ')}`);
  }
  return [...new Set(scopes as Scope[])];
}

async function create(args: string[], io: Io): Promise<number> {
  const { values } = parseCommand('key create', args, {
    ...ADMIN_OPTIONS,
    project: { type: 'string' },
    scopes: { type: 'string' },
    name: { type: 'string' },
    expires: { type: 'string' },
    as: { type: 'string' },
  });
  const projectId = projectIdArg('key create', values.project, '--project my-project');
  const scopes = scopesArg(values.scopes);
  const expiresAt = expiryArg('key create', values.expires, new Date());
  return withStore('key create', values.db, false, async (store) => {
    await existingProject('key create', store, projectId);
    requireOwner('key create', await actorOf('key create', store, projectId, values.as));
    const { key, prefix, hash } = generateKey();
    const name = values.name?.trim() || scopes.join(' ');
    await store.createKey({ prefix, hash, project: projectId, name, scopes, memberEmail: null, expiresAt });
    io.err(`Created the API key ${prefix} for ${projectId} (scopes: ${scopes.join(', ')}${expiresAt ? `; expires ${expiresAt.slice(0, 10)}` : ''}). The key, shown once:\n`);
    io.out(`${key}\n`);
    return 0;
  });
}

function when(value: string | null): string {
  return value ? value.slice(0, 16).replace('T', ' ') : 'never';
}

async function list(args: string[], io: Io): Promise<number> {
  const { values } = parseCommand('key list', args, { ...ADMIN_OPTIONS, project: { type: 'string' } });
  const projectId = projectIdArg('key list', values.project, '--project my-project');
  return withStore('key list', values.db, false, async (store) => {
    await existingProject('key list', store, projectId);
    const keys = await store.listKeys(projectId);
    if (values.json) {
      const rows = keys.map((key) => ({
        prefix: key.prefix,
        name: key.name,
        scopes: key.scopes,
        member: key.memberEmail,
        created_at: key.createdAt,
        last_used_at: key.lastUsedAt,
        expires_at: key.expiresAt,
        revoked_at: key.revokedAt,
      }));
      io.out(`${JSON.stringify(rows, null, 2)}\n`);
      return 0;
    }
    if (!keys.length) {
      io.out(`No API keys in ${projectId} yet.\n`);
      return 0;
    }
    io.out('prefix         name / scopes                              created           last used         expires\n');
    for (const key of keys) {
      const what = key.memberEmail ? `personal key of ${key.memberEmail}` : `${key.name} (${key.scopes.join(', ')})`;
      const state = key.revokedAt ? `revoked ${when(key.revokedAt)}` : when(key.expiresAt);
      io.out(`${key.prefix}  ${what.padEnd(42)} ${when(key.createdAt)}  ${when(key.lastUsedAt).padEnd(16)}  ${state}\n`);
    }
    return 0;
  });
}

async function revoke(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('key revoke', args, { ...ADMIN_OPTIONS, as: { type: 'string' } });
  const [prefix] = positionals;
  if (!prefix || !isKeyPrefix(prefix)) throw new UsageError(`key revoke: give the key's prefix as docent key list shows it, such as dk_4k9m2x7q1d${prefix ? `; got "${prefix}"` : ''}`);
  return withStore('key revoke', values.db, false, async (store) => {
    const found = await store.findKey(prefix);
    if (!found) throw new Error(`key revoke: there is no key ${prefix} in ${store.location}; docent key list --project <id> shows the keys`);
    requireOwner('key revoke', await actorOf('key revoke', store, found.project, values.as));
    await store.revokeKey(prefix);
    io.err(`Revoked ${prefix}${found.memberEmail ? ` (personal key of ${found.memberEmail})` : ''}; requests with it get 401 from now on.\n`);
    return 0;
  });
}

export const KEY_COMMANDS: Record<string, (args: string[], io: Io) => Promise<number>> = { create, list, revoke };
