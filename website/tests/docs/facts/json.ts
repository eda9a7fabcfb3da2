/** JSON as the checkers walk it: an object is a record of unknown values until a check looks inside. */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parsed JSON, or undefined when it does not parse (syntax.test.ts reports that). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The steps of a JSON path such as `projects[].sources[].type`: `[]` stands for every item of an array. */
export const pathSteps = (path: string): string[] => path.split('.').flatMap((step) => (step.endsWith('[]') ? [step.slice(0, -2), '[]'] : [step]));

/** Follows local `$ref`s (`#/components/schemas/Source`) within `document` to the node they point at. */
export function followRefs(document: Json, node: unknown): Json {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((parent, key) => (isObject(parent) ? parent[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), document);
  }
  return isObject(current) ? current : {};
}
