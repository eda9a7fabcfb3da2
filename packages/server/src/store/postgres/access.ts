/**
 * Projects, plans, members and API keys on PostgreSQL. Where SQLite checks then writes inside its one writer
 * lock, these let a constraint decide (`ON CONFLICT DO NOTHING`, `RETURNING`) or lock the rows they read
 * (`FOR UPDATE`), so two servers on one database reach the same answers as one SQLite file would.
 */
import type { Role } from '../../access/scopes.js';
import type { Limits, Project, ProjectSettings } from '../../projects/types.js';
import { ConflictError, NotFoundError, type ApiKey, type KeyCheck, type Member, type NewApiKey, type ProjectDeclaration } from '../types.js';
import { first, lock, LOCK_SPACE, rows, type Db, type Sql } from './db.js';
import { PG_NOW } from './migrations.js';
import { keyOf, projectOf, settingsColumns, type KeyRow, type ProjectRow } from './rows.js';
import { replaceDeclared } from './sources.js';

export async function getProject(sql: Sql, id: string): Promise<Project | null> {
  const row = await first<ProjectRow>(sql, 'SELECT * FROM projects WHERE id = $1', [id]);
  return row ? projectOf(row) : null;
}

export async function listProjects(sql: Sql): Promise<Project[]> {
  return (await rows<ProjectRow>(sql, 'SELECT * FROM projects ORDER BY id')).map(projectOf);
}

async function insertProject(sql: Sql, id: string, settings: ProjectSettings): Promise<ProjectRow | null> {
  return first<ProjectRow>(
    sql,
    'INSERT INTO projects (id, name, public, allowed_origins, settings) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING *',
    [id, ...settingsColumns(settings)],
  );
}

/** Changed synonyms change what the project's index is built with: its content version moves, so servers rebuild it. */
async function replaceProject(sql: Sql, id: string, settings: ProjectSettings): Promise<ProjectRow | null> {
  const synonymsChanged = `CASE WHEN (settings::jsonb -> 'synonyms') IS DISTINCT FROM ($4::text::jsonb -> 'synonyms') THEN 1 ELSE 0 END`;
  return first<ProjectRow>(sql, `UPDATE projects SET name = $1, public = $2, allowed_origins = $3, settings = $4::text, updated_at = ${PG_NOW}, content_version = content_version + ${synonymsChanged} WHERE id = $5 RETURNING *`, [
    ...settingsColumns(settings),
    id,
  ]);
}

export async function createProject(sql: Sql, id: string, settings: ProjectSettings): Promise<Project> {
  const row = await insertProject(sql, id, settings);
  if (!row) throw new ConflictError(`the project ${id} already exists`);
  return projectOf(row);
}

export async function updateProject(sql: Sql, id: string, settings: ProjectSettings): Promise<Project> {
  const row = await replaceProject(sql, id, settings);
  if (!row) throw new NotFoundError(`there is no project ${id}`);
  return projectOf(row);
}

export async function applyProjects(db: Db, projects: readonly ProjectDeclaration[], plans: Readonly<Record<string, Limits>>): Promise<void> {
  await db.transaction(async (sql) => {
    // Two servers applying the file at once would both empty the plans and then collide on their inserts.
    await lock(sql, LOCK_SPACE.applyProjects, '');
    await sql.query('DELETE FROM plans');
    for (const [name, limits] of Object.entries(plans)) await sql.query('INSERT INTO plans (name, limits) VALUES ($1, $2)', [name, JSON.stringify(limits)]);
    for (const { id, sources, ...settings } of projects) {
      // Update, else insert; else someone created it between the two, and the update now finds it.
      if (!(await replaceProject(sql, id, settings)) && !(await insertProject(sql, id, settings))) await replaceProject(sql, id, settings);
      await replaceDeclared(sql, id, sources);
    }
  });
}

export async function getPlan(sql: Sql, name: string): Promise<Limits | null> {
  const row = await first<{ limits: string }>(sql, 'SELECT limits FROM plans WHERE name = $1', [name]);
  return row ? (JSON.parse(row.limits) as Limits) : null;
}

interface MemberRow {
  project: string;
  email: string;
  role: Role;
  created_at: string;
}

function memberOf(row: MemberRow): Member {
  return { project: row.project, email: row.email, role: row.role, createdAt: row.created_at };
}

export async function listMembers(sql: Sql, project: string): Promise<Member[]> {
  return (await rows<MemberRow>(sql, 'SELECT project, email, role, created_at FROM members WHERE project = $1 ORDER BY created_at, email', [project])).map(memberOf);
}

