/** `getProject` and `searchProject`: the project's public settings, and ranked sections for a query. */
import { search } from '@docent/engine';
import { defaultOptions } from '@docent/widget/attributes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../database.js';
import { operation, parametersSchema, type OpenApiDocument } from '../openapi.js';
import type { ServerContext } from '../context.js';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The engine's snippets are HTML with `<mark>`; the API returns plain text. */
export function plainText(html: string): string {
  return html.replace(/<\/?mark>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** `{projectId}` in OpenAPI is `:projectId` in Fastify. */
export function routeOf(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function widgetSettings(): Record<string, unknown> {
  const widget = defaultOptions('search-button');
  return {
    header_title: widget.headerTitle,
    placeholder: widget.placeholder,
    initial_message: widget.initialMessage ?? null,
    suggested_questions: widget.suggestedQuestions,
    suggested_questions_title: widget.suggestedQuestionsTitle,
    footer_text: widget.footerText,
    consent_text: widget.consentText ?? null,
    filters: widget.filters,
    hide_sources: widget.hideSources,
    hide_feedback: widget.hideFeedback,
    hide_branding: widget.hideBranding,
    assistant_name: widget.assistantName,
    assistant_avatar: widget.assistantAvatar ?? null,
  };
}

function recordSearch(db: Db, project: string, query: string, resultCount: number): void {
  db.prepare('INSERT INTO searches (project, query, result_count) VALUES (?, ?, ?)').run(project, query, resultCount);
}

export function projectRoutes(app: FastifyInstance, context: ServerContext, contract: OpenApiDocument): void {
  const get = operation(contract, 'getProject');
  app.get(routeOf(get.path), { schema: { params: parametersSchema(get.parameters, 'path') } }, async (request) => {
    context.requireProject(request);
    const snapshot = context.site.snapshot;
    return {
      id: context.project,
      name: context.settings.name ?? snapshot.siteName ?? context.project,
      // Without a plan no quota applies, as with `unlimited`.
      plan: context.settings.plan ?? 'unlimited',
      public: true,
      answer_mode: context.llm ? 'llm' : 'extractive',
      widget: widgetSettings(),
      source_count: 1,
      document_count: snapshot.pages,
      section_count: snapshot.sections,
      last_synced_at: snapshot.indexedAt.toISOString(),
    };
  });

  const find = operation(contract, 'searchProject');
  app.get(
    routeOf(find.path),
    { schema: { params: parametersSchema(find.parameters, 'path'), querystring: parametersSchema(find.parameters, 'query') } },
    async (request, reply) => {
      context.requireProject(request);
      context.limit('searches', request, reply);
      const { q, limit = 10, path } = request.query as { q: string; limit?: number; path?: string };
      const pages = search(context.site.snapshot.index, q, { limit, maxSectionsPerPage: limit, ...(path ? { pathPrefix: path } : {}) });
      const sections = pages
        .flatMap((page) => page.sections.map((section) => ({ page, section })))
        .sort((a, b) => b.section.score - a.section.score)
        .slice(0, limit);
      const top = sections[0]?.section.score || 1;
      const origin = originOf(request);
      recordSearch(context.db, context.project, q, sections.length);
      return {
        query: q,
        results: sections.map(({ page, section }) => ({
          url: `${origin}${section.url}`,
          title: page.pageTitle,
          heading: section.heading || null,
          breadcrumb: section.breadcrumb,
          snippet: plainText(section.snippet),
          score: Math.round((section.score / top) * 1000) / 1000,
        })),
      };
    },
  );
}
