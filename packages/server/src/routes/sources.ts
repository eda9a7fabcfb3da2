/**
 * `listSources`, `addSource`, `deleteSource`, `getSourceFile` and `syncProject`: a project's sources, and its
 * sync. A new source is synced right away; a deleted one's content leaves the index before the response is sent.
 * Sources come as JSON or, for uploads, as `multipart/form-data` (see upload.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitsOf } from '../app/limits.js';
import type { Services } from '../app/services.js';
import { durationText, parseDuration } from '../config/duration.js';
import { HttpProblem } from '../serve/problem.js';
import { checkUploadedFiles, prepareSource, SourceRefused } from '../sources/prepare.js';
import type { Source, SourceExtras, SourceInput } from '../sources/types.js';
import { ConflictError } from '../store/types.js';
import { contractRoute } from './route.js';
import { readUpload } from './upload.js';

/** A source as the API returns it: its settings, never credentials. */
export function sourceBody(source: Source): Record<string, unknown> {
  return {
    id: source.id,
    type: source.type,
    status: source.status,
    config: source.config,
    document_count: source.documentCount,
    created_at: source.createdAt,
    last_synced_at: source.lastSyncedAt,
    error: source.error,
    sync_interval: source.syncIntervalMs === null ? null : durationText(source.syncIntervalMs),
  };
}

/** The source a request describes: a JSON body, or an upload whose files are read and checked now. */
async function newSource(request: FastifyRequest, services: Services): Promise<{ input: SourceInput; extras: SourceExtras }> {
  try {
    if (!request.isMultipart()) {
      const input = request.body as SourceInput;
      return { input, extras: prepareSource(input, services.secrets) };
    }
    const upload = await readUpload(request);
    if (upload.syncInterval !== undefined && parseDuration(upload.syncInterval) === null) {
      throw new HttpProblem(422, `sync_interval must be a duration such as 30m, 6h or 1d; got "${upload.syncInterval}".`, [{ pointer: '/sync_interval', detail: 'must be a duration' }]);
    }
    await checkUploadedFiles(upload.type, upload.files);
    return { input: { type: upload.type, ...(upload.syncInterval === undefined ? {} : { sync_interval: upload.syncInterval }) }, extras: { files: upload.files } };
  } catch (error) {
    if (error instanceof SourceRefused) {
      const pointer = error.field.startsWith('/') ? error.field : '/files';
      throw new HttpProblem(422, error.message, [{ pointer, detail: error.field.startsWith('/') ? 'is not valid' : `${error.field} cannot be added` }]);
    }
    throw error;
  }
}

interface Cursor {
  createdAt: string;
  id: string;
}

function encodeCursor(source: Source): string {
  return Buffer.from(JSON.stringify({ c: source.createdAt, i: source.id })).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const { c, i } = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { c?: unknown; i?: unknown };
    if (typeof c === 'string' && typeof i === 'string') return { createdAt: c, id: i };
  } catch {
    // answered below
  }
  throw new HttpProblem(400, 'The cursor is not one this server gave. Send the next_cursor of the previous page, or leave cursor out for the first page.', [
    { parameter: 'cursor', detail: 'is not a next_cursor of listSources' },
  ]);
}

export function sourceRoutes(app: FastifyInstance, services: Services): void {
  contractRoute(app, services, {
    operationId: 'listSources',
    async handler(request) {
      const { limit = 20, cursor } = request.query as { limit?: number; cursor?: string };
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      const page = await services.store.listSources(request.access.project.id, limit + 1, after);
      const data = page.slice(0, limit);
      const last = data[data.length - 1];
      return { data: data.map(sourceBody), next_cursor: page.length > limit && last ? encodeCursor(last) : null };
    },
  });

  contractRoute(app, services, {
    operationId: 'addSource',
    body: 'SourceInput',
    async handler(request, reply) {
      const { project } = request.access;
      const { input, extras } = await newSource(request, services);
      let source: Source;
      try {
        source = await services.store.addSource(project.id, input, false, extras);
      } catch (error) {
        if (error instanceof ConflictError) throw new HttpProblem(409, `${error.message.replace(/^the/, 'The')}. Start a sync to fetch it again, or delete it first.`);
        throw error;
      }
      // The first sync of the new source; while another sync runs, the server starts it once that one ends.
      await services.syncs.start(project.id, [source.id]);
      return reply.code(201).send(sourceBody((await services.store.getSource(project.id, source.id)) ?? source));
    },
  });

  contractRoute(app, services, {
    operationId: 'getSourceFile',
    async handler(request, reply) {
      const { project } = request.access;
      await services.limits.take('searches', project, await limitsOf(services.store, project), request, reply);
      const { sourceId, fileName } = request.params as { sourceId: string; fileName: string };
      const file = await services.store.sourceFile(project.id, sourceId, fileName);
      if (!file) throw new HttpProblem(404, `The source ${sourceId} of ${project.id} has no file named ${fileName}. listSources shows each source's files.`);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, max-age=300')
        // An uploaded HTML page runs nothing on the server's origin: no scripts, an opaque origin.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; sandbox")
        .send(file.bytes);
    },
  });

  contractRoute(app, services, {
    operationId: 'deleteSource',
    async handler(request, reply) {
      const { project } = request.access;
      const { sourceId } = request.params as { sourceId: string };
      if (!(await services.store.deleteSource(project.id, sourceId))) {
        throw new HttpProblem(404, `The project ${project.id} has no source ${sourceId}. listSources shows its sources.`);
      }
      await services.contents.rebuild(project.id);
      return reply.code(204).send();
    },
  });

  contractRoute(app, services, {
    operationId: 'syncProject',
    async handler(request, reply) {
      const { project } = request.access;
      const started = await services.syncs.start(project.id);
      if (!started) throw new HttpProblem(409, `A sync of ${project.id} is running. Try again when it has finished; listSources shows its progress.`);
      return reply.code(202).send({ id: started.sync.id, status: started.sync.status, started_at: started.sync.startedAt });
    },
  });
}
