/**
 * `docent mcp --project <id>`: MCP over stdio for editors that launch a command, as a bridge to the `/mcp`
 * endpoint of a running `docent serve` (default http://localhost:3000). A bridge rather than a second server on the
 * database: the running server holds the index the site's own pages are in, the model settings, the rate limits and
 * the quota, so answers over stdio are the same as over HTTP and in the widget. Standard output carries protocol
 * messages only; everything else goes to standard error.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { DOCENT_VERSION } from '../version.js';
import { projectIdArg } from './admin.js';
import { parseCommand } from './args.js';
import { UsageError, type Io } from './usage.js';

export const MCP_USAGE = `  mcp                      MCP over stdio for editors and AI apps, bridged to a running docent serve
      --project <id>       The project (required)
      --server <url>       The running server (default http://localhost:3000); the API key, for a private
                           project or to use your own limits, is read from DOCENT_API_KEY
`;

const DEFAULT_SERVER = 'http://localhost:3000';

/** One connection to the server's /mcp, opened at the first request and again after a failure. */
class Upstream {
  private client: Promise<Client> | null = null;

  constructor(
    private readonly endpoint: URL,
    private readonly key: string | undefined,
  ) {}

  async get(): Promise<Client> {
    this.client ??= this.connect();
    try {
      return await this.client;
    } catch (error) {
      this.client = null;
      throw error;
    }
  }

  private async connect(): Promise<Client> {
    const client = new Client({ name: 'docent-mcp-stdio', version: DOCENT_VERSION });
    const headers: Record<string, string> = this.key ? { authorization: `Bearer ${this.key}` } : {};
    try {
      await client.connect(new StreamableHTTPClientTransport(this.endpoint, { requestInit: { headers } }));
    } catch (error) {
      const reason = (error as Error).message;
      throw new McpError(ErrorCode.InternalError, `The Docent server at ${this.endpoint.origin} cannot be used: ${reason}. Start it (npm start, or docent serve), check --server, and for a private project set DOCENT_API_KEY to a key with the scopes search and chat.`);
    }
    return client;
  }

  async close(): Promise<void> {
    const client = await this.client?.catch(() => null);
    await client?.close();
  }
}

export async function runMcp(args: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseCommand('mcp', args, { project: { type: 'string' }, server: { type: 'string', default: DEFAULT_SERVER } });
  const projectId = projectIdArg('mcp', values.project, '--project my-project');
  if (positionals.length) throw new UsageError(`mcp: takes no arguments besides its options; got ${positionals.join(' ')}`);
  if (!/^https?:\/\/[^/]/.test(values.server)) throw new UsageError(`mcp: --server must be the server's http or https URL, such as ${DEFAULT_SERVER}; got "${values.server}"`);
  const endpoint = new URL(`${values.server.replace(/\/+$/, '')}/mcp`);
  endpoint.searchParams.set('project', projectId);
  const upstream = new Upstream(endpoint, env.DOCENT_API_KEY || undefined);

  const server = new Server({ name: 'docent', version: DOCENT_VERSION }, { capabilities: { tools: {} }, instructions: `Search and quote the documentation of the Docent project ${projectId}.` });
  server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => (await upstream.get()).listTools(request.params, { signal: extra.signal }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => (await upstream.get()).callTool(request.params, undefined, { signal: extra.signal }));
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  io.err(`docent mcp: serving the project ${projectId} over stdio, through ${endpoint.origin}\n`);
  await closed;
  await upstream.close();
  await server.close();
  return 0;
}
