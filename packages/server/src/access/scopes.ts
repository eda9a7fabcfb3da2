/**
 * Scopes say what an API key may do; roles say what a member may do (administration/roles). A member's personal key
 * carries the scopes of the member's role at the moment of each request, so a role change applies at once.
 */

export const SCOPES = ['project:read', 'search', 'chat', 'sources:read', 'sources:write', 'sync', 'feedback', 'analytics:read', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** owner: everything; admin: settings, sources, sync, analytics; editor: sources, sync, analytics; viewer: read settings and analytics. */
export const ROLE_SCOPES: Readonly<Record<Role, readonly Scope[]>> = {
  owner: ['admin'],
  admin: ['project:read', 'sources:read', 'sources:write', 'sync', 'analytics:read'],
  editor: ['sources:read', 'sources:write', 'sync', 'analytics:read'],
  viewer: ['project:read', 'analytics:read'],
};

/** The roles a member of `role` may add, change or remove: owners any, admins the roles below admin. */
export const ROLES_MANAGED_BY: Readonly<Record<Role, readonly Role[]>> = {
  owner: ROLES,
  admin: ['editor', 'viewer'],
  editor: [],
  viewer: [],
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** True when `granted` allows `needed`: the scope itself, or `admin`. */
export function allows(granted: readonly Scope[], needed: Scope): boolean {
  return granted.includes('admin') || granted.includes(needed);
}
