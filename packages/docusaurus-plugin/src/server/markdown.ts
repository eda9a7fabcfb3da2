import type { Section } from '@docent/engine' with { 'resolution-mode': 'import' };
import { markdownUrlOf } from '../markdownUrl';

/** One page of the built site: what the index knows of it, and its Markdown copy (the engine's `pageMarkdown`). */
export interface PageCopy {
  url: string;
  title: string;
  description: string;
  markdown: string;
}

/** The pages the sections belong to, in the order they came, with their title and description. */
export function pagesOf(sections: readonly Section[]): Omit<PageCopy, 'markdown'>[] {
  const pages = new Map<string, Omit<PageCopy, 'markdown'>>();
  for (const section of sections) {
    if (!pages.has(section.pageUrl)) pages.set(section.pageUrl, { url: section.pageUrl, title: section.pageTitle, description: section.description });
  }
  return [...pages.values()];
}

/** `llms.txt`: the site's name and tagline, then one linked line per page. */
export function llmsIndex(site: { title: string; tagline: string; url: string }, pages: readonly Omit<PageCopy, 'markdown'>[]): string {
  const links = pages.map((page) => {
    const description = page.description ? `: ${page.description}` : '';
    return `- [${page.title}](${absolute(site.url, page.url)})${description}`;
  });
  return [`# ${site.title}`, '', `> ${site.tagline}`, '', '## Pages', '', ...links, ''].join('\n');
}

/** `llms-full.txt`: every page as Markdown, each headed by its address. */
export function llmsFull(site: { title: string; url: string }, pages: readonly PageCopy[]): string {
  const parts = pages.map((page) => `<!-- ${absolute(site.url, page.url)} -->\n\n${page.markdown}`);
  return `${parts.join('\n---\n\n')}`;
}

/** Where the Markdown copy of a page goes: `/a/b` → `a/b.md`, `/` → `index.md`. */
export function markdownFileOf(url: string): string {
  return markdownUrlOf(url).replace(/^\/+/, '');
}

/** A page's absolute URL: the site's origin and the page's path (which starts with the baseUrl). */
export function absolute(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}
