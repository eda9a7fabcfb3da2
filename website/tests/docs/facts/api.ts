/**
 * The REST API the docs describe, against its contract (packages/server/openapi.yaml, passed in parsed):
 * - operation names: inline code that is one camelCase word starting with a verb of the contract's operationIds
 *   (send, get, search, list, add, delete, sync, record), platform names such as addEventListener aside;
 * - paths: every `/v1/…` path in inline code or a code block, with the method when one is given (`POST /v1/…` in
 *   inline code, `curl -X`, a curl body meaning POST, an `http` request line);
 * - fields: the JSON body (`-d`), form fields (`-F`) and query parameters of a curl call to the API; an untitled
 *   `json` block right after a code block with one such call (its response example); and the headers and JSON body
 *   of an `http` block showing a response (`HTTP/1.1 429 …`, against what the contract gives that status). Field
 *   names are checked level by level against the schema; maps (additionalProperties) take any key.
 */
import type { CodeBlock, InlineCode } from '../markdown';
import type { NotBuiltYet } from './allowList';
import { API_PATH, httpRequest, httpResponse, pathOf, queryOf, type ApiCall } from './docs';
import type { Findings } from './findings';
import { followRefs, isObject, parseJson, type Json } from './json';

export interface Operation {
  id: string;
  method: string;
  path: string;
  /** The operation object, with the parameters its path shares merged into its own. */
  definition: Json;
}

/** An OpenAPI document and its operations. */
export interface Contract {
  document: Json;
  operations: Operation[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export function contractOf(document: Json): Contract {
  const operations = Object.entries((document.paths ?? {}) as Record<string, Json>).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => isObject(item[method])).map((method) => {
      const definition = item[method] as Json;
      const shared = Array.isArray(item.parameters) ? item.parameters : [];
      const own = Array.isArray(definition.parameters) ? definition.parameters : [];
      return { id: String(definition.operationId), method: method.toUpperCase(), path, definition: { ...definition, parameters: [...shared, ...own] } };
    }),
  );
  return { document, operations };
}

export const operationName = (operation: Operation): string => `${operation.id} (${operation.method} ${operation.path})`;

/** Does a path of the docs (`/v1/projects/my-project/sync`) fit a template (`/v1/projects/{projectId}/sync`)? */
export function pathFits(concrete: string, template: string): boolean {
  const have = concrete.replace(/\/+$/, '').split('/');
  const want = template.split('/');
  return have.length === want.length && want.every((segment, index) => (/^\{.+\}$/.test(segment) ? (have[index] ?? '') !== '' : segment === have[index]));
}

const fitsEntry = (path: string, method: string | undefined, entryMethod: string, template: string): boolean =>
  (!method || entryMethod === method) && pathFits(path, template);

/** The contract's operation for a path and method (any method when none is given). */
export const operationAt = (contract: Contract, path: string, method?: string): Operation | undefined =>
  contract.operations.find((candidate) => fitsEntry(path, method, candidate.method, candidate.path));

/** The not-built-yet.json operation (`METHOD /v1/…`) a path and method fall under. */
export const notBuiltOperationAt = (allowList: NotBuiltYet, path: string, method?: string): string | undefined =>
  Object.keys(allowList.operations).find((entry) => {
    const [entryMethod = '', template = ''] = entry.split(' ');
    return fitsEntry(path, method, entryMethod, template);
  });

/** A schema and the schemas it combines (allOf, oneOf, anyOf), each resolved. */
function branches(contract: Contract, node: unknown): Json[] {
  const schema = followRefs(contract.document, node);
  const combined = ['allOf', 'oneOf', 'anyOf'].flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []));
  return [schema, ...combined.flatMap((branch) => branches(contract, branch))];
}

/**
 * The field names of `value` that its schemas do not declare, as paths (`$.sources[0].max_depht`). An object whose
 * schemas declare no properties, or allow additional ones (a map), takes any key.
 */
export function unknownFields(contract: Contract, value: unknown, schemas: unknown[], at = '$'): string[] {
  const all = schemas.flatMap((schema) => branches(contract, schema));
  if (Array.isArray(value)) {
    const items = all.map(({ items }) => items).filter((items) => items !== undefined);
    return value.flatMap((item, index) => unknownFields(contract, item, items, `${at}[${index}]`));
  }
  if (!isObject(value)) return [];
  const declared = new Map<string, unknown[]>();
  const extra: unknown[] = [];
  let open = false;
  for (const schema of all) {
    if (isObject(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties)) declared.set(name, [...(declared.get(name) ?? []), property]);
    }
    if (schema.additionalProperties === true || isObject(schema.additionalProperties)) {
      open = true;
      if (isObject(schema.additionalProperties)) extra.push(schema.additionalProperties);
    }
  }
  if (declared.size === 0) open = true;
  return Object.entries(value).flatMap(([name, field]) => {
    const property = declared.get(name);
    if (property) return unknownFields(contract, field, property, `${at}.${name}`);
    return open ? unknownFields(contract, field, extra, `${at}.${name}`) : [`${at}.${name}`];
  });
}

