/**
 * MCP end to end with the official SDK's Client: Streamable HTTP against `/mcp` of a real server on 127.0.0.1, and
 * stdio against a real `docent mcp` process bridged to that server. Every tool is called and checked against the
 * REST API's answer to the same query; errors a client can make (unknown tool, bad arguments, a page outside the
 * project, a private project without a key, a key without the scope, too many calls) each get a clear message.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { appOver, keyWith, type TestApp } from './helpers.js';

const PUBLIC = 'acme-docs';
const PRIVATE = 'acme-internal';
const TSX = import.meta.resolve('tsx');
const RUN_CLI = `import { main } from ${JSON.stringify(pathToFileURL(path.resolve(import.meta.dirname, '..', 'src', 'cli.ts')).href)};
process.exitCode = await main(process.argv.slice(1));`;

function page(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title} | Acme docs</title></head><body><nav>Menu</nav><main><article><h1>${title}</h1>${body}</article></main><footer>Footer</footer></body></html>`;
}

const text = (result: unknown): string => ((result as CallToolResult).content[0] as { text: string }).text;

describe('MCP server: search_docs, ask_docs and get_page over Streamable HTTP and stdio', () => {
  let dir: string;
  let test: TestApp;
  let base: string;
  let privateKey: string;
  let searchOnlyKey: string;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-mcp-'));
    const site = path.join(dir, 'site');
    mkdirSync(path.join(site, 'guides', 'webhooks'), { recursive: true });
    writeFileSync(path.join(site, 'index.html'), page('Acme', '<p>Acme sends events to your endpoints.</p>'));
    writeFileSync(
      path.join(site, 'guides', 'webhooks', 'index.html'),
      page(
        'Webhooks',
        '<p>Acme signs every webhook with an HMAC header.</p><h2 id="retries">Retries</h2><p>Failed webhook deliveries are retried seven times over two days.</p><pre><code class="language-sh">acme webhooks retry --all\nacme webhooks list --failed</code></pre><table><thead><tr><th>Attempt</th><th>Delay</th></tr></thead><tbody><tr><td>1</td><td>1 minute</td></tr></tbody></table>',
      ),
    );
    test = await appOver(site, { project: PUBLIC, dbFile: path.join(dir, 'docent.db'), limits: { searches: { requests: 40, windowMs: 60_000 } } });
    base = await test.server.listen(0, '127.0.0.1');
    await test.store.createProject(PRIVATE, { name: 'Acme internal', public: false, allowedOrigins: [], widget: {}, limits: {} });
    privateKey = await keyWith(test.store, PRIVATE, ['search', 'chat']);
    searchOnlyKey = await keyWith(test.store, PUBLIC, ['search']);
  });

  after(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function httpClient(query: string, key?: string): Promise<Client> {
    const client = new Client({ name: 'docent-test', version: '1.0.0' });
    const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp${query}`), { requestInit: { headers } }));
    return client;
  }

  async function stdioClient(project: string, env: Record<string, string> = {}): Promise<{ client: Client; stderr: () => string }> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', TSX, '--input-type=module', '--eval', RUN_CLI, 'mcp', '--project', project, '--server', base],
      env: { PATH: process.env.PATH ?? '', ...env },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'docent-test', version: '1.0.0' });
    await client.connect(transport);
    return { client, stderr: () => stderr };
  }

  /** What every transport must give: the three tools, each agreeing with the REST API. */
  async function checkTools(client: Client): Promise<void> {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ['ask_docs', 'get_page', 'search_docs']);
    for (const tool of tools) {
      assert.ok((tool.description ?? '').length > 80, `${tool.name} explains itself to an agent`);
      assert.equal(tool.annotations?.readOnlyHint, true);
    }
    assert.deepEqual(tools.find((tool) => tool.name === 'search_docs')?.inputSchema.required, ['query']);

    const rest = (await (await fetch(`${base}/v1/projects/${PUBLIC}/search?q=webhook%20retries&limit=3`)).json()) as { results: unknown[] };
    const searched = await client.callTool({ name: 'search_docs', arguments: { query: 'webhook retries', limit: 3 } });
    assert.deepEqual((searched.structuredContent as { results: unknown[] }).results, rest.results);
    assert.match(text(searched), new RegExp(`\\[Webhooks › Retries\\]\\(${base}/guides/webhooks#retries\\)`));

    const question = 'How many times are failed webhook deliveries retried?';
    const restAnswer = (await (await fetch(`${base}/v1/projects/${PUBLIC}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question }) })).json()) as { answer: string; citations: { url: string }[] };
    const asked = await client.callTool({ name: 'ask_docs', arguments: { question } });
    const answer = asked.structuredContent as { answer: string; answered: boolean; citations: { url: string }[] };
    assert.equal(answer.answered, true);
    assert.equal(answer.answer, restAnswer.answer);
    assert.deepEqual(answer.citations.map((citation) => citation.url), restAnswer.citations.map((citation) => citation.url));
    assert.match(text(asked), /Sources:\n\[1\] \[Webhooks\]\(http:\/\/127\.0\.0\.1:\d+\/guides\/webhooks#retries/);

    const read = await client.callTool({ name: 'get_page', arguments: { url: `${base}/guides/webhooks#retries` } });
    assert.equal(read.isError, undefined);
    const markdown = text(read);
    assert.match(markdown, /^Source: http:\/\/127\.0\.0\.1:\d+\/guides\/webhooks\n\n# Webhooks\n/);
    assert.match(markdown, /## Retries\n\nFailed webhook deliveries are retried seven times over two days\./);
    assert.match(markdown, /```sh\nacme webhooks retry --all\nacme webhooks list --failed\n```/, 'code keeps its lines and language');
    assert.match(markdown, /\| Attempt \| Delay\s*\|/, 'tables stay tables');
    assert.doesNotMatch(markdown, /Menu|Footer/, 'navigation and footers are left out');
    assert.equal(text(await client.callTool({ name: 'get_page', arguments: { url: '/guides/webhooks' } })), markdown, 'a path finds the same page');
  }

  it('Streamable HTTP: a public project without a key, each tool agreeing with the REST API', async () => {
    const client = await httpClient(`?project=${PUBLIC}`);
    await checkTools(client);
    await client.close();
  });

  it('stdio: the real docent mcp process, bridged to the running server, gives the same tools and results', async () => {
    const { client, stderr } = await stdioClient(PUBLIC);
    await checkTools(client);
    assert.match(stderr(), /serving the project acme-docs over stdio, through http:\/\/127\.0\.0\.1:\d+/);
    await client.close();
  });

  it('Streamable HTTP: errors are clear and nothing crashes', async () => {
    const client = await httpClient(`?project=${PUBLIC}`);
    const outside = await client.callTool({ name: 'get_page', arguments: { url: 'https://elsewhere.example/guides/webhooks' } });
    assert.equal(outside.isError, true);
    assert.match(text(outside), /is not a page of the Acme docs documentation/);
    const wrongType = await client.callTool({ name: 'search_docs', arguments: { query: 42 } });
    assert.equal(wrongType.isError, true);
    assert.match(text(wrongType), /-32602.*query/s);
    const tooLong = await client.callTool({ name: 'search_docs', arguments: { query: 'x'.repeat(501) } });
    assert.match(text(tooLong), /-32602.*query/s);
    const unknown = await client.callTool({ name: 'delete_docs', arguments: {} });
    assert.match(text(unknown), /Tool delete_docs not found/);
    // Still answering after all of that.
    assert.equal((await client.callTool({ name: 'search_docs', arguments: { query: 'webhook' } })).isError, undefined);
    await client.close();

    const restless = await fetch(`${base}/mcp?project=${PUBLIC}`);
    assert.equal(restless.status, 405);
    assert.match(restless.headers.get('content-type') ?? '', /application\/problem\+json/);
  });

  it('Streamable HTTP: a private project needs a key; a key needs the tool\'s scope; the REST rate limits apply', async () => {
    const refused = await fetch(`${base}/mcp?project=${PRIVATE}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.match(((await refused.json()) as { detail: string }).detail, /private: send Authorization: Bearer/);
    await assert.rejects(httpClient(`?project=${PRIVATE}`));

    const keyed = await httpClient('', privateKey);
    const found = await keyed.callTool({ name: 'search_docs', arguments: { query: 'anything' } });
    assert.equal(found.isError, undefined, 'the key names its project');
    await keyed.close();

    const searchOnly = await httpClient('', searchOnlyKey);
    assert.equal((await searchOnly.callTool({ name: 'search_docs', arguments: { query: 'webhook' } })).isError, undefined);
    const noChat = await searchOnly.callTool({ name: 'ask_docs', arguments: { question: 'How are webhooks signed?' } });
    assert.equal(noChat.isError, true);
    assert.match(text(noChat), /needs the scope chat/);
    await searchOnly.close();

    const wrongProject = await fetch(`${base}/mcp?project=${PUBLIC}`, { method: 'POST', headers: { authorization: `Bearer ${privateKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    assert.equal(wrongProject.status, 403);

    const client = await httpClient(`?project=${PUBLIC}`);
    let limited: CallToolResult | undefined;
    // On PostgreSQL the windows follow the clock: one that turns during the loop starts the count again.
    for (let call = 0; call < 85 && !limited; call++) {
      const result = (await client.callTool({ name: 'search_docs', arguments: { query: 'webhook' } })) as CallToolResult;
      if (result.isError) limited = result;
    }
    assert.ok(limited, 'the 41st search in a minute is refused, as searchProject would be');
    assert.match(text(limited), /Too many searches from this visitor: 40 are allowed/);
    await client.close();
  });

  it('stdio: a private project through DOCENT_API_KEY; without it, a message that says what to do', async () => {
    const { client, stderr } = await stdioClient(PRIVATE, { DOCENT_API_KEY: privateKey });
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ['ask_docs', 'get_page', 'search_docs']);
    const missing = await client.callTool({ name: 'get_page', arguments: { url: '/nowhere' } });
    assert.match(text(missing), /is not a page of the Acme internal documentation/);
    assert.match(stderr(), /serving the project acme-internal over stdio/);
    await client.close();

    const noKey = await stdioClient(PRIVATE);
    await assert.rejects(noKey.client.listTools(), /cannot be used: .*401|DOCENT_API_KEY/s);
    await noKey.client.close();
  });
});
