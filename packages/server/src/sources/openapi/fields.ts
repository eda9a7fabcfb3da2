/**
 * A body schema as a flat list of fields with dotted names (`context.page_url`, `tags[]`, `items[].id`): a reader
 * asks about `page_url`, not about the nesting, and each field becomes one sentence the search can match. The
 * alternatives of a oneOf/anyOf are listed one after the other, each field labelled with its alternative.
 */
import { isObject, objectAt, stringsAt, type JsonObject } from './json.js';
import { mergedSchema, valueText, variantsOf } from './schema.js';

export interface Field {
  name: string;
  /** The field's own schema, as written (not merged). */
  schema: JsonObject;
  required: boolean;
  /**
   * The alternatives of a oneOf/anyOf the field belongs to, such as "type page" or "option 2"; empty outside them.
   * A field that several alternatives share (the same name and schema) is listed once, with all of them.
   */
  variants: string[];
  /** The field's schema is one of its own ancestors: the fields under it were listed already and are not repeated. */
  recursive: boolean;
}

export interface FlattenOptions {
  /** How many levels of nesting are listed; deeper fields are left out. */
  maxDepth: number;
  /** Fields listed at most, so one giant schema cannot bloat the page; `truncated` says some were left out. */
  maxFields: number;
  /** Properties that only travel the other way: readOnly ones in requests, writeOnly ones in responses. */
  omit: 'readOnly' | 'writeOnly';
}

export interface FieldList {
  fields: Field[];
  truncated: boolean;
}

export function flattenFields(root: JsonObject, options: FlattenOptions): FieldList {
  const list: FieldList = { fields: [], truncated: false };
  // The schemas from the root down to where the walk is: meeting one again means the schema is circular.
  const onPath = new Set<JsonObject>();
  const refersBack = (schema: JsonObject): boolean => {
    const items = objectAt(mergedSchema(schema), 'items');
    return onPath.has(schema) || (items !== undefined && onPath.has(items));
  };

  const visitObject = (raw: JsonObject, prefix: string, depth: number, variant: string | undefined): void => {
    onPath.add(raw);
    const schema = mergedSchema(raw);
    const required = new Set(stringsAt(schema, 'required'));
    for (const [name, property] of Object.entries(objectAt(schema, 'properties') ?? {})) {
      if (!isObject(property) || mergedSchema(property)[options.omit] === true) continue;
      const fieldName = prefix ? `${prefix}.${name}` : name;
      const recursive = refersBack(property);
      const shared = variant ? list.fields.find((field) => field.name === fieldName && field.schema === property && field.variants.length > 0) : undefined;
      if (shared && variant) shared.variants.push(variant);
      else if (list.fields.length < options.maxFields) list.fields.push({ name: fieldName, schema: property, required: required.has(name), variants: variant ? [variant] : [], recursive });
      else {
        // Full: walking on would only cost time (a wide schema nested six deep has hundreds of thousands of paths).
        list.truncated = true;
        break;
      }
      if (!recursive && depth + 1 < options.maxDepth) visitNested(property, fieldName, depth + 1, variant);
    }
    variantsOf(schema).forEach((alternative, index) => {
      if (list.truncated || onPath.has(alternative) || !hasFields(alternative)) return;
      const label = variantLabel(alternative, index);
      visitObject(alternative, prefix, depth, variant ? `${variant}, ${label}` : label);
    });
    onPath.delete(raw);
  };

  const visitNested = (raw: JsonObject, name: string, depth: number, variant: string | undefined): void => {
    if (hasFields(raw)) return visitObject(raw, name, depth, variant);
    const items = objectAt(mergedSchema(raw), 'items');
    if (items && !onPath.has(items) && hasFields(items)) visitObject(items, `${name}[]`, depth, variant);
  };

  const items = objectAt(mergedSchema(root), 'items');
  if (hasFields(root)) visitObject(root, '', 0, undefined);
  else if (items && hasFields(items)) visitObject(items, '[]', 0, undefined);
  return list;
}

/** Whether a schema has properties of its own or in one of its alternatives. */
export function hasFields(raw: JsonObject, depth = 0): boolean {
  const schema = mergedSchema(raw);
  const properties = objectAt(schema, 'properties');
  if (properties && Object.keys(properties).length > 0) return true;
  return depth < 3 && variantsOf(schema).some((alternative) => hasFields(alternative, depth + 1));
}

/** How a reader tells the alternatives apart: the one value its discriminating property takes, its title, or its place. */
function variantLabel(raw: JsonObject, index: number): string {
  const schema = mergedSchema(raw);
  for (const [name, property] of Object.entries(objectAt(schema, 'properties') ?? {})) {
    if (!isObject(property)) continue;
    const only = property.const !== undefined ? property.const : Array.isArray(property.enum) && property.enum.length === 1 ? property.enum[0] : undefined;
    if (only !== undefined) return `${name} ${valueText(only)}`;
  }
  if (typeof schema.title === 'string' && schema.title.trim()) return schema.title.trim();
  return `option ${index + 1}`;
}
