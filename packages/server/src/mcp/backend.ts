/**
 * What MCP's tools do for one caller of one project, on the same code as the REST API: searchProject's search,
 * sendMessage's answers (quota, storage, the model or the engine), and a page of the index as Markdown. The caller's
 * scopes and rate limits are checked per call, as the REST API checks them per request.
 */
import { readFile } from 'node:fs/promises';
import { pageMarkdown } from '@docent/engine/node';
import { inflateRawSync } from 'node:zlib';
import { allows, type Scope } from '../access/scopes.js';
import { limitsOf, type LimitedOperation } from '../app/limits.js';
import type { Services } from '../app/services.js';
import { linkTo } from '../app/urls.js';
import type { Project } from '../projects/types.js';
import { converse, jsonOutput } from '../routes/chat.js';
import type { ApiAnswer } from '../serve/answers.js';
import { HttpProblem } from '../serve/problem.js';
import { searchResults, type SearchResult } from '../serve/searchResults.js';
import { resolveSitePath } from '../serve/staticSite.js';

export interface DocsPage {
  url: string;
  title: string;
  markdown: string;
}

export interface DocsBackend {
  readonly project: Project;
  search(query: string, options: { limit: number; path?: string }): Promise<SearchResult[]>;
  ask(question: string, signal: AbortSignal): Promise<ApiAnswer>;
  /** The page at a URL or path of the project's index; null when the project has no such page. */
  page(url: string): Promise<DocsPage | null>;
}

/** Who calls: a key's scopes, or an anonymous visitor of a public project (null), and the address limits count. */
export interface Caller {
  scopes: readonly Scope[] | null;
  address: string;
  /** Local callers (`docent mcp` over stdio) are not rate limited: they hold the database already. */
  limited: boolean;
}

const OPERATION_OF: Record<'search' | 'chat', { operation: LimitedOperation; rest: string }> = {
  search: { operation: 'searches', rest: 'searchProject' },
  chat: { operation: 'messages', rest: 'sendMessage' },
};

export function serverBackend(services: Services, project: Project, caller: Caller): DocsBackend {
  const admit = async (scope: 'search' | 'chat'): Promise<void> => {
    if (caller.scopes && !allows(caller.scopes, scope)) {
      throw new HttpProblem(403, `This tool needs the scope ${scope}, which this API key does not have (it has ${caller.scopes.join(', ') || 'none'}). Use a key with the scopes search and chat.`);
    }
    if (caller.limited) await services.limits.admit(OPERATION_OF[scope].operation, project, await limitsOf(services.store, project), caller.address);
  };
  return {
    project,
    async search(query, options) {
      await admit('search');
      return searchResults(services.content(project.id).index, query, { ...options, base: services.publicBase() });
    },
    async ask(question, signal) {
      await admit('chat');
      const outcome = await converse(services, project, await limitsOf(services.store, project), { question }, jsonOutput(), signal);
      if ('answer' in outcome) return outcome.answer;
      throw new HttpProblem(502, 'failed' in outcome ? outcome.failed : 'The question was cancelled.');
    },
    async page(url) {
      await admit('search');
      return pageOf(services, project, url);
    },
  };
}

/** `https://docs.example.com/a/b#c` or `/a/b` → the page URLs the index may hold for it. */
function candidates(url: string, base: string): string[] {
  const found = new Set<string>([url]);
  const withoutFragment = url.split('#')[0] ?? url;
  found.add(withoutFragment);
  for (const one of [url, withoutFragment]) {
    if (one.startsWith(`${base}/`)) found.add(one.slice(base.length));
  }
  for (const one of [...found]) found.add(one.endsWith('/') ? one.replace(/\/+$/, '') || '/' : `${one}/`);
  return [...found];
}

async function pageOf(services: Services, project: Project, url: string): Promise<DocsPage | null> {
  const base = services.publicBase();
  const { index } = services.content(project.id);
  const pageUrls = new Set(index.sections.map((section) => section.pageUrl));
  const pageUrl = candidates(url.trim(), base).find((candidate) => pageUrls.has(candidate));
  if (!pageUrl) return null;
  const title = index.sections.find((section) => section.pageUrl === pageUrl)?.pageTitle ?? pageUrl;
  const html = await pageHtml(services, project, pageUrl);
  const link = linkTo(base, pageUrl);
  const markdown = html === null ? sectionsMarkdown(services, project, pageUrl) : pageMarkdown(html, { url: link, title });
  return { url: link, title, markdown };
}

/** The page's HTML: the hosted site's file, or the document a sync kept. */
async function pageHtml(services: Services, project: Project, pageUrl: string): Promise<string | null> {
  if (pageUrl.startsWith('/') && project.id === services.siteProject) {
    const found = await resolveSitePath(services.siteDir, decodeURI(pageUrl.split('#')[0] ?? pageUrl), '');
    if (found.kind === 'file' && found.status === 200) return readFile(found.file, 'utf8');
  }
  const stored = await services.store.documentPage(project.id, pageUrl);
  return stored ? inflateRawSync(stored.page).toString('utf8') : null;
}

/** A page synced before pages were kept: its sections' headings and text. */
function sectionsMarkdown(services: Services, project: Project, pageUrl: string): string {
  return services
    .content(project.id)
    .index.sections.filter((section) => section.pageUrl === pageUrl)
    .map((section) => `${section.heading ? `${'#'.repeat(section.level)} ${section.heading}\n\n` : ''}${section.text.split('\n').join('\n\n')}`)
    .join('\n\n');
}
