/**
 * An OpenAPI description as text → one validated, dereferenced object, or an UnreadableContent error that tells the
 * owner what to fix. The document is read on its own: a `$ref` to another file or URL is refused rather than
 * followed, because following it would let a document make the server read its own files or fetch arbitrary URLs.
 */
import { compileErrors, dereference, validate, type ParserOptions } from '@readme/openapi-parser';
import { parse as parseYaml } from 'yaml';
import { UnreadableContent } from '../documents.js';
import { isObject, type JsonObject } from './json.js';

type ApiInput = Parameters<typeof validate>[0];

const BUNDLE_HINT = 'bundle the description into one file first, for example with `npx @redocly/cli bundle openapi.yaml -o bundled.yaml`, and give Docent that file';

/** Validator messages carry a code frame per error; twenty of them would bury the first one. */
const MAX_PARSER_MESSAGE = 2_000;

const PARSER_OPTIONS: ParserOptions = {
  // No file system, no network: every $ref must point inside the document (checked before, see externalRef).
  resolve: { external: false, file: false },
  // A huge or pathological document must not hold a sync forever.
  timeoutMs: 30_000,
  validate: {
    // These rules are about tidiness, not readability: an owner indexing someone else's API cannot fix them, and the
    // converter copes (a duplicate operationId gets its own anchor). Schema errors stay errors.
    rules: {
      openapi: {
        'array-without-items': 'warning',
        'duplicate-non-request-body-parameters': 'warning',
        'duplicate-operation-id': 'warning',
        'non-optional-path-parameters': 'warning',
        'path-parameters-not-in-parameters': 'warning',
        'path-parameters-not-in-path': 'warning',
      },
    },
  },
};

/** Parses, checks, validates and dereferences `text`; `name` (a file name or URL) is how messages refer to it. */
export async function loadDocument(text: string, name: string): Promise<JsonObject> {
  const document = parseText(text, name);
  checkVersion(document, name);
  const external = externalRef(document);
  if (external) {
    throw new UnreadableContent(
      `${name} refers to another file or URL ($ref "${external.ref}" at ${external.at}); Docent reads one self-contained document and follows no outside reference: ${BUNDLE_HINT}`,
    );
  }
  // validate() dereferences its input in place; the copy keeps `document` intact for the dereference below.
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validate(structuredClone(document) as ApiInput, PARSER_OPTIONS);
  } catch (error) {
    throw invalid(name, errorMessage(error));
  }
  if (!result.valid) throw invalid(name, compileErrors(result));
  try {
    // circular: true keeps circular schemas as object cycles; the renderer stops where a schema repeats.
    const dereferenced: unknown = await dereference(document as ApiInput, { ...PARSER_OPTIONS, dereference: { circular: true } });
    if (!isObject(dereferenced)) throw new Error('the dereferenced document is not an object');
    return dereferenced;
  } catch (error) {
    throw invalid(name, errorMessage(error));
  }
}

function invalid(name: string, parserMessage: string): UnreadableContent {
  const message = parserMessage.length > MAX_PARSER_MESSAGE ? `${parserMessage.slice(0, MAX_PARSER_MESSAGE)}…` : parserMessage;
  return new UnreadableContent(`${name} is not a valid OpenAPI document; fix what the validator reports and sync again. ${message.trim()}`);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * JSON is tried first: it is what most servers publish, and JSON.parse is fast on large documents. Anything else,
 * and JSON that does not parse, goes to the YAML parser, whose errors name the line and column.
 */
function parseText(text: string, name: string): unknown {
  const source = text.replace(/^\uFEFF/, '');
  if (source.trim() === '') throw new UnreadableContent(`${name} is empty; give the OpenAPI description itself, as JSON or YAML`);
  if (/^\s*[{[]/.test(source)) {
    try {
      return JSON.parse(source) as unknown;
    } catch {
      // Flow-style YAML also starts with a brace; the YAML parser decides, and explains a real syntax error.
    }
  }
  try {
    // merge: anchors with `<<:` keys are common in hand-written descriptions even though YAML 1.2 dropped them.
    return parseYaml(source, { merge: true }) as unknown;
  } catch (error) {
    throw new UnreadableContent(`${name} is neither valid JSON nor valid YAML; fix the syntax and sync again. ${errorMessage(error).trim()}`);
  }
}

function checkVersion(document: unknown, name: string): asserts document is JsonObject {
  const notOpenApi = `${name} is not an OpenAPI document: it has no "openapi" or "swagger" field at the top; give the URL or file of the API description itself (often openapi.json or openapi.yaml)`;
  if (!isObject(document)) throw new UnreadableContent(notOpenApi);
  const supported = 'Docent reads Swagger 2.0 and OpenAPI 3.0 and 3.1';
  if (document.openapi !== undefined) {
    const version = document.openapi;
    if (typeof version !== 'string') {
      throw new UnreadableContent(`${name}: the "openapi" field must be a string such as "3.1.0" (quoted in YAML); got ${JSON.stringify(version)}`);
    }
    if (!/^3\.[01]\.\d+/.test(version)) throw new UnreadableContent(`${name} is an OpenAPI ${version} document; ${supported}`);
    return;
  }
  if (document.swagger !== undefined) {
    const version = document.swagger;
    if (version === 2 || version === 2.0) {
      throw new UnreadableContent(`${name}: the "swagger" field must be the string "2.0" (quoted in YAML: swagger: "2.0"); got the number 2`);
    }
    if (version !== '2.0') {
      throw new UnreadableContent(`${name} is a Swagger ${String(version)} document; ${supported}: convert it to OpenAPI 3 first`);
    }
    return;
  }
  throw new UnreadableContent(notOpenApi);
}

/** Values that are data, not description: a `$ref` key inside them is not a reference. */
const LITERAL_KEYS = new Set(['example', 'default', 'enum', 'const']);

/** The first `$ref` that leaves the document, with the JSON pointer where it is written. */
function externalRef(document: JsonObject): { ref: string; at: string } | null {
  const visited = new Set<object>();
  const walk = (value: unknown, pointer: string): { ref: string; at: string } | null => {
    if (typeof value !== 'object' || value === null || visited.has(value)) return null;
    // YAML aliases can share or even loop objects; each is looked at once.
    visited.add(value);
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        const found = walk(item, `${pointer}/${index}`);
        if (found) return found;
      }
      return null;
    }
    const object = value as JsonObject;
    const ref = object.$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) return { ref, at: pointer || '/' };
    for (const [key, child] of Object.entries(object)) {
      // A JSON Schema `examples` is an array of values; an OpenAPI `examples` is a map of Example Objects, which may be $refs.
      if (LITERAL_KEYS.has(key) || key.startsWith('x-') || (key === 'examples' && Array.isArray(child))) continue;
      const found = walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (found) return found;
    }
    return null;
  };
  return walk(document, '');
}
