/**
 * What a schema says about a value, in words a reader would also type: its type ("array of string", "integer or
 * null") and its limits as phrases that carry both ways of asking, "at most 2000 characters (maximum length 2000)",
 * so "how long can X be" and "maximum length of X" both find the field. Phrases are HTML (values in <code>).
 */
import { escapeHtml } from '@docent/engine';
import { numberAt, objectAt, objectsAt, stringAt, stringsAt, type JsonObject } from './json.js';

const merged = new WeakMap<JsonObject, JsonObject>();

/**
 * The schema with its `allOf` parts folded in: their properties and required names added, and any keyword the
 * schema itself lacks taken from them. Circular `allOf` chains stop at the repeat.
 */
export function mergedSchema(schema: JsonObject, chain: Set<JsonObject> = new Set()): JsonObject {
  const parts = objectsAt(schema, 'allOf');
  if (parts.length === 0) return schema;
  const cached = merged.get(schema);
  if (cached) return cached;
  if (chain.has(schema)) return schema;
  chain.add(schema);
  const { allOf: _allOf, ...result } = schema;
  const properties: JsonObject = { ...(objectAt(schema, 'properties') ?? {}) };
  const required = new Set(stringsAt(schema, 'required'));
  for (const part of parts) {
    const flat = mergedSchema(part, chain);
    for (const [name, property] of Object.entries(objectAt(flat, 'properties') ?? {})) if (!(name in properties)) properties[name] = property;
    for (const name of stringsAt(flat, 'required')) required.add(name);
    for (const [key, value] of Object.entries(flat)) if (!(key in result) && key !== 'properties' && key !== 'required') result[key] = value;
  }
  chain.delete(schema);
  if (Object.keys(properties).length > 0) result.properties = properties;
  if (required.size > 0) result.required = [...required];
  merged.set(schema, result);
  return result;
}

/** The alternatives of a `oneOf` or `anyOf`. */
export function variantsOf(schema: JsonObject): JsonObject[] {
  return [...objectsAt(schema, 'oneOf'), ...objectsAt(schema, 'anyOf')];
}

/** `string`, `integer or null`, `array of object`, `string or integer`; empty when the schema says nothing. */
export function typeWords(raw: JsonObject, depth = 0): string {
  const schema = mergedSchema(raw);
  let types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type.filter((type): type is string => typeof type === 'string') : [];
  if (types.length === 0) {
    const variants = variantsOf(schema);
    if (variants.length > 0 && depth < 2) return unique(variants.map((variant) => typeWords(variant, depth + 1) || 'any')).join(' or ');
    if (objectAt(schema, 'properties')) types = ['object'];
    else if (objectAt(schema, 'items')) types = ['array'];
    else if (Array.isArray(schema.enum) && schema.enum.length > 0) types = [schema.enum[0] === null ? 'null' : typeof schema.enum[0]];
  }
  // OpenAPI 3.0 spells "or null" as `nullable: true`; 3.1 puts "null" in the type list.
  if (schema.nullable === true && !types.includes('null')) types.push('null');
  return types
    .map((type) => {
      const items = objectAt(schema, 'items');
      if (type === 'array' && items && depth < 3) return `array of ${typeWords(items, depth + 1) || 'any'}`;
      const values = objectAt(schema, 'additionalProperties');
      if (type === 'object' && values && !objectAt(schema, 'properties') && depth < 3) return `object with ${typeWords(values, depth + 1) || 'any'} values`;
      return type;
    })
    .join(' or ');
}

function unique(words: string[]): string[] {
  return [...new Set(words)];
}

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** A value as the document would write it: strings bare, anything else as JSON, long values cut. */
export function valueText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export const code = (value: unknown): string => `<code>${escapeHtml(valueText(value))}</code>`;

/** Most enum values listed; an enum of 300 country codes says little more than its first few. */
const MAX_ENUM_VALUES = 25;

