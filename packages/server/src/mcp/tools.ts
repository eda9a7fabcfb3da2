/**
 * Docent's MCP server: three read-only tools over one project's documentation, the same for Streamable HTTP
 * (`/mcp` of `docent serve`) and stdio (`docent mcp`). Each result is Markdown an agent can quote, with the URLs
 * of the sections it used, plus the same data as structured content. A problem the caller can fix (a scope, a
 * rate limit, a page outside the project) is a tool error whose text says what to do; bad arguments never reach
 * the handlers, the SDK answers them with a JSON-RPC error naming the argument.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { HttpProblem } from '../serve/problem.js';
import type { SearchResult } from '../serve/searchResults.js';
import { DOCENT_VERSION } from '../version.js';
import type { DocsBackend } from './backend.js';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

function searchText(query: string, results: readonly SearchResult[]): string {
  if (!results.length) return `No section of the documentation matches "${query}". Try other words, or ask_docs with a whole question.`;
  return results
    .map((result, position) => {
      const where = [result.title, result.heading].filter((part, at, parts) => part && parts.indexOf(part) === at).join(' › ');
      return `${position + 1}. [${where}](${result.url})\n   ${result.snippet}`;
    })
    .join('\n');
}

/** A problem the caller can act on, as a tool error; anything else is the server's and stays a JSON-RPC error. */
async function asToolResult(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpProblem && error.status < 500) return { isError: true, content: [{ type: 'text', text: error.message }] };
    if (error instanceof HttpProblem) return { isError: true, content: [{ type: 'text', text: `${error.message} (${error.status})` }] };
    throw error;
  }
}

export function docsMcpServer(backend: DocsBackend): McpServer {
  const { project } = backend;
  const server = new McpServer(
    { name: 'docent', title: `${project.name} documentation (Docent)`, version: DOCENT_VERSION },
    { instructions: `Search and quote the documentation of ${project.name}. Use search_docs to find sections, get_page to read a page whole, and ask_docs for a written answer with citations. Link to the URLs the tools return.` },
  );

  server.registerTool(
    'search_docs',
    {
      title: `Search the ${project.name} docs`,
      description: `Searches the documentation of ${project.name} and returns the best-matching sections, best first, each with its page title, heading, URL (page#heading) and an excerpt. Use it to find where something is documented, or to gather sections before answering yourself; follow up with get_page to read a whole page.`,
      inputSchema: {
        query: z.string().trim().min(1).max(500).describe('The words to search for, such as "webhook retries" or "configure dark mode". Plain words; there is no query syntax.'),
        limit: z.number().int().min(1).max(50).optional().describe('The largest number of sections to return, 1 to 50. Default 10.'),
        path: z.string().startsWith('/').max(300).optional().describe('Only sections whose URL path starts with this prefix, such as "/customization/".'),
      },
      annotations: { title: 'Search the docs', ...READ_ONLY },
    },
    ({ query, limit, path }) =>
      asToolResult(async () => {
        const results = await backend.search(query, { limit: limit ?? 10, ...(path ? { path } : {}) });
        return { content: [{ type: 'text', text: searchText(query, results) }], structuredContent: { query, results } };
      }),
  );

  server.registerTool(
    'ask_docs',
    {
      title: `Ask the ${project.name} docs`,
      description: `Answers a question from the documentation of ${project.name}, as the site's own assistant does: an answer in Markdown with numbered citations [1], [2] and the cited pages' URLs. When the docs do not cover the question it says so and lists the closest pages, rather than guessing. Counts as one message of the project's quota.`,
      inputSchema: {
        question: z.string().trim().min(1).max(4000).describe('A question in natural language, such as "How do I rotate an API key?"'),
      },
      annotations: { title: 'Ask the docs', ...READ_ONLY, idempotentHint: false },
    },
    ({ question }, extra) =>
      asToolResult(async () => {
        const answer = await backend.ask(question, extra.signal);
        const sources = answer.citations.map((citation) => `[${citation.number}] [${citation.title}](${citation.url})`).join('\n');
        const heading = answer.answered ? 'Sources' : 'These pages come closest';
        return { content: [{ type: 'text', text: sources ? `${answer.answer}\n\n${heading}:\n${sources}` : answer.answer }], structuredContent: { ...answer } };
      }),
  );

  server.registerTool(
    'get_page',
    {
      title: `Read a ${project.name} docs page`,
      description: `Returns one page of the documentation of ${project.name} whole, as Markdown (headings, lists, tables and code blocks kept), with its title and URL. Give the URL of a search_docs or ask_docs result, or its path such as "/customization/styles".`,
      inputSchema: {
        url: z.string().trim().min(1).max(2048).describe('The page: a URL from search_docs or ask_docs (a #heading is ignored), or its path starting with "/".'),
      },
      annotations: { title: 'Read a page', ...READ_ONLY },
    },
    ({ url }) =>
      asToolResult(async () => {
        const page = await backend.page(url);
        if (!page) {
          return { isError: true, content: [{ type: 'text', text: `${url} is not a page of the ${project.name} documentation. Use a URL that search_docs returned.` }] };
        }
        const body = page.markdown.startsWith('# ') ? page.markdown : `# ${page.title}\n\n${page.markdown}`;
        return { content: [{ type: 'text', text: `Source: ${page.url}\n\n${body}` }], structuredContent: { ...page } };
      }),
  );
  return server;
}
