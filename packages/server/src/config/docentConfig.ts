/**
 * `docent.config.json`: projects as code. The file is checked against `docent.config.schema.json` (shipped with
 * the package, usable with `$schema` for editor completion), then for what a schema cannot say (origins without a
 * path, template placeholders, known plan names, one entry per id). Every error names the file, the JSON path and
 * the fix; a field Docent does not know is an error that lists the fields allowed there.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { RateLimit } from '../serve/rateLimit.js';
import { BUILT_IN_PLANS, PROJECT_ID_RULE, type CustomPrompt, type Limits, type ProjectLimits, type WidgetSettings } from '../projects/types.js';
import { checkSynonyms, SynonymError } from '@docent/engine';
import { checkDeclaredUploads, declaredSource, type ConfigContext, type SourceJson } from './declaredSources.js';
import { parseDuration } from './duration.js';
import type { ProjectDeclaration } from '../store/types.js';

/** A mistake in the file, named by its path in the JSON, such as `projects[0].limits.plan`. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface DocentConfig {
  plans: Record<string, Limits>;
  projects: ProjectDeclaration[];
}

const SCHEMA_FILE = new URL('../../docent.config.schema.json', import.meta.url);
const TEMPLATE_PLACEHOLDERS = ['{{context}}', '{{question}}'] as const;
const TYPE_WORDS: Record<string, string> = { array: 'a list, such as [...]', object: 'an object, such as {...}', string: 'a string', boolean: 'true or false', null: 'null', number: 'a number' };

interface RateLimitJson {
  messages: number;
  window: string;
}

interface LimitsJson {
  plan?: string;
  monthly_messages?: number;
  visitor_rate_limit?: RateLimitJson;
  visitor_feedback_limit?: { requests: number; window: string };
  visitor_event_limit?: { events: number; window: string };
  daily_storage_mb?: number;
}

interface ProjectJson {
  id: string;
  name: string;
  allowed_origins?: string[];
  sources?: SourceJson[];
  settings?: { public?: boolean; sync_interval?: string; retention_days?: number; synonyms?: string[][]; prompt?: { instructions?: string; template?: string }; widget?: WidgetSettings };
  limits?: LimitsJson;
}

interface ConfigJson {
  plans?: Record<string, LimitsJson>;
  projects: ProjectJson[];
}

let ajv: Ajv | undefined;

/** The errors of `json` against the file's schema, or against one of its definitions such as `widget`. */
function validate(json: unknown, definition?: string): ErrorObject[] {
  if (!ajv) {
    ajv = new Ajv({ allErrors: false, verbose: true, strict: false, discriminator: true });
    addFormats.default(ajv);
    ajv.addSchema(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object, 'config');
  }
  const check = ajv.getSchema(definition ? `config#/definitions/${definition}` : 'config');
  if (!check) throw new Error(`docent.config.schema.json has no definition ${definition ?? ''}`);
  return check(json) ? [] : [...(check.errors ?? [])];
}

/** Widget settings given on the command line (`docent project update --widget`), checked as the file's `settings.widget`. */
export function parseWidgetSettings(json: unknown, where: string): WidgetSettings {
  const [error] = validate(json, 'widget');
  if (error) throw new ConfigError(describe(error, where));
  return json as WidgetSettings;
}

