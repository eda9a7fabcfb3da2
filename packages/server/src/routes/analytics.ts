/** `getAnalytics`: what readers did in a project, the same report `docent analytics` prints. */
import type { FastifyInstance } from 'fastify';
import { analyticsReport, parseSince } from '../analytics/report.js';
import type { Services } from '../app/services.js';
import { HttpProblem } from '../serve/problem.js';
import { contractRoute } from './route.js';

export function analyticsRoutes(app: FastifyInstance, services: Services): void {
  contractRoute(app, services, {
    operationId: 'getAnalytics',
    async handler(request) {
      const { since = '30d' } = request.query as { since?: string };
      const from = parseSince(since, services.now());
      if (!from) throw new HttpProblem(400, 'since must be a number and h, d or w, such as 30d.', [{ parameter: 'since', detail: 'must be a number and h, d or w' }]);
      return analyticsReport(services.store, request.access.project.id, from);
    },
  });
}
