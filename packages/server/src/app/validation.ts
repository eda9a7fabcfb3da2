/**
 * Request validation against the contract's schemas. JSON bodies are validated as sent: no type coercion, so
 * `"question": 12345` or `"stream": "false"` is a 422, not silently converted. Query strings are text by nature:
 * a number or boolean parameter is converted only when the text is exactly one (finite numbers in plain decimal
 * notation, `true`, `false`), so `limit=Infinity` or `limit=1e400` is a 400.
 */
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpProblem } from '../serve/problem.js';

const COMMON: Options = { allErrors: true, removeAdditional: false, allowUnionTypes: true, strict: false };

function compiler(options: Options): Ajv {
  const ajv = new Ajv({ ...COMMON, ...options });
  addFormats.default(ajv);
  return ajv;
}

const DECIMAL = /^-?(0|[1-9]\d{0,14})(\.\d+)?$/;

/** A query value converted to the type its schema names, when the text is exactly such a value. */
function typed(value: unknown, schema: { type?: unknown } | undefined): unknown {
  if (typeof value !== 'string' || !schema) return value;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if ((types.includes('integer') || types.includes('number')) && DECIMAL.test(value)) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/**
 * The JSON pointer of the first text in `value` (a key or a string) that holds U+0000, or null. No operation has
 * a use for it, and PostgreSQL cannot store it, so both stores refuse it the same way, where requests come in.
 */
export function nulPointer(value: unknown, pointer = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? pointer || '/' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (key.includes('\0')) return at;
    const found = nulPointer(item, at);
    if (found) return found;
  }
  return null;
}

export function nulProblem(status: 400 | 422, pointer: string): HttpProblem {
  return new HttpProblem(status, 'The request holds a NUL character (U+0000, sent as \\u0000 or %00), which no text here may contain. Remove it and send the request again.', [{ pointer, detail: 'contains U+0000' }]);
}

export function useContractValidation(app: FastifyInstance): void {
  const strict = compiler({ coerceTypes: false });
  app.setValidatorCompiler(({ schema }) => strict.compile(schema));
  // Convert query strings before validation, by the rule above, instead of Ajv's coercion (which takes Infinity).
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown> | undefined;
    const inParams = nulPointer(request.params);
    if (inParams) throw nulProblem(400, inParams);
    const inQuery = nulPointer(query);
    if (inQuery) throw nulProblem(400, inQuery);
    const properties = (request.routeOptions.schema?.querystring as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
    if (!query || !properties) return;
    for (const [name, value] of Object.entries(query)) query[name] = typed(value, properties[name]);
  });
}
