/**
 * The client configurations of docs/integrations/mcp-server.mdx, pasted as a reader would: each JSON block is
 * parsed, its variables filled in the way its client fills them (`${DOCENT_API_KEY}`, `${env:…}`, `${input:…}`,
 * `env`), the example origin replaced by a real server on 127.0.0.1, and the official SDK's Client connects with
 * exactly what the block says (HTTP URL and headers, or the command, arguments and environment of a stdio server),
 * lists the tools and searches. The `claude mcp add` command must describe the same server as `.mcp.json`.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { appOver, keyWith, type TestApp } from './helpers.js';

const PAGE = path.resolve(import.meta.dirname, '..', '..', '..', 'website', 'docs', 'integrations', 'mcp-server.mdx');
const EXAMPLE_ORIGIN = 'https://docent.example.com';
const TSX = import.meta.resolve('tsx');
const RUN_CLI = `import { main } from ${JSON.stringify(pathToFileURL(path.resolve(import.meta.dirname, '..', 'src', 'cli.ts')).href)};
process.exitCode = await main(process.argv.slice(1));`;

interface Block {
  language: string;
  title: string | null;
  code: string;
}

function blocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1] ?? '',
    title: /title="([^"]+)"/.exec(match[2] ?? '')?.[1] ?? null,
    code: match[3] ?? '',
  }));
}

interface HttpServerConfig {
  type?: string;
  url: string;
  headers?: Record<string, string>;
}

interface StdioServerConfig {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

describe('mcp-server.mdx: every client configuration, pasted, connects and searches', () => {
  const page = readFileSync(PAGE, 'utf8');
  const all = blocks(page);
  const titled = (title: string): Block[] => all.filter((block) => block.title === title);
  let dir: string;
  let test: TestApp;
  let base: string;
  let key: string;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-mcp-docs-'));
    const site = path.join(dir, 'site');
    mkdirSync(site);
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Docent docs</title><main><h1>Docent</h1><p>Install the widget on Docusaurus with the plugin.</p></main>');
    // The site of npm start is the public project docent-docs; my-project, the examples' project, is private.
    test = await appOver(site, { project: 'docent-docs' });
    base = await test.server.listen(0, '127.0.0.1');
    await test.store.createProject('my-project', { name: 'My project', public: false, allowedOrigins: [], widget: {}, limits: {} });
    key = await keyWith(test.store, 'my-project', ['search', 'chat']);
  });

  after(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const local = (url: string): URL => new URL(url.replace(EXAMPLE_ORIGIN, base).replace('http://localhost:3000', base));

  async function useHttp(config: HttpServerConfig, fill: (value: string) => string): Promise<string[]> {
    const headers = Object.fromEntries(Object.entries(config.headers ?? {}).map(([name, value]) => [name, fill(value)]));
    const client = new Client({ name: 'docs-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(local(config.url), { requestInit: { headers } }));
    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    const searched = await client.callTool({ name: 'search_docs', arguments: { query: 'install the widget' } });
    assert.equal(searched.isError, undefined, JSON.stringify(searched));
    await client.close();
    return tools;
  }

  const TOOLS = ['ask_docs', 'get_page', 'search_docs'];

  it('Claude Desktop: the stdio command with its arguments and env', async () => {
    const [block] = titled('claude_desktop_config.json');
    assert.ok(block);
    const server = (JSON.parse(block.code) as { mcpServers: Record<string, StdioServerConfig> }).mcpServers.docent;
    assert.ok(server);
    assert.equal(server.command, 'docent');
    const args = server.args.map((arg) => arg.replace(EXAMPLE_ORIGIN, base));
    const env = Object.fromEntries(Object.entries(server.env ?? {}).map(([name, value]) => [name, name === 'DOCENT_API_KEY' ? key : value]));
    // `docent` is the package's bin; run the same CLI from its sources so the test needs no build.
    const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', TSX, '--input-type=module', '--eval', RUN_CLI, ...args], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'pipe' });
    const client = new Client({ name: 'docs-test', version: '1.0.0' });
    await client.connect(transport);
    assert.deepEqual((await client.listTools()).tools.map((tool) => tool.name).sort(), TOOLS);
    assert.equal((await client.callTool({ name: 'search_docs', arguments: { query: 'install the widget' } })).isError, undefined);
    await client.close();
  });

  it('Claude Code: .mcp.json, with ${DOCENT_API_KEY} expanded; claude mcp add writes the same server', async () => {
    const [block] = titled('.mcp.json');
    assert.ok(block);
    const server = (JSON.parse(block.code) as { mcpServers: Record<string, HttpServerConfig> }).mcpServers.docent;
    assert.ok(server);
    assert.equal(server.type, 'http');
    assert.deepEqual(await useHttp(server, (value) => value.replace('${DOCENT_API_KEY}', key)), TOOLS);

    const command = all.find((candidate) => candidate.language === 'bash' && candidate.code.startsWith('claude mcp add'));
    assert.ok(command);
    const words = [...command.code.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '');
    const option = (name: string): string | undefined => words[words.indexOf(name) + 1];
    assert.equal(option('--transport'), 'http');
    const [name, url] = words.filter((word, at) => at > 2 && !word.startsWith('--') && !['--transport', '--scope', '--header'].includes(words[at - 1] ?? ''));
    assert.deepEqual({ name, url, header: option('--header') }, { name: 'docent', url: server.url, header: `Authorization: ${server.headers?.Authorization}` });
  });

  it('Cursor: .cursor/mcp.json, with ${env:DOCENT_API_KEY} expanded', async () => {
    const [block] = titled('.cursor/mcp.json');
    assert.ok(block);
    const server = (JSON.parse(block.code) as { mcpServers: Record<string, HttpServerConfig> }).mcpServers.docent;
    assert.ok(server);
    assert.deepEqual(await useHttp(server, (value) => value.replace('${env:DOCENT_API_KEY}', key)), TOOLS);
  });

  it('VS Code: .vscode/mcp.json, the key from its password input; and the keyless one for npm start\'s docent-docs', async () => {
    const [keyed, site] = titled('.vscode/mcp.json');
    assert.ok(keyed && site);
    const config = JSON.parse(keyed.code) as { inputs: { id: string; password?: boolean }[]; servers: Record<string, HttpServerConfig> };
    const server = config.servers.docent;
    assert.ok(server);
    const inputs = new Map(config.inputs.map((input) => [`\${input:${input.id}}`, input]));
    const fill = (value: string): string => value.replace(/\$\{input:[^}]+\}/g, (reference) => {
      assert.equal(inputs.get(reference)?.password, true, `${reference} is a declared password input`);
      return key;
    });
    assert.deepEqual(await useHttp(server, fill), TOOLS);

    const own = (JSON.parse(site.code) as { servers: Record<string, HttpServerConfig> }).servers['docent-docs'];
    assert.ok(own);
    assert.equal(own.headers, undefined, 'no key for a public project');
    assert.deepEqual(await useHttp(own, (value) => value), TOOLS);
  });
});
