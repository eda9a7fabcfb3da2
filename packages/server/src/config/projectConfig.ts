/**
 * The parts of `docent.config.json` that `docent serve` applies to the project it serves: its name, the origins
 * allowed to call the API, the custom prompt and the message limits (a plan's, overridden by the project's own).
 * Fields other issues handle (sources, sync, widget settings) are read by their commands, not here.
 */
import { readFile } from 'node:fs/promises';
import type { RateLimit } from '../serve/rateLimit.js';

export type CustomPrompt = { kind: 'instructions'; text: string } | { kind: 'template'; text: string };

export interface ProjectConfig {
  name?: string;
  allowedOrigins: string[];
  /** `limits.plan`, as written. */
  plan?: string;
  prompt?: CustomPrompt;
  /** `visitor_rate_limit`: messages one visitor may send per window. */
  messageLimit?: RateLimit;
  /** `monthly_messages`: messages the whole project may answer per calendar month (UTC). */
  monthlyMessages?: number;
}

/** A mistake in the file, named by its path in the JSON, such as `projects[0].limits.plan`. */
export class ConfigError extends Error {}

const DURATION = /^(\d+)(s|m|h|d)$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** Plan names every server knows; their numbers are the server owner's to set under `plans`, none when unset. */
const BUILT_IN_PLANS: readonly string[] = ['free', 'team', 'unlimited'];
const TEMPLATE_PLACEHOLDERS = ['{{context}}', '{{question}}'] as const;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(value: unknown, where: string): Json {
  if (!isObject(value)) throw new ConfigError(`${where} must be an object`);
  return value;
}

function stringAt(value: unknown, where: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new ConfigError(`${where} must be a non-empty string`);
  return value;
}

function countAt(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new ConfigError(`${where} must be a whole number of 1 or more; got ${JSON.stringify(value)}`);
  return value;
}

/** `"30s"`, `"10m"`, `"1h"`, `"1d"` in milliseconds. */
export function durationMs(value: unknown, where: string): number {
  const match = typeof value === 'string' ? DURATION.exec(value) : null;
  if (!match || Number(match[1]) === 0) throw new ConfigError(`${where} must be a duration such as "30s", "10m", "1h" or "1d"; got ${JSON.stringify(value)}`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

function originsAt(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ConfigError(`${where} must be a list of origins, such as ["https://docs.example.com"]`);
  return value.map((origin, position) => {
    const at = `${where}[${position}]`;
    let url: URL;
    try {
      url = new URL(stringAt(origin, at));
    } catch {
      throw new ConfigError(`${at} must be an origin such as "https://docs.example.com"; got ${JSON.stringify(origin)}`);
    }
    if (url.origin !== origin) throw new ConfigError(`${at} must be an origin only (scheme, host and port, no path or trailing slash): write "${url.origin}"`);
    return url.origin;
  });
}

function promptAt(value: unknown, where: string): CustomPrompt | undefined {
  if (value === undefined) return undefined;
  const prompt = objectAt(value, where);
  const { instructions, template } = prompt;
  if ((instructions === undefined) === (template === undefined)) throw new ConfigError(`${where} must set either instructions or template (one of them)`);
  if (instructions !== undefined) return { kind: 'instructions', text: stringAt(instructions, `${where}.instructions`) };
  const text = stringAt(template, `${where}.template`);
  const missing = TEMPLATE_PLACEHOLDERS.filter((placeholder) => !text.includes(placeholder));
  if (missing.length) throw new ConfigError(`${where}.template must contain ${missing.join(' and ')}, where Docent puts the sections and the question`);
  return { kind: 'template', text };
}

interface Limits {
  plan?: string;
  messageLimit?: RateLimit;
  monthlyMessages?: number;
}

function limitsAt(value: Json, where: string): Limits {
  const limits: Limits = {};
  if (value.monthly_messages !== undefined) limits.monthlyMessages = countAt(value.monthly_messages, `${where}.monthly_messages`);
  if (value.visitor_rate_limit !== undefined) {
    const rule = objectAt(value.visitor_rate_limit, `${where}.visitor_rate_limit`);
    limits.messageLimit = {
      requests: countAt(rule.messages, `${where}.visitor_rate_limit.messages`),
      windowMs: durationMs(rule.window, `${where}.visitor_rate_limit.window`),
    };
  }
  return limits;
}

/** The project's limits: its plan's (from `plans`), then the values written in the project's own `limits`. */
function projectLimits(root: Json, project: Json, where: string): Limits {
  if (project.limits === undefined) return {};
  const own = objectAt(project.limits, `${where}.limits`);
  let fromPlan: Limits = {};
  if (own.plan !== undefined) {
    const plan = stringAt(own.plan, `${where}.limits.plan`);
    const plans = root.plans === undefined ? {} : objectAt(root.plans, 'plans');
    if (plans[plan] !== undefined) fromPlan = limitsAt(objectAt(plans[plan], `plans.${plan}`), `plans.${plan}`);
    else if (!BUILT_IN_PLANS.includes(plan)) {
      const known = Object.keys(plans);
      throw new ConfigError(`${where}.limits.plan is "${plan}", which is neither free, team, unlimited nor a key of plans${known.length ? ` (${known.join(', ')})` : ''}; plan names are case-sensitive`);
    }
  }
  // `unlimited` means no monthly quota, whatever its entry says; its rate limit still applies.
  if (own.plan === 'unlimited') delete fromPlan.monthlyMessages;
  return { ...fromPlan, ...limitsAt(own, `${where}.limits`), ...(typeof own.plan === 'string' ? { plan: own.plan } : {}) };
}

/** The settings of `projectId` from the parsed file, or null when the file does not declare that project. */
export function projectConfigFrom(json: unknown, projectId: string): ProjectConfig | null {
  const root = objectAt(json, 'the file');
  if (!Array.isArray(root.projects)) throw new ConfigError('projects must be a list of projects, such as [{"id": "my-docs"}]');
  const position = root.projects.findIndex((entry) => isObject(entry) && entry.id === projectId);
  if (position < 0) return null;
  const where = `projects[${position}]`;
  const project = objectAt(root.projects[position], where);
  const settings = project.settings === undefined ? {} : objectAt(project.settings, `${where}.settings`);
  const config: ProjectConfig = {
    allowedOrigins: originsAt(project.allowed_origins, `${where}.allowed_origins`),
    ...projectLimits(root, project, where),
  };
  if (project.name !== undefined) config.name = stringAt(project.name, `${where}.name`);
  const prompt = promptAt(settings.prompt, `${where}.settings.prompt`);
  if (prompt) config.prompt = prompt;
  return config;
}

/** Reads and checks the file; every error names the file and the field. */
export async function readProjectConfig(file: string, projectId: string): Promise<ProjectConfig | null> {
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
    return projectConfigFrom(json, projectId);
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(`${file}: ${error.message}`);
    throw error;
  }
}
