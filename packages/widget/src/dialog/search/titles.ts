import type { PageHit } from '../../data/types.js';

const SITE_SUFFIX = /\s+(?:\||–|—|·)\s+[^|–—·]+$/;

/** `Quickstart | Docent docs` → `Quickstart` (the part before the last ` | `, ` – `, ` — ` or ` · `). */
export function cleanTitle(title: string): string {
  const cleaned = title.replace(SITE_SUFFIX, '').trim();
  return cleaned === '' ? title : cleaned;
}

/** Applies `clean-titles` to page titles and to the page part of each breadcrumb. */
export function cleanResultTitles(pages: readonly PageHit[]): PageHit[] {
  return pages.map((page) => ({
    ...page,
    pageTitle: cleanTitle(page.pageTitle),
    sections: page.sections.map((section) => ({
      ...section,
      breadcrumb: section.breadcrumb.map((crumb, index) => (index === 0 ? cleanTitle(crumb) : crumb)),
    })),
  }));
}

/** Applies `clean-titles` to the titles an answer cites and to its closest and related pages. */
export function cleanAnswerTitles<A extends { citations: readonly { title: string; breadcrumb: readonly string[] }[]; closest: readonly { title: string }[]; related?: readonly { title: string }[] }>(
  answer: A,
): A {
  return {
    ...answer,
    citations: answer.citations.map((citation) => ({
      ...citation,
      title: cleanTitle(citation.title),
      breadcrumb: citation.breadcrumb.map((crumb, index) => (index === 0 ? cleanTitle(crumb) : crumb)),
    })),
    closest: answer.closest.map((page) => ({ ...page, title: cleanTitle(page.title) })),
    ...(answer.related ? { related: answer.related.map((page) => ({ ...page, title: cleanTitle(page.title) })) } : {}),
  };
}
