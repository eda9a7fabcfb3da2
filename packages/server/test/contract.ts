/** Validates responses against openapi.yaml, the way a client built from the contract would read them. */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadOpenApi } from '../src/serve/openapi.js';

const contract = loadOpenApi();
const ajv = new Ajv2020.default({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...contract, $id: 'openapi.yaml' } as object);

/** Throws with every violation when `value` does not match `components.schemas[name]`. */
export function assertMatches(name: string, value: unknown): void {
  const validate = ajv.getSchema(`openapi.yaml#/components/schemas/${name}`);
  if (!validate) throw new Error(`openapi.yaml has no schema ${name}`);
  if (!validate(value)) {
    throw new Error(`response does not match ${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value, null, 2)}`);
  }
}
