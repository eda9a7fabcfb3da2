/**
 * Request validation against the contract's schemas. JSON bodies are validated as sent: no type coercion, so
 * `"question": 12345` or `"stream": "false"` is a 422, not silently converted. Query strings are text by nature:
 * a number or boolean parameter is converted only when the text is exactly one (finite numbers in plain decimal
 * notation, `true`, `false`), so `limit=Infinity` or `limit=1e400` is a 400.
 */
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

export function useContractValidation(app: FastifyInstance): void {
  const strict = compiler({ coerceTypes: false });
  app.setValidatorCompiler(({ schema }) => strict.compile(schema));
  // Convert query strings before validation, by the rule above, instead of Ajv's coercion (which takes Infinity).
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown> | undefined;
    const properties = (request.routeOptions.schema?.querystring as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
    if (!query || !properties) return;
    for (const [name, value] of Object.entries(query)) query[name] = typed(value, properties[name]);
  });
}
