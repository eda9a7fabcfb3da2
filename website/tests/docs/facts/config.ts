/**
 * Example files of the docs against the server's own readers: docent.config.json blocks as `docent serve` and
 * `docent project update --config` read them (fields not-built-yet.json lists under configFields, and source entries
 * of the types it lists under sourceTypes, taken out first), read from a folder that holds the files their sources
 * name, with the environment variables their secrets name set; questions.json blocks as `docent eval` reads them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CodeBlock } from '../markdown';
import { staleEntry, type NotBuiltYet } from './allowList';
import { titled } from './docs';
import type { Findings } from './findings';
import { followRefs, isObject, parseJson, pathSteps, type Json } from './json';

/** The server's reader of docent.config.json (packages/server/src/config/docentConfig.ts): throws on what it refuses. */
export type ConfigReader = (json: unknown, context: { baseDir: string; env: NodeJS.ProcessEnv }) => unknown;

/** The server's reader of questions.json (packages/server/src/eval/metrics.ts): throws on what it refuses. */
export type QuestionsReader = (text: string, source: string) => unknown;

export const configBlocks = (blocks: readonly CodeBlock[]): CodeBlock[] => titled(blocks, 'docent.config.json');

/** The values at a JSON path such as `projects[].settings.sync_interval` (`[]`: every item), with their parents. */
export function atPath(json: unknown, path: string): { parent: Json; key: string }[] {
  const steps = pathSteps(path);
  let nodes: unknown[] = [json];
  const found: { parent: Json; key: string }[] = [];
  steps.forEach((step, index) => {
    if (step === '[]') {
      nodes = nodes.flatMap((node) => (Array.isArray(node) ? node : []));
      return;
    }
    const parents = nodes.filter(isObject).filter((node) => step in node);
    if (index === steps.length - 1) found.push(...parents.map((parent) => ({ parent, key: step })));
    nodes = parents.map((parent) => parent[step]);
  });
  return found;
}

/** The `type` of every source a config file declares (`projects[].sources[].type`). */
export function configSourceTypes(json: unknown): string[] {
  return atPath(json, 'projects[].sources[].type').map(({ parent, key }) => String(parent[key]));
}

/**
 * A copy of a config file without the fields not-built-yet.json lists, and without the source entries of the types
 * it lists under sourceTypes; and which of them it had (`projects[].sources[type=github]` for a source entry).
 */
export function withoutNotBuiltFields(json: unknown, allowList: NotBuiltYet): { json: unknown; removed: string[] } {
  const copy = structuredClone(json);
  const removed = Object.keys(allowList.configFields).filter((path) => {
    const found = atPath(copy, path);
    for (const { parent, key } of found) delete parent[key];
    return found.length > 0;
  });
  for (const { parent, key } of atPath(copy, 'projects[].sources')) {
    const sources = parent[key];
    if (!Array.isArray(sources)) continue;
    const kept = sources.filter((source) => !(isObject(source) && typeof source.type === 'string' && source.type in allowList.sourceTypes));
    for (const source of sources.filter((item) => !kept.includes(item))) removed.push(`projects[].sources[type=${String((source as Json).type)}]`);
    parent[key] = kept;
  }
  return { json: copy, removed };
}

/** True when a JSON schema (docent.config.schema.json) declares the field at a JSON path such as `projects[].sources`. */
export function schemaDeclares(schema: Json, path: string): boolean {
  let node: Json = schema;
  for (const step of pathSteps(path)) {
    if (step === '[]') node = followRefs(schema, node.items);
    else {
      const properties = isObject(node.properties) ? node.properties : {};
      if (!(step in properties)) return false;
      node = followRefs(schema, properties[step]);
    }
  }
  return true;
}

/**
 * What a config example expects beside it: the files its sources name (`files`, `file`: paths relative to the
 * config file), and the environment variables its secrets name (`{"env": "NAME"}`).
 */
export function namedInConfig(json: unknown): { files: string[]; variables: string[] } {
  const files: string[] = [];
  const variables: string[] = [];
  const sources = atPath(json, 'projects[].sources').flatMap(({ parent, key }) => (Array.isArray(parent[key]) ? (parent[key] as unknown[]) : []));
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isObject(value)) {
      if (typeof value.env === 'string' && Object.keys(value).length === 1) variables.push(value.env);
      Object.values(value).forEach(walk);
    }
  };
  for (const source of sources.filter(isObject)) {
    if (Array.isArray(source.files)) files.push(...source.files.filter((file): file is string => typeof file === 'string'));
    if (typeof source.file === 'string') files.push(source.file);
    walk(source);
  }
  return { files, variables };
}

/** docent.config.json blocks the reader refuses, each read from a temporary folder holding the files it names. */
export function refusedConfigs(blocks: readonly CodeBlock[], readConfig: ConfigReader, allowList: NotBuiltYet): Findings {
  let notBuilt = 0;
  let withFiles = 0;
  const problems = blocks.flatMap((block) => {
    const parsed = parseJson(block.code);
    if (parsed === undefined) return []; // syntax.test.ts reports it
    const { json, removed } = withoutNotBuiltFields(parsed, allowList);
    if (removed.length) notBuilt++;
    // The reader's side of the example: the files it names, beside the config file, and the variables it names.
    const { files, variables } = namedInConfig(json);
    if (files.length) withFiles++;
    const dir = mkdtempSync(join(tmpdir(), 'docent-facts-config-'));
    try {
      for (const file of files) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), 'An example file the docs name.\n');
      }
      readConfig(json, { baseDir: dir, env: Object.fromEntries(variables.map((name) => [name, 'example-secret-value'])) });
      return [];
    } catch (error) {
      return [`${block.where}: ${(error as Error).message}`];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return { problems, checked: blocks.length, summary: `docent.config.json examples: ${blocks.length} (${notBuilt} with fields not built yet, ${withFiles} naming files)` };
}

/** questions.json blocks the reader refuses. */
export function refusedQuestions(blocks: readonly CodeBlock[], readQuestions: QuestionsReader): Findings {
  const problems = blocks.flatMap((block) => {
    try {
      readQuestions(block.code, 'questions.json');
      return [];
    } catch (error) {
      return [`${block.where}: ${(error as Error).message}`];
    }
  });
  return { problems, checked: blocks.length, summary: `questions.json examples: ${blocks.length}` };
}

/** Config fields not-built-yet.json lists that the config schema declares now, or that no example has. */
export function staleConfigFields(blocks: readonly CodeBlock[], schema: Json, allowList: NotBuiltYet): string[] {
  return Object.keys(allowList.configFields).flatMap((path) => [
    ...(schemaDeclares(schema, path) ? [staleEntry('config field', path, 'docent.config.schema.json declares it now')] : []),
    ...(blocks.some((block) => atPath(parseJson(block.code), path).length > 0) ? [] : [staleEntry('config field', path, 'no docent.config.json example of the docs has it')]),
  ]);
}
