/**
 * Which browser origins may call a project's public operations without a key: the project's allowed origins, the
 * server's `--allowed-origin` list, the origin that serves the site, and localhost on any port.
 */
const LOCALHOST = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isAllowedOrigin(origin: string, servingOrigin: string, allowed: readonly string[]): boolean {
  if (allowed.includes(origin) || origin === servingOrigin) return true;
  try {
    return LOCALHOST.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}
