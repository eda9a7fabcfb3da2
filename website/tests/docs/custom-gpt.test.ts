// Keeps the Custom GPT Action schema (website/static/openapi/custom-gpt.yaml, served at /openapi/custom-gpt.yaml)
// consistent with the REST API contract (packages/server/openapi.yaml) and within the limits of GPT Actions.
// Run: cd website && node --import tsx --test tests/custom-gpt.test.ts
//
// What "consistent" means here:
// - Every operation of the GPT file exists in the contract with the same path, method and operationId, and the
//   same parameters (name, location, required, schema).
// - Request bodies, responses, headers and schemas are structurally equal to the contract's after every local
//   `$ref` is resolved. "Structurally" ignores annotations (description, summary, title, example, examples and
//   x- extensions): the GPT file rewords them to fit the 300-character limit and to guide the model.
// - The GPT file may offer a subset of the contract: fewer status codes, media types, response headers and
//   security alternatives, and the optional properties listed in OMITTED_PROPERTIES (nothing else).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, it } from 'node:test';
import { parse } from 'yaml';

type Obj = Record<string, unknown>;

const WEBSITE = join(__dirname, '..', '..');
const GPT_FILE = join(WEBSITE, 'static', 'openapi', 'custom-gpt.yaml');
const CONTRACT_FILE = join(WEBSITE, '..', 'packages', 'server', 'openapi.yaml');
const PAGE_FILE = join(WEBSITE, 'docs', 'integrations', 'custom-gpt.mdx');

const gpt = parse(readFileSync(GPT_FILE, 'utf8')) as Obj;
const contract = parse(readFileSync(CONTRACT_FILE, 'utf8')) as Obj;

/** GPT Actions reject an endpoint description or summary longer than this; we hold every description to it. */
const MAX_DESCRIPTION = 300;

/**
 * Optional properties of contract schemas that the GPT file leaves out on purpose, by schema name.
 * - MessageRequest.stream: `true` turns the answer into server-sent events, which a GPT Action cannot read.
 *   Without the field the server answers with one JSON object (the contract's default is `false`).
 */
const OMITTED_PROPERTIES: Record<string, string[]> = {
  MessageRequest: ['stream'],
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const ANNOTATIONS = new Set(['description', 'summary', 'title', 'example', 'examples']);
/** Schema keywords whose values are maps from a name to a schema (the names are data, not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function obj(value: unknown, where: string): Obj {
  assert.ok(isObj(value), `${where} is not an object`);
  return value;
}

/** The node a local reference such as `#/components/schemas/Answer` points to. */
function pointer(doc: Obj, ref: string): unknown {
  assert.ok(ref.startsWith('#/'), `${ref} is not a local reference`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    assert.ok(isObj(node) && key in node, `${ref} does not resolve`);
    node = node[key];
  }
  return node;
}

/**
 * Inlines every `$ref` under node. When a component schema named in `omit` is inlined, the listed properties
 * are removed from it first, so the contract can be compared with the GPT file's documented subset.
 */
function resolve(doc: Obj, node: unknown, omit: Record<string, string[]> = {}, stack: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => resolve(doc, item, omit, stack));
  if (!isObj(node)) return node;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    assert.ok(!stack.includes(ref), `circular reference ${[...stack, ref].join(' -> ')}`);
    const { $ref: _ref, ...siblings } = node;
    const target = resolve(doc, pointer(doc, ref), omit, [...stack, ref]);
    const name = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
    const resolved = isObj(target) ? { ...target, ...(resolve(doc, siblings, omit, stack) as Obj) } : target;
    return name && omit[name] ? withoutProperties(resolved, omit[name], name) : resolved;
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(doc, value, omit, stack)]));
}

/** Follows a top-level `$ref` only, so the schemas inside keep theirs (and the omissions still apply). */
function deref(doc: Obj, node: unknown): unknown {
  let current = node;
  for (const seen: string[] = []; isObj(current) && typeof current.$ref === 'string'; ) {
    assert.ok(!seen.includes(current.$ref), `circular reference ${current.$ref}`);
    seen.push(current.$ref);
    current = pointer(doc, current.$ref);
  }
  return current;
}

function withoutProperties(schema: unknown, names: string[], schemaName: string): unknown {
  const copy = { ...obj(schema, schemaName) };
  const properties = { ...obj(copy.properties, `${schemaName}.properties`) };
  for (const name of names) {
    assert.ok(name in properties, `OMITTED_PROPERTIES lists ${schemaName}.${name}, which the contract no longer has`);
    const required = Array.isArray(copy.required) ? copy.required : [];
    assert.ok(!required.includes(name), `${schemaName}.${name} is required by the contract, so it cannot be left out`);
    delete properties[name];
  }
  copy.properties = properties;
  return copy;
}

/** A resolved schema without annotations and extensions: what a validator would check. */
function structure(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(structure);
  if (!isObj(node)) return node;
  const out: Obj = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    out[key] = SCHEMA_MAPS.has(key) && isObj(value)
      ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, structure(schema)]))
      : structure(value);
  }
  return out;
}

