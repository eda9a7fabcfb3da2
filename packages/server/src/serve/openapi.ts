/**
 * The contract, read from `openapi.yaml` at start: the server takes its request schemas from it (so routes cannot
 * drift from the docs) and the tests validate every response against it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { isScope, type Scope } from '../access/scopes.js';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Record<string, unknown>;
}

interface Operation {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation | Parameter[]> & { parameters?: (Parameter | { $ref: string })[] }>;
  components: { schemas: Record<string, unknown>; parameters: Record<string, Parameter> };
}

/** openapi.yaml sits at the package root: two levels up from src/serve/ and from dist/serve/. */
const CONTRACT = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

export function loadOpenApi(file: string = CONTRACT): OpenApiDocument {
  return parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

function resolveParameter(document: OpenApiDocument, parameter: Parameter | { $ref: string }): Parameter {
  if ('$ref' in parameter) {
    const name = parameter.$ref.split('/').pop() ?? '';
    const resolved = document.components.parameters[name];
    if (!resolved) throw new Error(`openapi.yaml: ${parameter.$ref} does not exist`);
    return resolved;
  }
  return parameter;
}

/** Who may call an operation, from its `security`: without a key (`{}` listed), and the key scope it needs. */
export interface AccessRule {
  operationId: string;
  anonymous: boolean;
  scope: Scope;
}

export interface OperationInfo {
  path: string;
  method: string;
  parameters: Parameter[];
  access: AccessRule;
}

function accessOf(operationId: string, security: Record<string, string[]>[] | undefined): AccessRule {
  const scopes = (security ?? []).flatMap((requirement) => requirement.bearerAuth ?? []);
  const [scope] = scopes;
  if (!scope || scopes.length > 1 || !isScope(scope)) throw new Error(`openapi.yaml: ${operationId} must name exactly one known scope in its bearerAuth security requirement`);
  return { operationId, anonymous: (security ?? []).some((requirement) => Object.keys(requirement).length === 0), scope };
}

/** Every operation of the contract, with its method, path and access rule. */
export function operations(document: OpenApiDocument): OperationInfo[] {
  return Object.values(document.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => method !== 'parameters')
      .map(([, value]) => operation(document, (value as Operation).operationId)),
  );
}

/** The path and method of an operation, its parameters (path-level ones included) and its access rule. */
export function operation(document: OpenApiDocument, operationId: string): OperationInfo {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (method === 'parameters' || (value as Operation).operationId !== operationId) continue;
      const shared = (item.parameters ?? []).map((parameter) => resolveParameter(document, parameter));
      const own = ((value as Operation).parameters ?? []).map((parameter) => resolveParameter(document, parameter));
      return { path, method, parameters: [...shared, ...own], access: accessOf(operationId, (value as Operation).security) };
    }
  }
  throw new Error(`openapi.yaml has no operation ${operationId}`);
}

/** A JSON Schema object for the parameters of one location, for Fastify's request validation. */
export function parametersSchema(parameters: Parameter[], location: Parameter['in']): Record<string, unknown> {
  const chosen = parameters.filter((parameter) => parameter.in === location);
  return {
    type: 'object',
    properties: Object.fromEntries(chosen.map((parameter) => [parameter.name, stripExamples(parameter.schema)])),
    required: chosen.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

/** OpenAPI-only keywords that the request validator does not know. */
const ANNOTATIONS = new Set(['example', 'examples', 'discriminator']);

/**
 * A schema of `components.schemas` for Fastify's request validation, with every `#/components/schemas/…`
 * reference replaced by the schema it names (the request schemas have no cycles).
 */
export function schemaFor(document: OpenApiDocument, name: string): Record<string, unknown> {
  const schema = document.components.schemas[name];
  if (!schema) throw new Error(`openapi.yaml has no schema ${name}`);
  return inline(document, schema) as Record<string, unknown>;
}

function inline(document: OpenApiDocument, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(document, item));
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return schemaFor(document, ref.replace('#/components/schemas/', ''));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !ANNOTATIONS.has(key))
      .map(([key, item]) => [key, key === 'properties' ? mapValues(item as Record<string, unknown>, (entry) => inline(document, entry)) : inline(document, item)]),
  );
}

function mapValues(object: Record<string, unknown>, map: (value: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));
}

/** Fastify's validator (draft-07 Ajv) does not know the `example` keyword of OpenAPI. */
function stripExamples(schema: Record<string, unknown>): Record<string, unknown> {
  const { example: _example, examples: _examples, ...rest } = schema;
  return rest;
}
