/**
 * A project's search as the API returns it (searchProject) and MCP's `search_docs` uses it: the best sections for
 * a query, best first, each with its absolute URL, page title, heading, breadcrumb, plain-text snippet and a score
 * relative to the first.
 */
import { search, type DocentIndex } from '@docent/engine';
import { linkTo } from '../app/urls.js';

export interface SearchResult {
  url: string;
  title: string;
  heading: string | null;
  breadcrumb: string[];
  snippet: string;
  score: number;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The engine's snippets are HTML with `<mark>`; the API returns plain text. */
export function plainText(html: string): string {
  return html.replace(/<\/?mark>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

export function searchResults(index: DocentIndex, query: string, options: { limit: number; path?: string; base: string }): SearchResult[] {
  const { limit, path, base } = options;
  const pages = search(index, query, { limit, maxSectionsPerPage: limit, ...(path ? { pathPrefix: path } : {}) });
  const sections = pages
    .flatMap((page) => page.sections.map((section) => ({ page, section })))
    .sort((a, b) => b.section.score - a.section.score)
    .slice(0, limit);
  const top = sections[0]?.section.score || 1;
  return sections.map(({ page, section }) => ({
    url: linkTo(base, section.url),
    title: page.pageTitle,
    heading: section.heading || null,
    breadcrumb: section.breadcrumb,
    snippet: plainText(section.snippet),
    score: Math.round((section.score / top) * 1000) / 1000,
  }));
}