export async function getMember(sql: Sql, project: string, email: string): Promise<Member | null> {
  const row = await first<MemberRow>(sql, 'SELECT project, email, role, created_at FROM members WHERE project = $1 AND email = $2', [project, email]);
  return row ? memberOf(row) : null;
}

async function insertKey(sql: Sql, key: NewApiKey): Promise<KeyRow> {
  const row = await first<KeyRow>(sql, 'INSERT INTO api_keys (prefix, project, name, scopes, member_email, hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *', [
    key.prefix,
    key.project,
    key.name,
    JSON.stringify(key.scopes),
    key.memberEmail,
    key.hash,
    key.expiresAt,
  ]);
  return row as KeyRow;
}

/**
 * The role of a member, with every member row of the project locked to the end of the transaction: the last-owner
 * rule reads the other members, and two owners demoting each other at once must not both pass it.
 */
async function lockedRole(sql: Sql, project: string, email: string): Promise<{ role: Role; owners: number } | null> {
  const members = await rows<{ email: string; role: Role }>(sql, 'SELECT email, role FROM members WHERE project = $1 FOR UPDATE', [project]);
  const member = members.find((row) => row.email === email);
  return member ? { role: member.role, owners: members.filter((row) => row.role === 'owner').length } : null;
}

async function revokeMemberKeys(sql: Sql, project: string, email: string): Promise<void> {
  await sql.query(`UPDATE api_keys SET revoked_at = ${PG_NOW} WHERE project = $1 AND member_email = $2 AND revoked_at IS NULL`, [project, email]);
}

export async function addMember(db: Db, member: Omit<Member, 'createdAt'>, key: NewApiKey): Promise<Member> {
  return db.transaction(async (sql) => {
    const row = await first<MemberRow>(sql, 'INSERT INTO members (project, email, role) VALUES ($1, $2, $3) ON CONFLICT (project, email) DO NOTHING RETURNING *', [
      member.project,
      member.email,
      member.role,
    ]);
    if (!row) throw new ConflictError(`${member.email} is already a member of ${member.project}`);
    await insertKey(sql, key);
    return memberOf(row);
  });
}

export async function updateMember(db: Db, project: string, email: string, role: Role, newKey?: NewApiKey): Promise<Member> {
  return db.transaction(async (sql) => {
    const current = await lockedRole(sql, project, email);
    if (!current) throw new NotFoundError(`${email} is not a member of ${project}`);
    if (current.role === 'owner' && role !== 'owner' && current.owners === 1) {
      throw new ConflictError(`${email} is the last owner of ${project}; make another member owner first`);
    }
    const row = await first<MemberRow>(sql, 'UPDATE members SET role = $1 WHERE project = $2 AND email = $3 RETURNING *', [role, project, email]);
    if (newKey) {
      await revokeMemberKeys(sql, project, email);
      await insertKey(sql, newKey);
    }
    return memberOf(row as MemberRow);
  });
}

export async function removeMember(db: Db, project: string, email: string): Promise<void> {
  await db.transaction(async (sql) => {
    const current = await lockedRole(sql, project, email);
    if (!current) throw new NotFoundError(`${email} is not a member of ${project}`);
    if (current.role === 'owner' && current.owners === 1) {
      throw new ConflictError(`${email} is the last owner of ${project}; make another member owner first`);
    }
    await revokeMemberKeys(sql, project, email);
    await sql.query('DELETE FROM members WHERE project = $1 AND email = $2', [project, email]);
  });
}

export async function createKey(sql: Sql, key: NewApiKey): Promise<ApiKey> {
  return keyOf(await insertKey(sql, key));
}

export async function listKeys(sql: Sql, project: string): Promise<ApiKey[]> {
  return (await rows<KeyRow>(sql, 'SELECT * FROM api_keys WHERE project = $1 ORDER BY created_at, prefix', [project])).map(keyOf);
}

export async function findKey(sql: Sql, prefix: string): Promise<KeyCheck | null> {
  const row = await first<KeyRow>(
    sql,
    `SELECT api_keys.*, members.role AS member_role FROM api_keys
     LEFT JOIN members ON members.project = api_keys.project AND members.email = api_keys.member_email
     WHERE api_keys.prefix = $1`,
    [prefix],
  );
  return row ? { ...keyOf(row), hash: row.hash, memberRole: row.member_role ?? null } : null;
}

export async function revokeKey(sql: Sql, prefix: string): Promise<ApiKey | null> {
  const row = await first<KeyRow>(sql, `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ${PG_NOW}) WHERE prefix = $1 RETURNING *`, [prefix]);
  return row ? keyOf(row) : null;
}

export async function touchKey(sql: Sql, prefix: string, at: string): Promise<void> {
  await sql.query('UPDATE api_keys SET last_used_at = $1 WHERE prefix = $2', [at, prefix]);
}
