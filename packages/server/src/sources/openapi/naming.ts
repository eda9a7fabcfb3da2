/** How an operation is named: the title readers see in results, and the URL fragment that links to it. */
import type { Operation } from './operations.js';

/** `Send a message (POST /v1/projects/{projectId}/messages)`, or the operationId, or only the method and path. */
export function operationTitle(operation: Operation): string {
  const endpoint = `${operation.method.toUpperCase()} ${operation.path}`;
  // The sync's cleanTitles cuts a title at its last " | " (a site-name suffix), which would cut off the endpoint.
  const name = (operation.summary ?? operation.operationId)?.replace(/\s+/g, ' ').replace(/ \| /g, ' / ').replace(/\.$/, '');
  return name ? `${name} (${endpoint})` : endpoint;
}

/**
 * `operation/<operationId>` (the form Redoc and other renderers use, so links look familiar), or the method and path
 * slugged (`post-v1-pets-petid`). `taken` holds the anchors given so far; a repeat gets `-2`, `-3`…
 */
export function operationAnchor(operation: Operation, taken: Set<string>): string {
  const slug = `${operation.method}-${operation.path}`.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  const base = operation.operationId ? `operation/${fragmentSafe(operation.operationId)}` : slug || operation.method;
  let anchor = base;
  for (let repeat = 2; taken.has(anchor); repeat += 1) anchor = `${base}-${repeat}`;
  taken.add(anchor);
  return anchor;
}

/** Characters a URL fragment may hold as they are (RFC 3986 pchar, `/` and `?`); others are percent-encoded. */
function fragmentSafe(text: string): string {
  return [...text].map((char) => (/[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/.test(char) ? char : encodeURIComponent(char))).join('');
}
