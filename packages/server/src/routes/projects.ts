/** `getProject` and `searchProject`: a project's public settings, and ranked sections for a query, one by one and by page. */
import { WIDGET_SETTING_OPTIONS, type ApiProject } from '@docent/contract/api';
import { defaultOptions } from '@docent/contract/attributes';
import type { FastifyInstance } from 'fastify';
import { limitsOf } from '../app/limits.js';
import type { Services } from '../app/services.js';
import type { WidgetSettings } from '../projects/types.js';
import { searchPages, searchResults } from '../serve/searchResults.js';
import { contractRoute } from './route.js';

/** Every widget setting: the project's own where it has one, the widget's default otherwise. */
export function widgetSettings(own: WidgetSettings): Required<WidgetSettings> {
  const widget = defaultOptions('search-button');
  const defaults: Record<string, unknown> = {};
  for (const [setting, option] of Object.entries(WIDGET_SETTING_OPTIONS)) {
    const value: unknown = widget[option];
    // `null` is the contract's "none" (initial message, consent text, avatar); lists are copied, never shared.
    defaults[setting] = value === undefined ? null : Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return { ...(defaults as Required<WidgetSettings>), ...own };
}

export function projectRoutes(app: FastifyInstance, services: Services): void {
  contractRoute(app, services, {
    operationId: 'getProject',
    async handler(request) {
      const { project } = request.access;
      const content = services.content(project.id);
      // The hosted site counts as one source of the project it is bound to.
      const sources = (await services.store.listSources(project.id, 1000)).length + (project.id === services.siteProject ? 1 : 0);
      return {
        id: project.id,
        name: project.name,
        // Without a plan no quota applies, as with `unlimited`.
        plan: project.limits.plan ?? 'unlimited',
        public: project.public,
        answer_mode: services.llm ? 'llm' : 'extractive',
        widget: widgetSettings(project.widget),
        source_count: sources,
        document_count: content.pages,
        section_count: content.sections,
        last_synced_at: content.indexedAt?.toISOString() ?? null,
      } satisfies ApiProject;
    },
  });

  contractRoute(app, services, {
    operationId: 'searchProject',
    async handler(request, reply) {
      const { project } = request.access;
      await services.limits.take('searches', project, await limitsOf(services.store, project), request, reply);
      const { q, limit = 10, per_page: perPage = 3, path } = request.query as { q: string; limit?: number; per_page?: number; path?: string };
      const { index } = services.content(project.id);
      const options = { limit, base: services.publicBase(), ...(path ? { path } : {}) };
      return { query: q, results: searchResults(index, q, options), pages: searchPages(index, q, { ...options, perPage }) };
    },
  });
}
