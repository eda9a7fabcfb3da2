import type { Section } from '@docent/engine' with { 'resolution-mode': 'import' };
import { markdownUrlOf } from '../markdownUrl';

/** One page of the built site, as the indexer saw it. */
export interface PageText {
  url: string;
  title: string;
  description: string;
  sections: Section[];
}

/** Groups sections by page, keeping the order in which pages and sections came. */
export function groupByPage(sections: readonly Section[]): PageText[] {
  const pages = new Map<string, PageText>();
  for (const section of sections) {
    let page = pages.get(section.pageUrl);
    if (!page) {
      page = { url: section.pageUrl, title: section.pageTitle, description: section.description, sections: [] };
      pages.set(section.pageUrl, page);
    }
    page.sections.push(section);
  }
  return [...pages.values()];
}

/** A page as Markdown: its title, its description as a quote, then each section under its heading. */
export function pageToMarkdown(page: PageText): string {
  const lines = [`# ${page.title}`, ''];
  if (page.description) lines.push(`> ${page.description}`, '');
  for (const section of page.sections) {
    if (section.level > 1) lines.push(`${'#'.repeat(section.level)} ${section.heading}`, '');
    for (const block of section.text.split('\n')) {
      if (block.trim()) lines.push(block.trim(), '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** `llms.txt`: the site's name and tagline, then one linked line per page. */
export function llmsIndex(site: { title: string; tagline: string; url: string }, pages: readonly PageText[]): string {
  const links = pages.map((page) => {
    const description = page.description ? `: ${page.description}` : '';
    return `- [${page.title}](${absolute(site.url, page.url)})${description}`;
  });
  return [`# ${site.title}`, '', `> ${site.tagline}`, '', '## Pages', '', ...links, ''].join('\n');
}

/** `llms-full.txt`: every page as Markdown, each headed by its address. */
export function llmsFull(site: { title: string; url: string }, pages: readonly PageText[]): string {
  const parts = pages.map((page) => `<!-- ${absolute(site.url, page.url)} -->\n\n${pageToMarkdown(page)}`);
  return `${parts.join('\n---\n\n')}`;
}

/** Where the Markdown copy of a page goes: `/a/b` → `a/b.md`, `/` → `index.md`. */
export function markdownFileOf(url: string): string {
  return markdownUrlOf(url).replace(/^\/+/, '');
}

function absolute(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}
