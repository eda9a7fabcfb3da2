/**
 * addSource's `multipart/form-data`: the source `type`, an optional `sync_interval`, and the files in parts named
 * `files`. Files are read into memory one by one, each refused as soon as it passes 10 MB (413, naming it).
 */
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { HttpProblem } from '../serve/problem.js';
import { nulProblem } from '../app/validation.js';
import { mediaTypeOf } from '../sources/convert/index.js';
import { UPLOAD_TYPES, type StoredFile, type UploadType } from '../sources/types.js';
import { MAX_FILE_BYTES, MAX_FILES } from '../sources/uploads.js';

export interface Upload {
  type: UploadType;
  syncInterval: string | undefined;
  files: StoredFile[];
}

/** What busboy may read of one request: 20 files (the 21st is refused), a few short fields. */
export const UPLOAD_LIMITS = { fileSize: MAX_FILE_BYTES, files: MAX_FILES, fields: 5, fieldSize: 100, parts: MAX_FILES + 5, headerPairs: 100 };

const FIELDS = ['type', 'sync_interval'] as const;

function tooMany(): HttpProblem {
  return new HttpProblem(422, `One upload takes at most ${MAX_FILES} files. Send the rest in another request.`, [{ pointer: '/files', detail: `must have at most ${MAX_FILES} items` }]);
}

/** The file's own media type, unless the client sent none or a generic one. */
function contentTypeOf(part: { filename: string; mimetype: string }): string {
  const sent = part.mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  return sent && sent !== 'application/octet-stream' ? sent : mediaTypeOf(part.filename);
}

async function readPart(part: Multipart, upload: { type?: string; syncInterval?: string; files: StoredFile[] }): Promise<void> {
  if (part.type === 'field') {
    if (!(FIELDS as readonly string[]).includes(part.fieldname)) {
      throw new HttpProblem(422, `The upload has a field ${part.fieldname}; it takes ${FIELDS.join(' and ')}, and the files in parts named files.`, [{ pointer: `/${part.fieldname}`, detail: 'is not a property of this request' }]);
    }
    if (part.fieldname === 'type') upload.type = String(part.value);
    else upload.syncInterval = String(part.value);
    return;
  }
  if (part.fieldname !== 'files') {
    throw new HttpProblem(422, `The file ${part.filename} came in a part named ${part.fieldname}; send every file in a part named files.`, [{ pointer: `/${part.fieldname}`, detail: 'is not a property of this request' }]);
  }
  if (part.filename.includes('\0')) throw nulProblem(422, '/files');
  const name = part.filename.split(/[\\/]/).pop() ?? '';
  if (!name || name.length > 255) throw new HttpProblem(422, 'Every file needs a name of 1 to 255 characters, such as guide.pdf (curl sends it with -F files=@guide.pdf).', [{ pointer: '/files', detail: 'a file has no name' }]);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpProblem(413, `The file ${name} is larger than 10 MB. Split it, or leave out what readers do not search, such as images.`);
    throw error;
  }
  upload.files.push({ name, contentType: contentTypeOf(part), bytes });
}

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: { type?: string; syncInterval?: string; files: StoredFile[] } = { files: [] };
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) await readPart(part, upload);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooMany();
    if (code === 'FST_FIELDS_LIMIT') throw new HttpProblem(422, `The upload has too many fields; it takes ${FIELDS.join(' and ')}, and the files in parts named files.`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION' || (error as Error).message === 'Multipart: Boundary not found' || (error as Error).message === 'Unexpected end of form') {
      throw new HttpProblem(400, 'The multipart/form-data body cannot be read: let your HTTP client build it (curl -F type=file -F files=@guide.pdf).');
    }
    throw error;
  }
  const type = upload.type ?? 'file';
  if (!(UPLOAD_TYPES as readonly string[]).includes(type)) {
    throw new HttpProblem(422, `An upload's type is file, openapi or private; got "${type}". Send url, sitemap and github sources as JSON.`, [{ pointer: '/type', detail: `must be ${UPLOAD_TYPES.join(', ')}` }]);
  }
  return { type: type as UploadType, syncInterval: upload.syncInterval, files: upload.files };
}
