/**
 * A new source checked before it is stored, the same way for the API, the CLI and docent.config.json: what a
 * schema cannot say about its settings, its credentials sealed, and its uploaded files read once, so a file that
 * cannot be read is refused at once, naming the file, instead of failing the first sync.
 */
import { readSiteArchive } from './archive/index.js';
import { renderFile } from './convert/index.js';
import { UnreadableContent } from './documents.js';
import { cloneUrlOf } from './github/index.js';
import { operationDocuments } from './openapi/index.js';
import type { SecretBox } from './secrets.js';
import { credentialsOf, type SourceExtras, type SourceInput, type StoredFile, type UploadType } from './types.js';
import { checkUpload, maxFilesOf } from './uploads.js';

/** A source that cannot be added: `field` is the JSON pointer or the file name the message is about. */
export class SourceRefused extends Error {
  override readonly name = 'SourceRefused';
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** HTTP field names (RFC 9110 tokens); values without line breaks. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the crawler sets itself, or that would change how requests travel. */
const RESERVED_HEADERS = new Set(['host', 'user-agent', 'accept', 'content-length', 'transfer-encoding', 'connection', 'accept-encoding']);

/** Checks a JSON source's settings beyond its schema, and seals its credentials. */
export function prepareSource(input: SourceInput, secrets: SecretBox): SourceExtras {
  if (input.type === 'github') {
    try {
      cloneUrlOf(input.repository);
    } catch (error) {
      throw new SourceRefused((error as Error).message, '/repository');
    }
  }
  if (input.type === 'private') {
    for (const [name, value] of Object.entries(input.headers ?? {})) {
      if (!HEADER_NAME.test(name)) throw new SourceRefused(`"${name}" is not a valid HTTP header name: use letters, digits and dashes, such as Authorization or X-Docs-Token.`, `/headers/${name}`);
      if (RESERVED_HEADERS.has(name.toLowerCase())) throw new SourceRefused(`The crawler sets ${name} itself; send credentials in headers such as Authorization or Cookie.`, `/headers/${name}`);
      if (/[\r\n\0]/.test(value)) throw new SourceRefused(`The value of ${name} contains a line break, which no HTTP header may hold.`, `/headers/${name}`);
    }
  }
  const credentials = credentialsOf(input);
  if (!credentials) return {};
  try {
    return { credentials: secrets.seal(JSON.stringify(credentials)) };
  } catch (error) {
    // The server has no key to seal them with (a shared database without DOCENT_SECRET_KEY).
    throw new SourceRefused((error as Error).message, credentials.token ? '/token' : '/headers');
  }
}

/** Reads an upload's files once, as a sync will: the first file that cannot be read refuses the upload. */
export async function checkUploadedFiles(type: UploadType, files: readonly StoredFile[]): Promise<void> {
  if (files.length === 0) throw new SourceRefused('The upload has no files: send each file in a part named files.', 'files');
  const most = maxFilesOf(type);
  if (files.length > most) {
    throw new SourceRefused(type === 'file' ? `One upload takes at most ${most} files; this one has ${files.length}. Send the rest in another request.` : `A ${type} upload takes one file; this one has ${files.length}.`, 'files');
  }
  const names = new Set<string>();
  for (const file of files) {
    const problem = checkUpload(type, file.name);
    if (problem) throw new SourceRefused(problem, file.name);
    if (names.has(file.name)) throw new SourceRefused(`Two files are named ${file.name}; give each file of one upload its own name.`, file.name);
    names.add(file.name);
    try {
      if (type === 'file') await renderFile(file.name, file.bytes);
      else if (type === 'openapi') await operationDocuments(file.bytes.toString('utf8'), file.name);
      else if ((await readSiteArchive(file.bytes, file.name)).pages.length === 0) {
        throw new UnreadableContent(`${file.name} holds no HTML pages: zip the output folder of your site build (the HTML files), not its sources.`);
      }
    } catch (error) {
      if (error instanceof UnreadableContent) throw new SourceRefused(error.message, file.name);
      throw error;
    }
  }
}
