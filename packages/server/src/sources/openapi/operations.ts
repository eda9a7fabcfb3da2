/**
 * The operations of a dereferenced document in one shape, whichever version wrote them. Swagger 2.0 keeps a
 * parameter's type beside its name and the request body among the parameters (`in: body`, `in: formData`); OpenAPI 3
 * moved both into schemas and `requestBody`. Rendering reads only this shape, so it has one code path.
 */
import { isObject, objectAt, objectsAt, stringAt, stringsAt, type JsonObject } from './json.js';

export interface Parameter {
  name: string;
  /** path, query, header or cookie. */
  location: string;
  required: boolean;
  deprecated: boolean;
  description: string | undefined;
  /** The parameter's schema; for Swagger 2.0, the parameter itself (type, format and limits live there). */
  schema: JsonObject;
}

export interface Content {
  mediaTypes: string[];
  schema: JsonObject | undefined;
}

export interface RequestBody {
  required: boolean;
  description: string | undefined;
  /** One entry per distinct schema: `application/json` and `multipart/form-data` often describe different fields. */
  contents: Content[];
}

export interface Response {
  /** `200`, `4XX` or `default`. */
  status: string;
  description: string | undefined;
  /** Every media type the response may have, such as `application/json` and `text/event-stream`. */
  mediaTypes: string[];
  /** The content whose fields are listed: the JSON one when there is one. */
  content: Content | undefined;
}

/** One way to authenticate: every scheme named must be satisfied at once. An empty list means no credentials. */
export type SecurityRequirement = { scheme: string; kind: string | undefined; scopes: string[] }[];

