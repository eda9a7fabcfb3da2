/** What `loadIndex` and the loading of an index's parts throw: messages that name the problem and the fix. */

/** Thrown by `loadIndex` with a message that names the problem and how to fix it. */
export class IndexLoadError extends Error {
  override readonly name = 'IndexLoadError';
  constructor(message: string) {
    super(`Cannot load the Docent index: ${message}`);
  }
}

export const REBUILD = 'Rebuild the index (docusaurus build, or `docent index <dir>`) and deploy the new file.';

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
