/**
 * `docent project create|update|show|list`: the projects of a server, in its database. `update --config` applies
 * a docent.config.json the way `docent serve` does at start.
 */
import { sealDeclarations } from '../config/declaredSources.js';
import { originOf } from '../sources/types.js';
import { limitsOf } from '../app/limits.js';
import { checkPlan, ConfigError, durationMs, originAt, parseWidgetSettings, readDocentConfig } from '../config/docentConfig.js';
import { durationText } from '../config/duration.js';
import type { Project, ProjectSettings, WidgetSettings } from '../projects/types.js';
import { ConflictError, type Store } from '../store/types.js';
import { ADMIN_HELP, ADMIN_OPTIONS, existingProject, projectIdArg, secretsOf, withStore } from './admin.js';
import { parseCommand } from './args.js';
import { UsageError, type Io } from './usage.js';

export const PROJECT_USAGE = new Map<string, string>([
  [
    'create',
    `  project create <id>      Create a project
      --name <text>        Display name (default: the id)
      --private            Every request needs an API key (default: public)
      --allowed-origin <o> An origin whose pages may call the public operations without a key (repeatable)
      --plan <plan>        free, team, unlimited, or a plan of docent.config.json
      --sync-interval <d>  Sync every source this often, such as 24h or 30m
      --widget <json>      Widget settings, such as '{"assistant_name": "Atlas"}'
${ADMIN_HELP}`,
  ],
  [
    'update',
    `  project update <id>      Change a project; each option changes only that setting
      --name <text>        Display name
      --public             Accept the public operations without a key from the allowed origins
      --private            Every request needs an API key
      --allowed-origin <o> Replace the allowed origins (repeatable; --allowed-origin none clears them)
      --plan <plan>        free, team, unlimited, or a plan of docent.config.json
      --sync-interval <d>  Sync every source this often, such as 24h or 30m; none turns it off
      --widget <json>      Widget settings to set; a setting set to null goes back to the default
      --config <file>      Apply a docent.config.json instead (no id): every project it declares
${ADMIN_HELP}`,
  ],
  ['show', `  project show <id>        A project's settings, plan, members and API keys\n${ADMIN_HELP}`],
  ['list', `  project list             Every project of the server\n${ADMIN_HELP}`],
]);

const EDIT_OPTIONS = {
  ...ADMIN_OPTIONS,
  name: { type: 'string' },
  public: { type: 'boolean' },
  private: { type: 'boolean' },
  'allowed-origin': { type: 'string', multiple: true },
  plan: { type: 'string' },
  'sync-interval': { type: 'string' },
  widget: { type: 'string' },
} as const;

interface EditValues {
  name?: string;
  public?: boolean;
  private?: boolean;
  'allowed-origin'?: string[];
  plan?: string;
  'sync-interval'?: string;
  widget?: string;
}

function inUsage(command: string, work: () => unknown): unknown {
  try {
    return work();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(`${command}: ${error.message}`);
    throw error;
  }
}

