/**
 * The `openapi` source's converter: an OpenAPI 2.0 (Swagger), 3.0 or 3.1 description, JSON or YAML, as one HTML
 * document per operation. A question about one field ("what is the maximum length of a question?") then finds the
 * one operation that has it, instead of a single page holding the whole API.
 */
import { UnreadableContent } from '../documents.js';
import { loadDocument } from './load.js';
import { operationAnchor, operationTitle } from './naming.js';
import { operationsOf } from './operations.js';
import { renderOperation } from './render.js';

export interface OperationDocument {
  /** The fragment naming the operation in the document's URL: `operation/<operationId>`, or `<method>-<path>` slugged when it has no operationId; unique within the document. */
  anchor: string;
  /** `Send a message (POST /v1/projects/{projectId}/messages)`-like title. */
  title: string;
  /** HTML for the engine's extractSections: <title>, an <h1> with the title, then h2 sections without ids (Parameters, Request body, Responses…) — the sync gives every section of an operation the operation's own URL. */
  html: string;
}

/**
 * Parses (JSON or YAML), validates and dereferences the document with @readme/openapi-parser, and renders each
 * operation. Rejects with UnreadableContent (from ../documents.js) whose message is the parser's, prefixed with what
 * to do, naming `name` (a file name or URL).
 */
export async function operationDocuments(text: string, name: string): Promise<OperationDocument[]> {
  try {
    const document = await loadDocument(text, name);
    const taken = new Set<string>();
    return operationsOf(document).map((operation) => {
      const title = operationTitle(operation);
      return { anchor: operationAnchor(operation, taken), title, html: renderOperation(operation, title) };
    });
  } catch (error) {
    if (error instanceof UnreadableContent) throw error;
    // Something no check foresaw (a document nested deeper than the stack, a shape the renderer did not expect):
    // still the owner's document that cannot be read, not a crashed sync.
    throw new UnreadableContent(`${name} could not be converted: ${error instanceof Error ? error.message : String(error)}`);
  }
}
