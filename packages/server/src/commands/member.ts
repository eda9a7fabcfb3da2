/**
 * `docent member add|list|update|remove`: the people who maintain a project, each with a role. `add` prints the
 * member's personal API key once, alone on standard output (everything else goes to standard error), so
 * `key=$(docent member add …)` works. The key takes the scopes of the member's role at each request.
 */
import { generateKey } from '../access/keys.js';
import type { Role } from '../access/scopes.js';
import { ConflictError, NotFoundError, type NewApiKey } from '../store/types.js';
import { ADMIN_HELP, ADMIN_OPTIONS, actorOf, emailArg, existingProject, projectIdArg, requireManages, roleArg, scopesOfRole, withStore } from './admin.js';
import { parseCommand } from './args.js';
import { UsageError, type Io } from './usage.js';

const AS_HELP = `      --as <key>           Act as the member whose personal key this is, within their role
                           (without it, you act as the operator who holds the database)
`;

export const MEMBER_USAGE = new Map<string, string>([
  [
    'add',
    `  member add <email>       Add a member and print their personal API key, once
      --project <id>       The project (required)
      --role <role>        owner, admin, editor or viewer (required)
${AS_HELP}${ADMIN_HELP}`,
  ],
  ['list', `  member list              The members of a project and their roles\n      --project <id>       The project (required)\n${ADMIN_HELP}`],
  [
    'update',
    `  member update <email>    Change a member's role, or replace their personal key
      --project <id>       The project (required)
      --role <role>        The new role
      --new-key            Revoke the member's key and print a new one, once
${AS_HELP}${ADMIN_HELP}`,
  ],
  ['remove', `  member remove <email>    Remove a member and revoke their keys\n      --project <id>       The project (required)\n${AS_HELP}${ADMIN_HELP}`],
]);

const OPTIONS = { ...ADMIN_OPTIONS, project: { type: 'string' }, as: { type: 'string' } } as const;

function personalKey(project: string, email: string): { key: string; record: NewApiKey } {
  const { key, prefix, hash } = generateKey();
  return { key, record: { prefix, hash, project, name: `personal key of ${email}`, scopes: [], memberEmail: email, expiresAt: null } };
}

function projectOption(command: string, value: string | undefined): string {
  return projectIdArg(command, value, `--project my-project`);
}

async function add(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('member add', args, { ...OPTIONS, role: { type: 'string' } });
  const email = emailArg('member add', positionals[0]);
  const projectId = projectOption('member add', values.project);
  const role = roleArg('member add', values.role);
  return withStore('member add', values.db, false, async (store) => {
    await existingProject('member add', store, projectId);
    requireManages('member add', await actorOf('member add', store, projectId, values.as), [role]);
    const { key, record } = personalKey(projectId, email);
    try {
      await store.addMember({ project: projectId, email, role }, record);
    } catch (error) {
      if (error instanceof ConflictError) throw new Error(`member add: ${email} is already a member of ${projectId}; change the role with docent member update ${email} --project ${projectId} --role ${role}`);
      throw error;
    }
    io.err(`Added ${email} to ${projectId} as ${role} (scopes: ${scopesOfRole(role)}). Their personal API key, shown once:\n`);
    io.out(`${key}\n`);
    return 0;
  });
}

async function list(args: string[], io: Io): Promise<number> {
  const { values } = parseCommand('member list', args, ADMIN_OPTIONS_WITH_PROJECT);
  const projectId = projectOption('member list', values.project);
  return withStore('member list', values.db, false, async (store) => {
    await existingProject('member list', store, projectId);
    const members = await store.listMembers(projectId);
    if (values.json) io.out(`${JSON.stringify(members.map(({ email, role, createdAt }) => ({ email, role, created_at: createdAt })), null, 2)}\n`);
    else io.out(members.length ? `${members.map((member) => `${member.email}  ${member.role}  added ${member.createdAt.slice(0, 10)}`).join('\n')}\n` : `No members in ${projectId} yet.\n`);
    return 0;
  });
}

const ADMIN_OPTIONS_WITH_PROJECT = { ...ADMIN_OPTIONS, project: { type: 'string' } } as const;

async function update(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('member update', args, { ...OPTIONS, role: { type: 'string' }, 'new-key': { type: 'boolean', default: false } });
  const email = emailArg('member update', positionals[0]);
  const projectId = projectOption('member update', values.project);
  if (values.role === undefined && !values['new-key']) throw new UsageError('member update: give --role <role>, --new-key, or both');
  const newRole = values.role === undefined ? undefined : roleArg('member update', values.role);
  return withStore('member update', values.db, false, async (store) => {
    await existingProject('member update', store, projectId);
    const member = await store.getMember(projectId, email);
    if (!member) throw new Error(`member update: ${email} is not a member of ${projectId}; add them with docent member add`);
    const role: Role = newRole ?? member.role;
    requireManages('member update', await actorOf('member update', store, projectId, values.as), [member.role, role]);
    const fresh = values['new-key'] ? personalKey(projectId, email) : undefined;
    try {
      await store.updateMember(projectId, email, role, fresh?.record);
    } catch (error) {
      if (error instanceof ConflictError) throw new Error(`member update: ${error.message}`);
      throw error;
    }
    io.err(`${email} is now ${role} in ${projectId} (scopes: ${scopesOfRole(role)}).${fresh ? ' The old key is revoked; the new personal API key, shown once:' : ''}\n`);
    if (fresh) io.out(`${fresh.key}\n`);
    return 0;
  });
}

async function remove(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('member remove', args, OPTIONS);
  const email = emailArg('member remove', positionals[0]);
  const projectId = projectOption('member remove', values.project);
  return withStore('member remove', values.db, false, async (store) => {
    await existingProject('member remove', store, projectId);
    const member = await store.getMember(projectId, email);
    if (!member) throw new Error(`member remove: ${email} is not a member of ${projectId}`);
    requireManages('member remove', await actorOf('member remove', store, projectId, values.as), [member.role]);
    try {
      await store.removeMember(projectId, email);
    } catch (error) {
      if (error instanceof ConflictError || error instanceof NotFoundError) throw new Error(`member remove: ${error.message}`);
      throw error;
    }
    io.err(`Removed ${email} from ${projectId}; their keys are revoked.\n`);
    return 0;
  });
}

export const MEMBER_COMMANDS: Record<string, (args: string[], io: Io) => Promise<number>> = { add, list, update, remove };