function gptSchema(node: unknown): unknown {
  return structure(resolve(gpt, node));
}

function contractSchema(node: unknown): unknown {
  return structure(resolve(contract, node, OMITTED_PROPERTIES));
}

interface Operation {
  path: string;
  method: string;
  pathItem: Obj;
  operation: Obj;
}

function operations(doc: Obj): Operation[] {
  return Object.entries(obj(doc.paths, 'paths')).flatMap(([path, item]) => {
    const pathItem = obj(item, path);
    return HTTP_METHODS.filter((method) => method in pathItem).map((method) => ({
      path,
      method,
      pathItem,
      operation: obj(pathItem[method], `${method} ${path}`),
    }));
  });
}

/** Path-level and operation-level parameters, resolved, keyed by location and name (the operation's win). */
function parameters(doc: Obj, { pathItem, operation }: Operation): Map<string, Obj> {
  const all = [...((pathItem.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])];
  const byKey = new Map<string, Obj>();
  for (const raw of all) {
    const parameter = obj(resolve(doc, raw), 'parameter');
    byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
  }
  return byKey;
}

/** Every value stored under `key` anywhere in the document, with its location. */
function collect(node: unknown, key: string, at = '#'): Array<[string, unknown]> {
  if (Array.isArray(node)) return node.flatMap((item, index) => collect(item, key, `${at}/${index}`));
  if (!isObj(node)) return [];
  return Object.entries(node).flatMap(([name, value]) => [
    ...(name === key ? [[`${at}/${name}`, value] as [string, unknown]] : []),
    ...collect(value, key, `${at}/${name}`),
  ]);
}

function contractOperation(path: string, method: string): Operation {
  const found = operations(contract).find((candidate) => candidate.path === path && candidate.method === method);
  assert.ok(found, `${method.toUpperCase()} ${path} is not in packages/server/openapi.yaml`);
  return found;
}

/** Compares one media-type map (a request body's or a response's content) with the contract's. */
function assertSameContent(gptContent: unknown, contractContent: unknown, where: string): void {
  const mine = obj(gptContent, `${where} content`);
  const theirs = obj(contractContent, `${where} content in the contract`);
  for (const [mediaType, media] of Object.entries(mine)) {
    assert.ok(mediaType in theirs, `${where}: the contract has no ${mediaType}`);
    assert.deepEqual(
      gptSchema(obj(media, mediaType).schema),
      contractSchema(obj(theirs[mediaType], mediaType).schema),
      `${where} ${mediaType}: the schema differs from the contract`,
    );
  }
}

