/**
 * Reading an untyped OpenAPI document safely. After parsing and dereferencing, any field may be missing, of the
 * wrong type or (with circular schemas) point back at an ancestor, so the converter reads it only through these.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(object: JsonObject, key: string): JsonObject | undefined {
  const value = object[key];
  return isObject(value) ? value : undefined;
}

/** A non-blank string, trimmed. */
export function stringAt(object: JsonObject, key: string): string | undefined {
  const value = object[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function numberAt(object: JsonObject, key: string): number | undefined {
  const value = object[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function arrayAt(object: JsonObject, key: string): unknown[] {
  const value = object[key];
  return Array.isArray(value) ? value : [];
}

export function objectsAt(object: JsonObject, key: string): JsonObject[] {
  return arrayAt(object, key).filter(isObject);
}

export function stringsAt(object: JsonObject, key: string): string[] {
  return arrayAt(object, key).filter((item): item is string => typeof item === 'string');
}