/** The limits of a value, each a short phrase; items of an array get theirs prefixed "each item". */
export function limitPhrases(raw: JsonObject, depth = 0): string[] {
  const schema = mergedSchema(raw);
  const phrases: string[] = [];
  const minLength = numberAt(schema, 'minLength');
  const maxLength = numberAt(schema, 'maxLength');
  if (minLength !== undefined && minLength === maxLength) phrases.push(`exactly ${plural(minLength, 'character', 'characters')} (length ${minLength})`);
  else {
    if (maxLength !== undefined) phrases.push(`at most ${plural(maxLength, 'character', 'characters')} (maximum length ${maxLength})`);
    if (minLength !== undefined && minLength > 0) phrases.push(`at least ${plural(minLength, 'character', 'characters')} (minimum length ${minLength})`);
  }

  // OpenAPI 3.0 and Swagger 2.0 write exclusive bounds as booleans beside minimum/maximum; 3.1 as numbers.
  const minimum = numberAt(schema, 'minimum');
  const maximum = numberAt(schema, 'maximum');
  const exclusiveMinimum = numberAt(schema, 'exclusiveMinimum') ?? (schema.exclusiveMinimum === true ? minimum : undefined);
  const exclusiveMaximum = numberAt(schema, 'exclusiveMaximum') ?? (schema.exclusiveMaximum === true ? maximum : undefined);
  if (exclusiveMinimum !== undefined) phrases.push(`greater than ${exclusiveMinimum} (exclusive minimum ${exclusiveMinimum})`);
  else if (minimum !== undefined) phrases.push(`at least ${minimum} (minimum ${minimum})`);
  if (exclusiveMaximum !== undefined) phrases.push(`less than ${exclusiveMaximum} (exclusive maximum ${exclusiveMaximum})`);
  else if (maximum !== undefined) phrases.push(`at most ${maximum} (maximum ${maximum})`);
  const multipleOf = numberAt(schema, 'multipleOf');
  if (multipleOf !== undefined) phrases.push(`a multiple of ${multipleOf}`);

  const minItems = numberAt(schema, 'minItems');
  const maxItems = numberAt(schema, 'maxItems');
  if (maxItems !== undefined) phrases.push(`at most ${plural(maxItems, 'item', 'items')} (maximum ${plural(maxItems, 'item', 'items')})`);
  if (minItems !== undefined && minItems > 0) phrases.push(`at least ${plural(minItems, 'item', 'items')} (minimum ${plural(minItems, 'item', 'items')})`);
  if (schema.uniqueItems === true) phrases.push('no duplicate items');
  const minProperties = numberAt(schema, 'minProperties');
  const maxProperties = numberAt(schema, 'maxProperties');
  if (maxProperties !== undefined) phrases.push(`at most ${plural(maxProperties, 'property', 'properties')}`);
  if (minProperties !== undefined && minProperties > 0) phrases.push(`at least ${plural(minProperties, 'property', 'properties')}`);

  const pattern = stringAt(schema, 'pattern');
  if (pattern) phrases.push(`matches the pattern ${code(pattern)}`);
  if (schema.const !== undefined) phrases.push(`always ${code(schema.const)}`);
  else if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const values = schema.enum.slice(0, MAX_ENUM_VALUES).map(code).join(', ');
    const more = schema.enum.length > MAX_ENUM_VALUES ? ` and ${schema.enum.length - MAX_ENUM_VALUES} more` : '';
    phrases.push(schema.enum.length === 1 ? `always ${values}` : `one of ${values}${more}`);
  }
  if (schema.default !== undefined) phrases.push(`default ${code(schema.default)}`);

  const items = objectAt(schema, 'items');
  if (items && depth < 2) phrases.push(...limitPhrases(items, depth + 1).map((phrase) => `each item ${phrase}`));
  return phrases;
}

/** The first example of a scalar value, if short enough to help a search rather than bloat the page. */
export function exampleOf(raw: JsonObject): unknown {
  const schema = mergedSchema(raw);
  const candidates = [schema.example, ...(Array.isArray(schema.examples) ? schema.examples : [])];
  return candidates.find((value) => (typeof value === 'string' && value.length <= 60) || typeof value === 'number' || typeof value === 'boolean');
}

/** `string`-ish notes beside the type: its format, and whether it is deprecated, read-only or write-only. */
export function qualifiers(raw: JsonObject): string[] {
  const schema = mergedSchema(raw);
  const notes: string[] = [];
  const format = stringAt(schema, 'format');
  if (format) notes.push(format);
  const items = objectAt(schema, 'items');
  const itemFormat = items ? stringAt(mergedSchema(items), 'format') : undefined;
  if (!format && itemFormat) notes.push(`items ${itemFormat}`);
  if (schema.deprecated === true) notes.push('deprecated');
  return notes;
}