function widgetOption(command: string, text: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${command}: --widget must be a JSON object, such as '{"assistant_name": "Atlas"}'`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new UsageError(`${command}: --widget must be a JSON object, such as '{"assistant_name": "Atlas"}'`);
  return json as Record<string, unknown>;
}

/** The settings with the command line's changes applied; every value checked before anything is written. */
async function edited(command: string, store: Store, base: ProjectSettings, values: EditValues): Promise<ProjectSettings> {
  if (values.public && values.private) throw new UsageError(`${command}: give --public or --private, not both`);
  const next: ProjectSettings = { ...base, widget: { ...base.widget }, limits: { ...base.limits } };
  if (values.name !== undefined) {
    if (!values.name.trim()) throw new UsageError(`${command}: --name must not be empty`);
    next.name = values.name;
  }
  if (values.public) next.public = true;
  if (values.private) next.public = false;
  const origins = values['allowed-origin'];
  if (origins !== undefined) {
    next.allowedOrigins = origins.length === 1 && origins[0] === 'none' ? [] : origins.map((origin) => inUsage(command, () => originAt(origin, '--allowed-origin')) as string);
  }
  if (values.plan !== undefined) {
    const plan = values.plan;
    const declared = (await store.getPlan(plan)) ? [plan] : [];
    inUsage(command, () => checkPlan(plan, declared, '--plan'));
    next.limits.plan = plan;
  }
  const interval = values['sync-interval'];
  if (interval === 'none') delete next.syncIntervalMs;
  else if (interval !== undefined) next.syncIntervalMs = inUsage(command, () => durationMs(interval, '--sync-interval')) as number;
  if (values.widget !== undefined) {
    const changes = widgetOption(command, values.widget);
    const merged: Record<string, unknown> = { ...next.widget, ...changes };
    for (const [key, value] of Object.entries(changes)) if (value === null) delete merged[key];
    next.widget = inUsage(command, () => parseWidgetSettings(merged, '--widget')) as WidgetSettings;
  }
  return next;
}

interface ProjectView {
  id: string;
  name: string;
  public: boolean;
  allowed_origins: string[];
  plan: string;
  monthly_messages: number | null;
  messages_this_month: number;
  prompt: { instructions: string } | { template: string } | null;
  sync_interval: string | null;
  sources: { id: string; type: string; status: string; origin: string; document_count: number; error: string | null }[];
  widget: WidgetSettings;
  members: { email: string; role: string }[];
  keys: { prefix: string; name: string; scopes: string[]; member: string | null; expires_at: string | null; revoked: boolean }[];
}

async function viewOf(store: Store, project: Project, now: Date): Promise<ProjectView> {
  const limits = await limitsOf(store, project);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  return {
    id: project.id,
    name: project.name,
    public: project.public,
    allowed_origins: project.allowedOrigins,
    plan: project.limits.plan ?? 'unlimited',
    monthly_messages: limits.monthlyMessages ?? null,
    messages_this_month: await store.messagesSince(project.id, monthStart),
    prompt: project.prompt ? (project.prompt.kind === 'instructions' ? { instructions: project.prompt.text } : { template: project.prompt.text }) : null,
    sync_interval: project.syncIntervalMs === undefined ? null : durationText(project.syncIntervalMs),
    sources: (await store.listSources(project.id, 1000)).map((source) => ({
      id: source.id,
      type: source.type,
      status: source.status,
      origin: originOf(source.config),
      document_count: source.documentCount,
      error: source.error,
    })),
    widget: project.widget,
    members: (await store.listMembers(project.id)).map(({ email, role }) => ({ email, role })),
    keys: (await store.listKeys(project.id)).map((key) => ({
      prefix: key.prefix,
      name: key.name,
      scopes: key.scopes,
      member: key.memberEmail,
      expires_at: key.expiresAt,
      revoked: key.revokedAt !== null,
    })),
  };
}

function formatView(view: ProjectView): string {
  const widget = Object.entries(view.widget).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  const keys = view.keys.filter((key) => !key.revoked);
  const lines = [
    `${view.id}: ${view.name}`,
    `  access           ${view.public ? 'public: the widget works without a key from the allowed origins' : 'private: every request needs an API key'}`,
    `  allowed origins  ${view.allowed_origins.join(', ') || 'none besides the serving origin and localhost'}`,
    `  plan             ${view.plan}: ${view.messages_this_month} messages this month${view.monthly_messages === null ? ', no monthly quota' : ` of ${view.monthly_messages}`}`,
    `  prompt           ${view.prompt ? `${'instructions' in view.prompt ? 'extra instructions' : 'a full template'} of ${Object.values(view.prompt)[0]?.length ?? 0} characters` : "Docent's own"}`,
    `  sync             ${view.sync_interval ? `every ${view.sync_interval}` : 'when asked (docent sync, syncProject)'}`,
    `  sources          ${view.sources.length ? '' : 'none'}`,
    ...view.sources.map((source) => `    ${source.id}  ${source.type}  ${source.status}  ${source.document_count} documents  ${source.origin}${source.error ? `  (${source.error})` : ''}`),
    `  widget           ${widget.join(', ') || 'the widget defaults'}`,
    `  members          ${view.members.map((member) => `${member.email} (${member.role})`).join(', ') || 'none'}`,
    `  API keys         ${keys.length ? '' : 'none'}`,
    ...keys.map((key) => `    ${key.prefix}  ${key.member ? `personal key of ${key.member}` : `${key.name} (${key.scopes.join(', ')})`}${key.expires_at ? `, expires ${key.expires_at.slice(0, 10)}` : ''}`),
  ];
  return `${lines.join('\n')}\n`;
}

const DEFAULT_SETTINGS = (id: string): ProjectSettings => ({ name: id, public: true, allowedOrigins: [], widget: {}, limits: {} });

async function create(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('project create', args, EDIT_OPTIONS);
  const id = projectIdArg('project create', positionals[0], 'docent project create my-project');
  if (values.public) throw new UsageError('project create: projects are public by default; give --private for a private one');
  return withStore('project create', values.db, true, async (store) => {
    const settings = await edited('project create', store, DEFAULT_SETTINGS(id), values);
    try {
      await store.createProject(id, settings);
    } catch (error) {
      if (error instanceof ConflictError) throw new Error(`project create: the project ${id} already exists; change it with docent project update ${id}`);
      throw error;
    }
    const project = await existingProject('project create', store, id);
    if (values.json) io.out(`${JSON.stringify(await viewOf(store, project, new Date()), null, 2)}\n`);
    else io.out(`Created the project ${id} (${project.public ? 'public' : 'private'}) in ${store.location}.\n`);
    return 0;
  });
}

async function update(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('project update', args, { ...EDIT_OPTIONS, config: { type: 'string' } });
  if (values.config !== undefined) {
    if (positionals.length) throw new UsageError('project update: --config applies every project of the file; give no project id with it');
    let config;
    try {
      config = await readDocentConfig(values.config);
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(`project update: ${error.message}`);
      throw error;
    }
    return withStore('project update', values.db, true, async (store) => {
      await store.applyProjects(sealDeclarations(config.projects, await secretsOf(store)), config.plans);
      io.out(`Applied ${values.config}: ${config.projects.map((project) => project.id).join(', ') || 'no projects'}.\n`);
      return 0;
    });
  }
  const id = projectIdArg('project update', positionals[0], 'docent project update my-project --private');
  return withStore('project update', values.db, false, async (store) => {
    const project = await existingProject('project update', store, id);
    await store.updateProject(id, await edited('project update', store, project, values));
    const updated = await existingProject('project update', store, id);
    if (values.json) io.out(`${JSON.stringify(await viewOf(store, updated, new Date()), null, 2)}\n`);
    else io.out(`Updated the project ${id}.\n`);
    return 0;
  });
}

async function show(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('project show', args, ADMIN_OPTIONS);
  const id = projectIdArg('project show', positionals[0], 'docent project show my-project');
  return withStore('project show', values.db, false, async (store) => {
    const view = await viewOf(store, await existingProject('project show', store, id), new Date());
    io.out(values.json ? `${JSON.stringify(view, null, 2)}\n` : formatView(view));
    return 0;
  });
}

async function list(args: string[], io: Io): Promise<number> {
  const { values } = parseCommand('project list', args, ADMIN_OPTIONS);
  return withStore('project list', values.db, false, async (store) => {
    const projects = await store.listProjects();
    if (values.json) {
      io.out(`${JSON.stringify(projects.map((project) => ({ id: project.id, name: project.name, public: project.public, plan: project.limits.plan ?? 'unlimited' })), null, 2)}\n`);
    } else {
      io.out(projects.length ? `${projects.map((project) => `${project.id}  ${project.public ? 'public ' : 'private'}  ${project.name}`).join('\n')}\n` : 'No projects yet: docent project create <id> adds one.\n');
    }
    return 0;
  });
}

export const PROJECT_COMMANDS: Record<string, (args: string[], io: Io) => Promise<number>> = { create, update, show, list };