/** The schemas of a request body or response, for one media type or any JSON one. */
function contentSchemas(content: unknown, mediaType?: string): unknown[] {
  if (!isObject(content)) return [];
  return Object.entries(content)
    .filter(([type]) => (mediaType ? type === mediaType : /json$/.test(type)))
    .map(([, media]) => (isObject(media) ? media.schema : undefined))
    .filter((schema) => schema !== undefined);
}

const requestSchemas = (contract: Contract, operation: Operation, mediaType: string): unknown[] =>
  contentSchemas(followRefs(contract.document, operation.definition.requestBody).content, mediaType);

function responsesWith(contract: Contract, operation: Operation, status: (code: string) => boolean): Json[] {
  const responses = isObject(operation.definition.responses) ? operation.definition.responses : {};
  return Object.entries(responses)
    .filter(([code]) => status(code))
    .map(([, response]) => followRefs(contract.document, response));
}

const queryParameters = (contract: Contract, operation: Operation): Set<string> =>
  new Set(
    (operation.definition.parameters as unknown[])
      .map((parameter) => followRefs(contract.document, parameter))
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => String(parameter.name)),
  );

/** camelCase names of the web platform that start like an operation but are not one. */
const PLATFORM_NAMES = new Set(['addEventListener', 'removeEventListener', 'getAttribute', 'getElementById', 'sendBeacon', 'getItem']);

/** Inline code that names an operation (a camelCase word starting with an operation's verb) the contract lacks. */
export function unknownOperationNames(inline: readonly InlineCode[], contract: Contract, allowList: NotBuiltYet): Findings {
  const ids = new Set(contract.operations.map(({ id }) => id));
  const verbs = new Set(contract.operations.map(({ id }) => /^[a-z]+/.exec(id)?.[0] ?? ''));
  const named = inline.filter(({ text }) => {
    const verb = /^([a-z]+)[A-Z][A-Za-z0-9]*$/.exec(text)?.[1];
    return verb !== undefined && verbs.has(verb) && !PLATFORM_NAMES.has(text);
  });
  return {
    problems: named.filter(({ text }) => !ids.has(text) && !(text in allowList.operations)).map(({ where, text }) => `${where}: ${text} is not an operationId of openapi.yaml`),
    checked: named.length,
    summary: `API operation names: ${named.length}`,
  };
}

/** What the docs give to read from the API: their code blocks, inline code, and the curl calls of the blocks. */
export interface ApiDocs {
  blocks: readonly CodeBlock[];
  inline: readonly InlineCode[];
  calls: readonly ApiCall[];
}

/** `/v1/…` paths (with their method where one is given) that are neither an operation of the contract nor listed. */
export function unknownPaths({ blocks, inline, calls }: ApiDocs, contract: Contract, allowList: NotBuiltYet): Findings {
  const uses: { where: string; path: string; method?: string }[] = [
    ...inline.flatMap(({ where, text }) => {
      const match = /^(?:(GET|POST|PUT|PATCH|DELETE)\s+)?(\/v1\/\S+)$/.exec(text);
      return match ? [{ where, path: match[2] ?? '', ...(match[1] ? { method: match[1] } : {}) }] : [];
    }),
    ...calls.map(({ where, method, url }) => ({ where, method, path: pathOf(url) })),
    ...blocks
      .filter(({ language }) => language === 'http')
      .flatMap((block) => {
        const request = httpRequest(block);
        return request && API_PATH.test(request.url) ? [{ where: block.where, method: request.method, path: pathOf(request.url) }] : [];
      }),
    ...blocks.flatMap(({ where, code }) => [...code.matchAll(new RegExp(API_PATH.source, 'g'))].map((match) => ({ where, path: match[0] }))),
  ].filter(({ path }) => path.replace(/\/+$/, '') !== '/v1');
  return {
    problems: uses
      .filter(({ path, method }) => !operationAt(contract, path, method) && !notBuiltOperationAt(allowList, path, method))
      .map(({ where, path, method }) => `${where}: ${method ? `${method} ` : ''}${path} is not an operation of openapi.yaml`),
    checked: uses.length,
    summary: `API paths: ${uses.length}`,
  };
}