/** `/projects/0/settings` → `projects[0].settings`. */
export function jsonPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function describe(error: ErrorObject, root = 'the top level'): string {
  const at = jsonPath(error.instancePath) || root;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperty' || error.keyword === 'additionalProperties') {
    const field = String(params.additionalProperty);
    const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const where = jsonPath(`${error.instancePath}/${field}`);
    return `${where} is not a field Docent knows; the fields allowed ${at === 'the top level' ? 'at the top level' : `in ${at}`} are ${allowed.join(', ')}`;
  }
  if (error.keyword === 'type' && params.type !== 'integer') {
    const kinds = (Array.isArray(params.type) ? params.type : String(params.type).split(',')).map((type) => TYPE_WORDS[String(type)] ?? String(type));
    return `${at} must be ${kinds.join(' or ')}; got ${JSON.stringify(error.data)}`;
  }
  if (error.keyword === 'discriminator') {
    const kinds = ((error.parentSchema as { oneOf?: { properties?: { type?: { const?: string } } }[] } | undefined)?.oneOf ?? []).map((branch) => branch.properties?.type?.const);
    return `${at}.type must be ${kinds.join(' or ')} (this server syncs these source types); got ${JSON.stringify((error.data as { type?: unknown } | undefined)?.type)}`;
  }
  if (error.keyword === 'required') return `${at} needs the field ${String(params.missingProperty)}`;
  if (error.keyword === 'pattern' && String(params.pattern).includes('(s|m|h|d)')) {
    return `${at} must be a duration such as "30s", "10m", "1h" or "1d"; got ${JSON.stringify(error.data)}`;
  }
  if (error.keyword === 'pattern' && at.endsWith('.id')) {
    return `${at} must be a project id: ${PROJECT_ID_RULE}; got ${JSON.stringify(error.data)}`;
  }
  if (error.keyword === 'minimum' || (error.keyword === 'type' && params.type === 'integer')) {
    return `${at} must be a whole number of 1 or more; got ${JSON.stringify(error.data)}`;
  }
  return `${at} ${error.message ?? 'is not valid'}; got ${JSON.stringify(error.data)}`;
}

/** `"30s"`, `"10m"`, `"1h"`, `"1d"` in milliseconds; anything else is a ConfigError naming `where`. */
export function durationMs(value: unknown, where: string): number {
  const ms = parseDuration(value);
  if (ms === null) throw new ConfigError(`${where} must be a duration such as "30s", "10m", "1h" or "1d"; got ${JSON.stringify(value)}`);
  return ms;
}

/** An origin exactly as a browser sends it: scheme, host and port, no path. */
export function originAt(value: string, where: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${where} must be an origin such as "https://docs.example.com"; got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${where} must start with https:// or http://; got ${JSON.stringify(value)}`);
  if (url.origin !== value) throw new ConfigError(`${where} must be an origin only (scheme, host and port, no path or trailing slash): write "${url.origin}"`);
  return url.origin;
}

function promptOf(prompt: { instructions?: string; template?: string } | undefined, where: string): CustomPrompt | undefined {
  if (prompt === undefined) return undefined;
  const { instructions, template } = prompt;
  if ((instructions === undefined) === (template === undefined)) throw new ConfigError(`${where} must set either instructions or template (one of them)`);
  if (instructions !== undefined) return { kind: 'instructions', text: instructions };
  const text = template ?? '';
  const missing = TEMPLATE_PLACEHOLDERS.filter((placeholder) => !text.includes(placeholder));
  if (missing.length) throw new ConfigError(`${where}.template must contain ${missing.join(' and ')}, where Docent puts the sections and the question`);
  return { kind: 'template', text };
}

function rateLimitOf(requests: number, window: string, where: string): RateLimit {
  return { requests, windowMs: durationMs(window, `${where}.window`) };
}

/** The numbers of a plan, or of a project's own `limits`. */
export function limitsOf(json: LimitsJson, where: string): Limits {
  return {
    ...(json.monthly_messages !== undefined ? { monthlyMessages: json.monthly_messages } : {}),
    ...(json.visitor_rate_limit ? { visitorMessages: rateLimitOf(json.visitor_rate_limit.messages, json.visitor_rate_limit.window, `${where}.visitor_rate_limit`) } : {}),
    ...(json.visitor_feedback_limit ? { visitorFeedback: rateLimitOf(json.visitor_feedback_limit.requests, json.visitor_feedback_limit.window, `${where}.visitor_feedback_limit`) } : {}),
    ...(json.visitor_event_limit ? { visitorEvents: rateLimitOf(json.visitor_event_limit.events, json.visitor_event_limit.window, `${where}.visitor_event_limit`) } : {}),
    ...(json.daily_storage_mb !== undefined ? { dailyStorageBytes: json.daily_storage_mb * 1024 * 1024 } : {}),
  };
}