describe('Custom GPT Action schema', () => {
  it('is an OpenAPI 3.1 document of the same API version as the contract', () => {
    assert.match(String(gpt.openapi), /^3\.1\.\d+$/);
    assert.equal(obj(gpt.info, 'info').version, obj(contract.info, 'info').version);
  });

  it('has exactly one server, an HTTPS origin on a reserved example domain that info.description names', () => {
    const servers = gpt.servers as unknown[];
    assert.ok(Array.isArray(servers));
    assert.equal(servers.length, 1);
    const url = String(obj(servers[0], 'servers[0]').url);
    const parsed = new URL(url);
    assert.equal(parsed.protocol, 'https:');
    assert.equal(parsed.pathname, '/', 'the server URL is an origin; every path starts with /v1');
    assert.equal(url, parsed.origin, 'no trailing slash, so the paths join cleanly');
    assert.match(parsed.hostname, /(^|\.)example\.com$/, 'the file ships with a placeholder the owner replaces');
    const description = String(obj(gpt.info, 'info').description);
    assert.ok(description.includes(url), 'info.description tells the owner to replace the placeholder');
  });

  it('names every operation with a unique operationId', () => {
    const ids = operations(gpt).map(({ operation }) => operation.operationId);
    assert.ok(ids.length > 0);
    for (const id of ids) assert.equal(typeof id, 'string');
    assert.equal(new Set(ids).size, ids.length);
  });

  it('keeps every description and summary within 300 characters', () => {
    for (const key of ['description', 'summary']) {
      for (const [at, value] of collect(gpt, key)) {
        if (typeof value !== 'string') continue; // a property named "description" holds a schema
        assert.ok(value.trim().length <= MAX_DESCRIPTION, `${at} has ${value.trim().length} characters`);
      }
    }
  });

  it('refers only to its own components, and uses every component it defines', () => {
    const refs = collect(gpt, '$ref').map(([, ref]) => String(ref));
    for (const ref of refs) {
      assert.ok(ref.startsWith('#/'), `${ref} points outside the file`);
      pointer(gpt, ref);
    }
    for (const [kind, entries] of Object.entries(obj(gpt.components, 'components'))) {
      if (kind === 'securitySchemes') continue;
      for (const name of Object.keys(obj(entries, kind))) {
        assert.ok(refs.includes(`#/components/${kind}/${name}`), `components.${kind}.${name} is never used`);
      }
    }
  });

  it('offers JSON only: no server-sent events and no stream field', () => {
    assert.deepEqual(collect(gpt, 'text/event-stream'), []);
    for (const [at, properties] of collect(gpt, 'properties')) {
      if (isObj(properties)) assert.ok(!('stream' in properties), `${at} offers stream`);
    }
  });

  for (const found of operations(gpt)) {
    const { path, method, operation } = found;
    const label = `${String(operation.operationId)} (${method.toUpperCase()} ${path})`;

    describe(label, () => {
      it('exists in the contract with the same path, method and operationId', () => {
        assert.equal(contractOperation(path, method).operation.operationId, operation.operationId);
      });

      it('has the same parameters as the contract', () => {
        const strip = (parameter: Obj) => structure({ ...parameter, schema: structure(parameter.schema) });
        const mine = parameters(gpt, found);
        const theirs = parameters(contract, contractOperation(path, method));
        assert.deepEqual([...mine.keys()].sort(), [...theirs.keys()].sort());
        for (const [key, parameter] of mine) assert.deepEqual(strip(parameter), strip(theirs.get(key) as Obj), key);
      });

      it('sends a request body the contract accepts', () => {
        const theirs = contractOperation(path, method).operation.requestBody;
        if (operation.requestBody === undefined) {
          assert.ok(theirs === undefined || obj(deref(contract, theirs), 'requestBody').required !== true);
          return;
        }
        const mine = obj(deref(gpt, operation.requestBody), 'requestBody');
        assert.ok(theirs !== undefined, `${label}: the contract takes no request body`);
        const contractBody = obj(deref(contract, theirs), 'contract requestBody');
        assert.equal(mine.required, contractBody.required);
        assertSameContent(mine.content, contractBody.content, `${label} request`);
      });

      it('describes only responses the contract has, with the same schemas and headers', () => {
        const theirs = obj(contractOperation(path, method).operation.responses, 'contract responses');
        for (const [status, raw] of Object.entries(obj(operation.responses, 'responses'))) {
          assert.ok(status in theirs, `${label}: the contract has no ${status} response`);
          const mine = obj(deref(gpt, raw), status);
          const contractResponse = obj(deref(contract, theirs[status]), `contract ${status}`);
          if (mine.content !== undefined) {
            assertSameContent(mine.content, contractResponse.content, `${label} ${status}`);
          }
          const headers = isObj(mine.headers) ? mine.headers : {};
          const contractHeaders = isObj(contractResponse.headers) ? contractResponse.headers : {};
          for (const [name, header] of Object.entries(headers)) {
            assert.ok(name in contractHeaders, `${label} ${status}: the contract has no ${name} header`);
            assert.deepEqual(gptSchema(header), contractSchema(contractHeaders[name]), `${label} ${status} ${name}`);
          }
        }
        assert.ok('200' in obj(operation.responses, 'responses'), `${label} describes its successful response`);
      });

      it('requires an API key the contract accepts', () => {
        const mine = (operation.security ?? gpt.security) as unknown[];
        const theirs = (contractOperation(path, method).operation.security ?? contract.security) as unknown[];
        assert.ok(Array.isArray(mine) && mine.length > 0);
        for (const requirement of mine) {
          const schemes = Object.keys(obj(requirement, 'security requirement'));
          assert.ok(schemes.length > 0, `${label} must not allow anonymous calls: ChatGPT is not an allowed origin`);
          const accepted = theirs.some((candidate) => isDeepStrictEqual(candidate, requirement));
          assert.ok(accepted, `${label}: the contract does not accept ${JSON.stringify(requirement)}`);
        }
      });
    });
  }

  it('defines every schema, parameter and security scheme as the contract does', () => {
    const components = obj(gpt.components, 'components');
    const contractComponents = obj(contract.components, 'contract components');
    for (const kind of ['schemas', 'parameters', 'securitySchemes']) {
      const mine = isObj(components[kind]) ? components[kind] : {};
      const theirs = obj(contractComponents[kind], `contract components.${kind}`);
      for (const name of Object.keys(mine)) {
        assert.ok(name in theirs, `components.${kind}.${name} is not in the contract`);
        const ref = { $ref: `#/components/${kind}/${name}` };
        assert.deepEqual(gptSchema(ref), contractSchema(ref), `components.${kind}.${name} differs from the contract`);
      }
    }
  });

  it('is what the Custom GPT page links to and describes', () => {
    assert.ok(existsSync(GPT_FILE));
    const page = readFileSync(PAGE_FILE, 'utf8');
    // pathname:// keeps the link at /openapi/custom-gpt.yaml; a plain link to a static file would point to a
    // hashed copy under /assets/files/ instead.
    assert.ok(page.includes('](pathname:///openapi/custom-gpt.yaml)'), 'the page links to /openapi/custom-gpt.yaml');
    for (const { operation } of operations(gpt)) {
      const id = String(operation.operationId);
      assert.ok(page.includes(`\`${id}\``), `the page names ${id}`);
    }
    const url = String(obj((gpt.servers as unknown[])[0], 'servers[0]').url);
    assert.ok(page.includes(url), `the page shows the placeholder ${url} the owner replaces`);
  });
});