/** Query parameters, JSON bodies and form fields of curl calls that the contract does not give their operation. */
function requestProblems(calls: readonly ApiCall[], contract: Contract): { problems: string[]; checked: number } {
  const problems: string[] = [];
  let checked = 0;
  for (const call of calls) {
    const operation = operationAt(contract, pathOf(call.url), call.method);
    if (!operation) continue; // not built yet, or reported by the paths check
    const allowedQuery = queryParameters(contract, operation);
    for (const name of queryOf(call.url)) {
      checked++;
      if (!allowedQuery.has(name)) problems.push(`${call.where}: ${operationName(operation)} has no query parameter "${name}"`);
    }
    if (call.json !== undefined && !call.json.startsWith('@')) {
      checked++;
      let body: unknown;
      try {
        body = JSON.parse(call.json);
      } catch (error) {
        problems.push(`${call.where}: the JSON body sent to ${operation.id} does not parse: ${(error as Error).message}`);
        continue;
      }
      for (const field of unknownFields(contract, body, requestSchemas(contract, operation, 'application/json'))) {
        problems.push(`${call.where}: the request body of ${operationName(operation)} has no field ${field}`);
      }
    }
    if (call.form.length) {
      checked++;
      for (const field of unknownFields(contract, Object.fromEntries(call.form.map((name) => [name, ''])), requestSchemas(contract, operation, 'multipart/form-data'))) {
        problems.push(`${call.where}: the form of ${operationName(operation)} has no field ${field}`);
      }
    }
  }
  return { problems, checked };
}

/** Untitled JSON blocks right after a code block with one API call (that call's response) with fields its 2xx responses lack. */
function responseExampleProblems(blocks: readonly CodeBlock[], calls: readonly ApiCall[], contract: Contract): { problems: string[]; checked: number } {
  const problems: string[] = [];
  let checked = 0;
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    if (block.language !== 'json' || block.title || !previous || previous.file !== block.file) return;
    const callsBefore = calls.filter((call) => call.block === previous.where);
    const call = callsBefore[0];
    if (callsBefore.length !== 1 || !call) return;
    const operation = operationAt(contract, pathOf(call.url), call.method);
    if (!operation) return; // the operation is not built yet: nothing to check its fields against
    checked++;
    const schemas = responsesWith(contract, operation, (code) => code.startsWith('2')).flatMap((response) => contentSchemas(response.content));
    for (const field of unknownFields(contract, parseJson(block.code), schemas)) {
      problems.push(`${block.where}: the response of ${operationName(operation)} has no field ${field}`);
    }
  });
  return { problems, checked };
}

/** `http` blocks showing a response: headers and body against what the contract gives that status. */
function httpResponseProblems(blocks: readonly CodeBlock[], contract: Contract): { problems: string[]; checked: number } {
  const problems: string[] = [];
  const responses = blocks
    .filter(({ language }) => language === 'http')
    .map(httpResponse)
    .filter((response) => response !== null);
  for (const response of responses) {
    const given = contract.operations.flatMap((operation) => responsesWith(contract, operation, (code) => code === response.status));
    if (!given.length) {
      problems.push(`${response.where}: no operation of openapi.yaml answers ${response.status}`);
      continue;
    }
    const headers = new Set(given.flatMap((definition) => Object.keys(isObject(definition.headers) ? definition.headers : {})).map((name) => name.toLowerCase()));
    for (const header of response.headers.filter((name) => !/^content-(type|length)$/i.test(name))) {
      if (!headers.has(header.toLowerCase())) problems.push(`${response.where}: openapi.yaml gives no ${response.status} response the header ${header}`);
    }
    if (!response.body) continue;
    for (const field of unknownFields(contract, parseJson(response.body), given.flatMap((definition) => contentSchemas(definition.content)))) {
      problems.push(`${response.where}: a ${response.status} response of openapi.yaml has no field ${field}`);
    }
  }
  return { problems, checked: responses.length };
}

/** Fields of API requests, response examples and `http` responses that the contract does not declare. */
export function unknownApiFields({ blocks, calls }: Omit<ApiDocs, 'inline'>, contract: Contract): Findings {
  const parts = [requestProblems(calls, contract), responseExampleProblems(blocks, calls, contract), httpResponseProblems(blocks, contract)];
  const checked = parts.reduce((sum, part) => sum + part.checked, 0);
  return { problems: parts.flatMap((part) => part.problems), checked, summary: `API request and response examples: ${checked}` };
}
