/**
 * `listSources`, `addSource`, `deleteSource` and `syncProject`: a project's sources, and its sync. A new source
 * is synced right away; a deleted one's content leaves the index before the response is sent.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../app/services.js';
import { durationText } from '../config/duration.js';
import { HttpProblem } from '../serve/problem.js';
import { SYNCABLE_TYPES, type Source, type SourceInput } from '../sources/types.js';
import { ConflictError } from '../store/types.js';
import { contractRoute } from './route.js';

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
      const input = request.body as { type: string };
      if (!(SYNCABLE_TYPES as readonly string[]).includes(input.type)) {
        throw new HttpProblem(422, `This server syncs sources of the types ${SYNCABLE_TYPES.join(' and ')}; it cannot add a source of the type ${input.type}.`, [
          { pointer: '/type', detail: `must be ${SYNCABLE_TYPES.join(' or ')}` },
        ]);
      }
      let source: Source;
      try {
        source = await services.store.addSource(project.id, input as SourceInput, false);
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
