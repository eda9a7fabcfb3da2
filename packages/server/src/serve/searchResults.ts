/**
 * A project's search as the API returns it (searchProject) and MCP's `search_docs` uses it.
 * - `results`: the best sections for a query, best first, each with its absolute URL, page title, heading,
 *   breadcrumb and plain-text snippet.
 * - `pages`: the engine's own grouping, as the widget shows it: pages in the order of their best section, each with
 *   its best sections, whose heading and snippet are the engine's HTML (escaped text, matched words in `<mark>`).
 * Every score is relative to the best section's.
 */
import { search, type DocentIndex, type PageHit, type SectionHit } from '@docent/engine';
import { linkTo } from '../app/urls.js';

export interface SearchResult {
  url: string;
  title: string;
  heading: string | null;
  breadcrumb: string[];
  snippet: string;
  score: number;
}

/** `SearchPageSection` of the contract. */
export interface SearchPageSection {
  url: string;
  heading: string | null;
  heading_html: string | null;
  breadcrumb: string[];
  snippet_html: string;
  score: number;
}

/** `SearchPage` of the contract. */
export interface SearchPage {
  url: string;
  title: string;
  score: number;
  sections: SearchPageSection[];
}

export interface ProjectSearchOptions {
  /** Sections in all. */
  limit: number;
  /** Only pages whose path starts with this prefix. */
  path?: string;
  /** The base of the returned URLs (see app/urls.ts). */
  base: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The engine's snippets are HTML with `<mark>`; the API returns plain text. */
export function plainText(html: string): string {
  return html.replace(/<\/?mark>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The engine's search: at most `limit` sections, at most `perPage` of them under one page. */
function rankedPages(index: DocentIndex, query: string, { limit, path }: ProjectSearchOptions, perPage: number): PageHit[] {
  return search(index, query, { limit, maxSectionsPerPage: perPage, ...(path ? { pathPrefix: path } : {}) });
}

/** Scores relative to `top` (the best section's), to three decimals. */
function relativeTo(top: number | undefined): (score: number) => number {
  const best = top || 1;
  return (score) => Math.round((score / best) * 1000) / 1000;
}

export function searchResults(index: DocentIndex, query: string, options: ProjectSearchOptions): SearchResult[] {
  // No cap per page: the best sections, wherever they are.
  const sections = rankedPages(index, query, options, options.limit)
    .flatMap((page) => page.sections.map((section) => ({ page, section })))
    .sort((a, b) => b.section.score - a.section.score)
    .slice(0, options.limit);
  const score = relativeTo(sections[0]?.section.score);
  return sections.map(({ page, section }) => ({
    url: linkTo(options.base, section.url),
    title: page.pageTitle,
    heading: section.heading || null,
    breadcrumb: section.breadcrumb,
    snippet: plainText(section.snippet),
    score: score(section.score),
  }));
}

function toPageSection(section: SectionHit, base: string, score: (score: number) => number): SearchPageSection {
  return {
    url: linkTo(base, section.url),
    heading: section.heading || null,
    heading_html: section.heading ? section.headingHtml : null,
    breadcrumb: section.breadcrumb,
    snippet_html: section.snippet,
    score: score(section.score),
  };
}

/** The search grouped by page, as the engine groups it: pages in the order of their best section. */
export function searchPages(index: DocentIndex, query: string, options: ProjectSearchOptions & { perPage: number }): SearchPage[] {
  const pages = rankedPages(index, query, options, options.perPage);
  // Pages come in the order of their best section, so the first page's score is the best section's.
  const score = relativeTo(pages[0]?.score);
  return pages.map((page) => ({
    url: linkTo(options.base, page.pageUrl),
    title: page.pageTitle,
    score: score(page.score),
    sections: page.sections.map((section) => toPageSection(section, options.base, score)),
  }));
}
