/**
 * How a prop value is written as an attribute: booleans as `true`/`false`, strings as they are, arrays and
 * objects as JSON. `null` means "leave the attribute out". Kept apart from the attribute table so the React
 * components can use it without shipping the table on every page.
 */
export function toAttributeValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** `headerTitle` → `header-title`: every attribute is its prop name in kebab case (a test checks the table). */
export function attributeNameOf(prop: string): string {
  return prop.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
