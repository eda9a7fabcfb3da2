/**
 * Source types: a type the docs give a source (`docent source add --type <type>`, the `type` of an addSource body
 * or form, the `type` of a source in docent.config.json) is one the server syncs (SOURCE_TYPES of its code, which
 * docent.config.schema.json accepts too), or one not-built-yet.json lists under sourceTypes.
 */
import type { CodeBlock } from '../markdown';
import { staleEntry, type NotBuiltYet } from './allowList';
import { operationAt, type Contract } from './api';
import { commandWords, notBuiltCommand, type Help } from './commands';
import { configSourceTypes } from './config';
import { pathOf, type ApiCall, type DocentCall } from './docs';
import type { Findings } from './findings';
import { isObject, parseJson, type Json } from './json';

/** The source types a config schema accepts (the `const` of each branch of its `source` definition). */
export function schemaSourceTypes(schema: Json): Set<string> {
  const source = isObject(schema.definitions) ? schema.definitions.source : undefined;
  const branches = isObject(source) && Array.isArray(source.oneOf) ? source.oneOf : [];
  return new Set(
    branches.map((branch) => (isObject(branch) && isObject(branch.properties) && isObject(branch.properties.type) ? String(branch.properties.type.const) : '')).filter(Boolean),
  );
}

export interface SourceTypeUse {
  where: string;
  type: string;
}

/** Where the docs give sources their types: `docent` calls, curl calls to the API, and docent.config.json blocks. */
export interface SourceTypeDocs {
  calls: readonly DocentCall[];
  apiCalls: readonly ApiCall[];
  configBlocks: readonly CodeBlock[];
}

/** Every source type the docs give a source: `docent source add --type`, addSource bodies and forms, config files. */
export async function sourceTypeUses(docs: SourceTypeDocs, help: Help, contract: Contract, allowList: NotBuiltYet): Promise<SourceTypeUse[]> {
  const uses: SourceTypeUse[] = [];
  for (const call of docs.calls) {
    if (notBuiltCommand(call, allowList) || (await commandWords(call, help)).join(' ') !== 'source add') continue;
    call.args.forEach((arg, index) => {
      if (arg === '--type' && call.args[index + 1] !== undefined) uses.push({ where: call.where, type: call.args[index + 1] ?? '' });
      else if (arg.startsWith('--type=')) uses.push({ where: call.where, type: arg.slice('--type='.length) });
    });
  }
  for (const call of docs.apiCalls) {
    if (operationAt(contract, pathOf(call.url), call.method)?.id !== 'addSource') continue;
    const body = call.json === undefined ? undefined : parseJson(call.json);
    if (isObject(body) && typeof body.type === 'string') uses.push({ where: call.where, type: body.type });
    for (const part of call.formParts.filter((item) => item.startsWith('type='))) uses.push({ where: call.where, type: part.slice('type='.length) });
  }
  for (const block of docs.configBlocks) for (const type of configSourceTypes(parseJson(block.code))) uses.push({ where: block.where, type });
  return uses;
}

/** Sources of a type the server does not sync and not-built-yet.json does not list. */
export function unsyncedSourceTypes(uses: readonly SourceTypeUse[], synced: ReadonlySet<string>, allowList: NotBuiltYet): Findings {
  const notBuilt = uses.filter(({ type }) => !synced.has(type));
  return {
    problems: notBuilt
      .filter(({ type }) => !(type in allowList.sourceTypes))
      .map(({ where, type }) => `${where}: a source of the type ${type}, which the server does not sync (SOURCE_TYPES) and not-built-yet.json does not list under sourceTypes`),
    checked: uses.length,
    summary: `source types given to sources: ${uses.length} (${notBuilt.length} of types not built yet)`,
  };
}

/** Source types not-built-yet.json lists that the server syncs or the config schema accepts now, or that no doc uses. */
export function staleSourceTypes(uses: readonly SourceTypeUse[], synced: ReadonlySet<string>, accepted: ReadonlySet<string>, allowList: NotBuiltYet): string[] {
  const used = new Set(uses.map(({ type }) => type));
  return Object.keys(allowList.sourceTypes).flatMap((type) => [
    ...(synced.has(type) ? [staleEntry('source type', type, 'the server syncs it now (SOURCE_TYPES)')] : []),
    ...(accepted.has(type) ? [staleEntry('source type', type, 'docent.config.schema.json accepts it now')] : []),
    ...(used.has(type) ? [] : [staleEntry('source type', type, 'no doc gives a source this type')]),
  ]);
}
