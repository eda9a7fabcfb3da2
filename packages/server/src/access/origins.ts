/**
 * Which browser origins may call a project's public operations without a key: the project's allowed origins, the
 * server's `--allowed-origin` list, the origin of the public URL and of the address the server listens on, and
 * localhost on any port. Never the request's Host header, which the client chooses.
 */
const LOCALHOST = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  if (allowed.includes(origin)) return true;
  try {
    return LOCALHOST.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}