/** A plan name must be built in or declared under `plans`; names are case-sensitive. */
export function checkPlan(plan: string, declared: readonly string[], where: string): void {
  if (BUILT_IN_PLANS.includes(plan) || declared.includes(plan)) return;
  throw new ConfigError(
    `${where} is "${plan}", which is neither free, team, unlimited nor a key of plans${declared.length ? ` (${declared.join(', ')})` : ''}; plan names are case-sensitive`,
  );
}

/** A project's synonym groups, checked word by word by the engine's rules. */
function synonymsAt(groups: string[][], where: string): string[][] {
  try {
    return checkSynonyms(groups, where);
  } catch (error) {
    if (error instanceof SynonymError) throw new ConfigError(error.message);
    throw error;
  }
}

function projectOf(json: ProjectJson, where: string, plans: readonly string[], context: ConfigContext): ProjectDeclaration {
  const limits: ProjectLimits = json.limits ? limitsOf(json.limits, `${where}.limits`) : {};
  if (json.limits?.plan !== undefined) {
    checkPlan(json.limits.plan, plans, `${where}.limits.plan`);
    limits.plan = json.limits.plan;
  }
  const prompt = promptOf(json.settings?.prompt, `${where}.settings.prompt`);
  return {
    id: json.id,
    name: json.name,
    public: json.settings?.public ?? true,
    allowedOrigins: (json.allowed_origins ?? []).map((origin, position) => originAt(origin, `${where}.allowed_origins[${position}]`)),
    ...(prompt ? { prompt } : {}),
    widget: json.settings?.widget ?? {},
    limits,
    ...(json.settings?.retention_days !== undefined ? { retentionDays: json.settings.retention_days } : {}),
    ...(json.settings?.synonyms !== undefined ? { synonyms: synonymsAt(json.settings.synonyms, `${where}.settings.synonyms`) } : {}),
    ...(json.settings?.sync_interval !== undefined ? { syncIntervalMs: durationMs(json.settings.sync_interval, `${where}.settings.sync_interval`) } : {}),
    sources: (json.sources ?? []).map((source, position) => {
      const at = `${where}.sources[${position}]`;
      if (source.sync_interval !== undefined) durationMs(source.sync_interval, `${at}.sync_interval`);
      return declaredSource(source, at, context, (message) => {
        throw new ConfigError(message);
      });
    }),
  };
}

/**
 * The parsed file, checked; throws ConfigError naming the first mistake. Sources' files are read relative to
 * `context.baseDir` and their secrets from `context.env`.
 */
export function parseDocentConfig(json: unknown, context: ConfigContext = { baseDir: process.cwd(), env: process.env }): DocentConfig {
  const [error] = validate(json);
  if (error) throw new ConfigError(describe(error));
  const config = json as ConfigJson;
  const planNames = Object.keys(config.plans ?? {});
  const plans = Object.fromEntries(Object.entries(config.plans ?? {}).map(([name, limits]) => [name, limitsOf(limits, `plans.${name}`)]));
  const seen = new Set<string>();
  const projects = config.projects.map((project, position) => {
    const where = `projects[${position}]`;
    if (seen.has(project.id)) throw new ConfigError(`${where}.id "${project.id}" is declared twice; give each project one entry`);
    seen.add(project.id);
    return projectOf(project, where, planNames, context);
  });
  return { plans, projects };
}

/** Reads and checks the file; every error names the file. */
export async function readDocentConfig(file: string): Promise<DocentConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new ConfigError(`${file} cannot be read: check the path given to --config`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    const config = parseDocentConfig(json, { baseDir: path.dirname(path.resolve(file)), env: process.env });
    await checkDeclaredUploads(config.projects, (message) => {
      throw new ConfigError(message);
    });
    return config;
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(`${file}: ${error.message}`);
    throw error;
  }
}
