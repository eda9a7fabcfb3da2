/** What every route needs: the project this server serves, its site index and the database. */
import type { FastifyRequest } from 'fastify';
import type { Db } from './database.js';
import { HttpProblem } from './problem.js';
import type { SiteIndex } from './siteIndex.js';

export class ServerContext {
  constructor(
    readonly project: string,
    readonly site: SiteIndex,
    readonly db: Db,
  ) {}

  /** Throws a 404 problem unless the request's `projectId` is the served project. */
  requireProject(request: FastifyRequest): void {
    const { projectId } = request.params as { projectId: string };
    if (projectId !== this.project) {
      throw new HttpProblem(404, `There is no project with the id ${projectId}. This server serves the project ${this.project}.`);
    }
  }
}