export interface Operation {
  method: string;
  path: string;
  operationId: string | undefined;
  summary: string | undefined;
  description: string | undefined;
  tags: string[];
  deprecated: boolean;
  parameters: Parameter[];
  body: RequestBody | undefined;
  responses: Response[];
  /** Alternatives (any one will do); undefined when the document declares no security at all. */
  security: SecurityRequirement[] | undefined;
  /** The first server URL (OpenAPI 3) or host and base path (Swagger 2.0), when declared. */
  baseUrl: string | undefined;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every operation under `paths`, in document order. */
export function operationsOf(document: JsonObject): Operation[] {
  const swagger = document.swagger !== undefined;
  const operations: Operation[] = [];
  for (const [path, pathItem] of Object.entries(objectAt(document, 'paths') ?? {})) {
    if (!isObject(pathItem)) continue;
    for (const method of METHODS) {
      const operation = objectAt(pathItem, method);
      if (operation) operations.push(swagger ? fromSwagger(document, path, method, pathItem, operation) : fromOpenApi(document, path, method, pathItem, operation));
    }
  }
  return operations;
}

function common(path: string, method: string, pathItem: JsonObject, operation: JsonObject): Omit<Operation, 'parameters' | 'body' | 'responses' | 'security' | 'baseUrl'> {
  return {
    method,
    path,
    operationId: stringAt(operation, 'operationId'),
    summary: stringAt(operation, 'summary') ?? stringAt(pathItem, 'summary'),
    description: stringAt(operation, 'description') ?? stringAt(pathItem, 'description'),
    tags: stringsAt(operation, 'tags'),
    deprecated: operation.deprecated === true,
  };
}

/** Path-level parameters apply to every operation of the path, unless the operation redefines one (same name and place). */
function mergedParameters(pathItem: JsonObject, operation: JsonObject): JsonObject[] {
  const byKey = new Map<string, JsonObject>();
  for (const parameter of [...objectsAt(pathItem, 'parameters'), ...objectsAt(operation, 'parameters')]) {
    byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
  }
  return [...byKey.values()];
}

function fromOpenApi(document: JsonObject, path: string, method: string, pathItem: JsonObject, operation: JsonObject): Operation {
  const parameters = mergedParameters(pathItem, operation).map((parameter) => ({
    name: stringAt(parameter, 'name') ?? '',
    location: stringAt(parameter, 'in') ?? 'query',
    required: parameter.required === true,
    deprecated: parameter.deprecated === true,
    description: stringAt(parameter, 'description'),
    // A parameter has either a schema or a one-entry `content` map (for a JSON-encoded query value, say).
    schema: objectAt(parameter, 'schema') ?? contentsOf(objectAt(parameter, 'content'))[0]?.schema ?? {},
  }));
  const requestBody = objectAt(operation, 'requestBody');
  const body = requestBody
    ? { required: requestBody.required === true, description: stringAt(requestBody, 'description'), contents: contentsOf(objectAt(requestBody, 'content')) }
    : undefined;
  const responses = Object.entries(objectAt(operation, 'responses') ?? {}).flatMap(([status, response]) =>
    isObject(response) ? [openApiResponse(status, response)] : [],
  );
  const schemes = objectAt(objectAt(document, 'components') ?? {}, 'securitySchemes') ?? {};
  const servers = objectsAt(operation, 'servers').length > 0 ? objectsAt(operation, 'servers') : objectsAt(pathItem, 'servers').length > 0 ? objectsAt(pathItem, 'servers') : objectsAt(document, 'servers');
  const firstServer = servers[0] ? stringAt(servers[0], 'url') : undefined;
  return {
    ...common(path, method, pathItem, operation),
    parameters,
    body,
    responses,
    security: securityOf(document, operation, schemes, (scheme) => {
      const kind = stringAt(scheme, 'type');
      if (kind === 'http') return `HTTP ${stringAt(scheme, 'scheme') ?? ''}`.trim();
      if (kind === 'apiKey') return `API key in the ${stringAt(scheme, 'in') ?? ''} ${stringAt(scheme, 'name') ?? ''}`.replace(/\s+/g, ' ').trim();
      return kind;
    }),
    // "/" is the default server, which says nothing to a reader.
    baseUrl: firstServer && firstServer !== '/' ? firstServer : undefined,
  };
}

function fromSwagger(document: JsonObject, path: string, method: string, pathItem: JsonObject, operation: JsonObject): Operation {
  const all = mergedParameters(pathItem, operation);
  const consumes = stringsAt(operation, 'consumes').length > 0 ? stringsAt(operation, 'consumes') : stringsAt(document, 'consumes');
  const produces = stringsAt(operation, 'produces').length > 0 ? stringsAt(operation, 'produces') : stringsAt(document, 'produces');

  const parameters: Parameter[] = [];
  let body: RequestBody | undefined;
  const formFields: Record<string, JsonObject> = {};
  const formRequired: string[] = [];
  for (const parameter of all) {
    const name = stringAt(parameter, 'name') ?? '';
    const location = stringAt(parameter, 'in') ?? 'query';
    if (location === 'body') {
      body = { required: parameter.required === true, description: stringAt(parameter, 'description'), contents: [{ mediaTypes: consumes, schema: objectAt(parameter, 'schema') }] };
    } else if (location === 'formData') {
      // The form's fields read like the properties of one object: the same flattening then renders them.
      formFields[name] = parameterSchema(parameter, true);
      if (parameter.required === true) formRequired.push(name);
    } else {
      parameters.push({ name, location, required: parameter.required === true, deprecated: false, description: stringAt(parameter, 'description'), schema: parameterSchema(parameter, false) });
    }
  }
  if (!body && Object.keys(formFields).length > 0) {
    const mediaTypes = consumes.length > 0 ? consumes : ['application/x-www-form-urlencoded'];
    body = { required: formRequired.length > 0, description: undefined, contents: [{ mediaTypes, schema: { type: 'object', properties: formFields, required: formRequired } }] };
  }
  const responses = Object.entries(objectAt(operation, 'responses') ?? {}).flatMap(([status, response]) =>
    isObject(response) ? [{ status, description: stringAt(response, 'description'), mediaTypes: produces, content: { mediaTypes: produces, schema: objectAt(response, 'schema') } }] : [],
  );
  const host = stringAt(document, 'host');
  const basePath = stringAt(document, 'basePath');
  const scheme = stringsAt(document, 'schemes')[0] ?? 'https';
  return {
    ...common(path, method, pathItem, operation),
    parameters,
    body,
    responses,
    security: securityOf(document, operation, objectAt(document, 'securityDefinitions') ?? {}, (definition) => {
      const kind = stringAt(definition, 'type');
      if (kind === 'basic') return 'HTTP basic';
      if (kind === 'apiKey') return `API key in the ${stringAt(definition, 'in') ?? ''} ${stringAt(definition, 'name') ?? ''}`.replace(/\s+/g, ' ').trim();
      return kind;
    }),
    baseUrl: host ? `${scheme}://${host}${basePath ?? ''}` : basePath && basePath !== '/' ? basePath : undefined,
  };
}

/** A Swagger 2.0 parameter's type and limits, without what is about the parameter rather than its value. */
function parameterSchema(parameter: JsonObject, keepDescription: boolean): JsonObject {
  const { name: _name, in: _in, required: _required, description, ...schema } = parameter;
  return keepDescription && description !== undefined ? { ...schema, description } : schema;
}

/** Media types grouped by schema: a schema shared by several media types is rendered once. */
function contentsOf(content: JsonObject | undefined): Content[] {
  const contents: Content[] = [];
  for (const [mediaType, media] of Object.entries(content ?? {})) {
    const schema = isObject(media) ? objectAt(media, 'schema') : undefined;
    const same = contents.find((entry) => entry.schema === schema);
    if (same) same.mediaTypes.push(mediaType);
    else contents.push({ mediaTypes: [mediaType], schema });
  }
  return contents;
}

function openApiResponse(status: string, response: JsonObject): Response {
  const contents = contentsOf(objectAt(response, 'content'));
  return { status, description: stringAt(response, 'description'), mediaTypes: contents.flatMap((entry) => entry.mediaTypes), content: preferredContent(contents) };
}

/** The content whose fields a reader most likely reads: JSON first. */
function preferredContent(contents: Content[]): Content | undefined {
  return contents.find((entry) => entry.mediaTypes.some((type) => /[/+]json\b/.test(type))) ?? contents[0];
}

function securityOf(document: JsonObject, operation: JsonObject, schemes: JsonObject, kindOf: (scheme: JsonObject) => string | undefined): SecurityRequirement[] | undefined {
  // An operation's `security` replaces the document's, and `security: []` on an operation means no credentials.
  const declared = Array.isArray(operation.security) ? operation.security : Array.isArray(document.security) ? document.security : undefined;
  if (!declared) return undefined;
  if (declared.length === 0) return [[]];
  return declared.filter(isObject).map((requirement) =>
    Object.entries(requirement).map(([scheme, scopes]) => {
      const definition = objectAt(schemes, scheme);
      return {
        scheme,
        kind: definition ? kindOf(definition) : undefined,
        scopes: Array.isArray(scopes) ? scopes.filter((scope): scope is string => typeof scope === 'string') : [],
      };
    }),
  );
}
