// npm run bench, MCP section: the latency of each tool call over the public question set, through both transports
// of the server bench-server.mjs started: Streamable HTTP to its /mcp, and stdio through a real `docent mcp`
// process (packages/server/bin/docent.js) bridged to it. One call at a time, after a warm-up; answers are
// extractive, so the figures are the server's and the transports', not a model's.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const WARM_UP = 10;

function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

const ms = (value) => `${value.toFixed(value < 1 ? 2 : 1)} ms`;

async function timedCalls(client, name, argumentsList) {
  for (const args of argumentsList.slice(0, WARM_UP)) await client.callTool({ name, arguments: args });
  const times = [];
  let errors = 0;
  for (const args of argumentsList) {
    const started = performance.now();
    const result = await client.callTool({ name, arguments: args });
    times.push(performance.now() - started);
    if (result.isError) errors += 1;
  }
  return { count: times.length, p50: percentile(times, 50), p95: percentile(times, 95), errors };
}

/** Prints p50 and p95 of search_docs, ask_docs and get_page over HTTP and over stdio. */
export async function benchMcp({ origin, project, questions }) {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const transports = {
    'Streamable HTTP': () => new StreamableHTTPClientTransport(new URL(`${origin}/mcp?project=${project}`)),
    'stdio (docent mcp)': () =>
      new StdioClientTransport({ command: process.execPath, args: [join(ROOT, 'packages', 'server', 'bin', 'docent.js'), 'mcp', '--project', project, '--server', origin], env: { PATH: process.env.PATH ?? '' }, stderr: 'ignore' }),
  };
  const rows = [];
  for (const [label, transport] of Object.entries(transports)) {
    const client = new Client({ name: 'docent-bench', version: '1.0.0' });
    await client.connect(transport());
    const searched = await client.callTool({ name: 'search_docs', arguments: { query: questions[0], limit: 1 } });
    const pageUrl = searched.structuredContent?.results?.[0]?.url;
    const calls = {
      search_docs: questions.map((query) => ({ query })),
      ask_docs: questions.map((question) => ({ question })),
      get_page: pageUrl ? questions.map(() => ({ url: pageUrl })) : [],
    };
    for (const [tool, argumentsList] of Object.entries(calls)) {
      if (argumentsList.length) rows.push({ label, tool, ...(await timedCalls(client, tool, argumentsList)) });
    }
    await client.close();
  }
  console.log(`\nMCP tool calls, one at a time over the public question set (${questions.length} questions; get_page reads the first result's page each time):`);
  console.log('| transport | tool | calls | p50 | p95 | tool errors |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.label} | ${row.tool} | ${row.count} | ${ms(row.p50)} | ${ms(row.p95)} | ${row.errors} |`);
  return rows;
}
