/**
 * The part of an OpenAPI schema object (already dereferenced by the OpenAPI plugin) that the static rendering of
 * parameters and bodies reads, and the words it shows for a schema's type and constraints.
 */
export interface SchemaObject {
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  properties?: Record<string, SchemaObject>;
  /** The required properties' names (JSON Schema draft 4 also allows a boolean, which this rendering ignores). */
  required?: boolean | string[];
  items?: SchemaObject;
  additionalProperties?: boolean | SchemaObject;
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  pattern?: string;
  writeOnly?: boolean;
  readOnly?: boolean;
}

/** The schema's type as the theme names it: `string`, `integer`, `object[]`, `string | null`. */
export function typeName(schema: SchemaObject): string {
  if (schema.type === 'array' && schema.items) return `${typeName(schema.items)}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type) return schema.type;
  if (schema.oneOf || schema.anyOf) return 'one of';
  if (schema.properties) return 'object';
  return 'any';
}

const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The schema's constraints in words, each a short phrase: `length 1 to 4000 characters`, `at least 1`, `one of a, b`.
 * A string's limits name its length, the word readers search for ("max length of a question").
 */
export function constraints(schema: SchemaObject): string[] {
  const said: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit: string, what = '') => {
    if (min !== undefined && max !== undefined) said.push(`${what}${min} to ${max}${unit}`);
    else if (min !== undefined) said.push(`${what}at least ${min}${unit}`);
    else if (max !== undefined) said.push(`${what}at most ${max}${unit}`);
  };
  range(schema.minLength, schema.maxLength, ' characters', 'length ');
  range(schema.minimum, schema.maximum, '');
  range(schema.minItems, schema.maxItems, ' items');
  range(schema.minProperties, schema.maxProperties, ' entries');
  if (schema.const !== undefined) said.push(`always ${json(schema.const)}`);
  if (schema.enum) said.push(`one of ${schema.enum.map(json).join(', ')}`);
  if (schema.pattern) said.push(`matches ${schema.pattern}`);
  if (schema.format) said.push(`format ${schema.format}`);
  return said;
}

/** The schema's example, as the theme shows it: the first of `examples`, or `example`. */
export function exampleOf(schema: SchemaObject): string | undefined {
  const example = schema.examples?.[0] ?? schema.example;
  return example === undefined ? undefined : json(example);
}

/** The variants of a `oneOf` or `anyOf` schema, none for others. */
export function variantsOf(schema: SchemaObject): SchemaObject[] {
  return schema.oneOf ?? schema.anyOf ?? [];
}

/** The object a schema describes: itself, or its items for an array. */
function objectOf(schema: SchemaObject): SchemaObject {
  return schema.type === 'array' && schema.items ? schema.items : schema;
}

/** The properties an object shows: its own, and those of its array items. */
export function propertiesOf(schema: SchemaObject): Array<[string, SchemaObject]> {
  return Object.entries(objectOf(schema).properties ?? {});
}

/** What the values of a map (an object with `additionalProperties`) are, when it says. */
export function mapValues(schema: SchemaObject): SchemaObject | undefined {
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

/** Whether the schema has anything to list under it: properties, a map's values or variants. */
export function hasMembers(schema: SchemaObject): boolean {
  return propertiesOf(schema).length > 0 || mapValues(schema) !== undefined || variantsOf(schema).length > 0;
}

/** The names of the properties an object requires (of its items' for an array). */
export function requiredNames(schema: SchemaObject): Set<string> {
  const { required } = objectOf(schema);
  return new Set(Array.isArray(required) ? required : []);
}
