/**
 * The checkers of facts/ on small made-up docs, contracts and CLIs: each mistake a reader could meet gives exactly
 * the problem that names it, and the correct form gives none, so a checker that passes everything fails here.
 * Run: cd /work/main && node --import tsx --test website/tests/docs/facts-checkers.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { EMPTY_ALLOW_LIST, entriesWithoutIssue, type NotBuiltYet } from './facts/allowList';
import { contractOf, unknownApiFields, unknownOperationNames, unknownPaths } from './facts/api';
import { helpFrom, staleCommands, staleOptions, unknownCommands, unknownOptions, type CliMain, type Help } from './facts/commands';
import { refusedConfigs, schemaDeclares, staleConfigFields, type ConfigReader } from './facts/config';
import { apiCalls, docentCalls } from './facts/docs';
import { staleVariables, unknownProperties, unknownVariables, variablesReadIn } from './facts/names';
import { staleOperations, unservedOperations } from './facts/served';
import { sourceTypeUses, staleSourceTypes, unsyncedSourceTypes } from './facts/sourceTypes';
import type { CodeBlock, InlineCode } from './markdown';

const FILE = 'docs/example.mdx';

/** A fenced block of the made-up doc whose fence is on line 10, so its first line of code is line 11. */
const block = (code: string, language = 'bash', title = '', line = 10): CodeBlock => ({ where: `${FILE}:${line}`, file: FILE, line, language, title, code });

/** Inline code on line 3 of the made-up doc. */
const inline = (text: string): InlineCode => ({ where: `${FILE}:3`, file: FILE, text });

const allowList = (entries: Partial<NotBuiltYet>): NotBuiltYet => ({ ...EMPTY_ALLOW_LIST, ...entries });

// A CLI with `docent serve [--port]` and a group `docent project` with `create [--name]`.
const HELP_TEXTS: Record<string, string> = {
  serve: 'Usage: docent serve [options]\n  --port <n>  The port\n  -h, --help\n',
  project: 'Usage: docent project <command> [options]\n\nCommands:\n  create  Create a project\n',
  'project create': 'Usage: docent project create [options]\n  --name <name>\n',
};
const fakeHelp: Help = async (words) => {
  const out = HELP_TEXTS[words.join(' ')];
  return out === undefined ? { code: 1, out: '' } : { code: 0, out };
};

describe('facts/docs: where the docs run docent', () => {
  it('finds commands after &&, in continued lines, after npx and its options, in YAML steps and JSON, and not in prose', () => {
    const calls = docentCalls(
      [
        block('npm run build && docent index build \\\n  --out build/index.json'),
        block('npx --yes docent serve --port 3000'),
        block('- run: docent sync my-project', 'yaml'),
        block('{"scripts": {"eval": "docent eval questions.json"}, "mcp": {"command": "docent", "args": ["mcp"]}}', 'json'),
        block('echo docent is a docs assistant\n(docent sync, syncProject) failed'),
      ],
      [inline('docent project create --name Docs'), inline('the docent CLI')],
    );
    assert.deepEqual(
      calls.map(({ where, args }) => `${where} ${args.join(' ')}`),
      [
        `${FILE}:11 index build --out build/index.json`,
        `${FILE}:11 serve --port 3000`,
        `${FILE}:11 sync my-project`,
        `${FILE}:10 eval questions.json`,
        `${FILE}:10 mcp`,
        `${FILE}:3 project create --name Docs`,
      ],
    );
  });
});

describe('facts/commands', () => {
  const calls = (code: string) => docentCalls([block(code)], []);

  it('reports a command the CLI does not have, and only that one', async () => {
    const { problems, checked } = await unknownCommands(calls('docent serve\ndocent serv --port 1\ndocent project create'), fakeHelp, EMPTY_ALLOW_LIST);
    assert.equal(checked, 3);
    assert.deepEqual(problems, [`${FILE}:12: "docent serv --port 1" runs "docent serv", which the CLI does not have (docent serv --help fails) and not-built-yet.json does not list`]);
  });

  it('reports an option the command does not list, also for a subcommand of a group, and only those', async () => {
    const { problems, checked } = await unknownOptions(calls('docent serve --prot 3000 -h\ndocent project create --name=Docs --colour red'), fakeHelp, EMPTY_ALLOW_LIST);
    assert.equal(checked, 4);
    assert.deepEqual(problems, [
      `${FILE}:11: "docent serve --prot 3000 -h" uses --prot, which "docent serve --help" does not list and not-built-yet.json does not list`,
      `${FILE}:12: "docent project create --name=Docs --colour red" uses --colour, which "docent project create --help" does not list and not-built-yet.json does not list`,
    ]);
  });

  it('accepts the commands and options not-built-yet.json lists', async () => {
    const listed = allowList({ commands: { 'docent deploy': '#30' }, options: { 'docent serve --prot': '#31' } });
    const docs = calls('docent deploy --now\ndocent serve --prot 1');
    assert.deepEqual((await unknownCommands(docs, fakeHelp, listed)).problems, []);
    assert.deepEqual((await unknownOptions(docs, fakeHelp, listed)).problems, []);
  });

  it('reports a listed command or option once the CLI has it, or once no doc uses it', async () => {
    const listed = allowList({
      commands: { 'docent deploy': '#30', 'docent project create': '#31' },
      options: { 'docent serve --prot': '#32', 'docent serve --port': '#33' },
    });
    const docs = calls('docent deploy\ndocent serve --prot 1');
    assert.deepEqual([...(await staleCommands(docs, fakeHelp, listed)), ...(await staleOptions(docs, fakeHelp, listed))], [
      'not-built-yet.json: remove command "docent project create": the CLI has it now ("docent project create --help" exits 0)',
      'not-built-yet.json: remove command "docent project create": no doc runs it',
      'not-built-yet.json: remove option "docent serve --port": the CLI has it now ("docent serve --help" lists it)',
      'not-built-yet.json: remove option "docent serve --port": no doc uses it',
    ]);
  });

  it('asks the CLI for each help once and keeps what it prints', async () => {
    const asked: string[][] = [];
    const main: CliMain = async (argv, io) => {
      asked.push(argv);
      io.out('Usage: docent serve\n');
      io.err('ignored');
      return 0;
    };
    const help = helpFrom(async () => main);
    assert.deepEqual(await help(['serve']), { code: 0, out: 'Usage: docent serve\n' });
    await help(['serve']);
    assert.deepEqual(asked, [['serve', '--help']]);
  });
});

describe('facts/names', () => {
  const docs = [{ file: FILE, text: 'Set `--docent-accent` (not --docent-acent) or any --docent-color- property.\nDOCENT_LLM_* and DOCENT_PORT; DOCENT_API_KEY is yours.' }];

  it('reports a custom property the stylesheet does not define; a name ending in - is a prefix', () => {
    const { problems } = unknownProperties(docs, new Set(['--docent-accent', '--docent-color-text']));
    assert.deepEqual(problems, [`${FILE}: --docent-acent is not a property of the widget stylesheet`]);
  });

  it('reports an environment variable no code reads; the reader\'s own names aside', () => {
    const read = new Set(variablesReadIn("const model = process.env.DOCENT_LLM_MODEL; const url = env['DATABASE_URL'];"));
    assert.deepEqual([...read], ['DOCENT_LLM_MODEL', 'DATABASE_URL']);
    assert.deepEqual(unknownVariables(docs, read, EMPTY_ALLOW_LIST).problems, [`${FILE}: DOCENT_PORT is read by no code and not listed in not-built-yet.json`]);
    const listed = allowList({ environmentVariables: { DOCENT_PORT: '#30', DOCENT_LLM_MODEL: '#31', DOCENT_HOST: '#32' } });
    assert.deepEqual(unknownVariables(docs, read, listed).problems, []);
    assert.deepEqual(staleVariables(docs, read, listed), [
      'not-built-yet.json: remove environment variable "DOCENT_LLM_MODEL": the code reads it now',
      'not-built-yet.json: remove environment variable "DOCENT_LLM_MODEL": no doc names it',
      'not-built-yet.json: remove environment variable "DOCENT_HOST": no doc names it',
    ]);
  });
});

/** A contract with sendMessage (a body by $ref, with a map), searchProject (a query parameter) and addSource. */
const CONTRACT = contractOf({
  paths: {
    '/v1/projects/{projectId}/chat': {
      post: {
        operationId: 'sendMessage',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ChatRequest' } } } },
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'object', properties: { answer: {}, sources: { type: 'array', items: { properties: { url: {} } } } } } } } },
          '429': { headers: { 'Retry-After': {} }, content: { 'application/json': { schema: { properties: { error: {} } } } } },
        },
      },
    },
    '/v1/projects/{projectId}/search': { get: { operationId: 'searchProject', parameters: [{ in: 'query', name: 'q' }], responses: {} } },
    '/v1/projects/{projectId}/sources': {
      post: {
        operationId: 'addSource',
        requestBody: { content: { 'application/json': { schema: { properties: { type: {}, url: {} } } }, 'multipart/form-data': { schema: { properties: { type: {}, file: {} } } } } },
        responses: {},
      },
    },
  },
  components: { schemas: { ChatRequest: { properties: { message: {}, metadata: { type: 'object', additionalProperties: { type: 'string' } } } } } },
});
const CHAT = 'curl -X POST http://localhost:3000/v1/projects/docs/chat';

describe('facts/api', () => {
  it('reports an operation name the contract lacks, platform names aside', () => {
    const { problems, checked } = unknownOperationNames([inline('sendMessage'), inline('sendMesage'), inline('addEventListener'), inline('sendBeacon')], CONTRACT, EMPTY_ALLOW_LIST);
    assert.equal(checked, 2);
    assert.deepEqual(problems, [`${FILE}:3: sendMesage is not an operationId of openapi.yaml`]);
  });

  it('reports a path, or a method of a path, the contract lacks', () => {
    const blocks = [block('curl http://localhost:3000/v1/projects/docs/chats'), block('GET http://localhost:3000/v1/projects/docs/search?q=x', 'http')];
    const docs = { blocks, inline: [inline('GET /v1/projects/docs/chat'), inline('POST /v1/projects/docs/chat')], calls: apiCalls(blocks) };
    assert.deepEqual(unknownPaths(docs, CONTRACT, EMPTY_ALLOW_LIST).problems, [
      `${FILE}:3: GET /v1/projects/docs/chat is not an operation of openapi.yaml`,
      `${FILE}:11: GET /v1/projects/docs/chats is not an operation of openapi.yaml`,
      `${FILE}:10: /v1/projects/docs/chats is not an operation of openapi.yaml`,
    ]);
    assert.deepEqual(unknownPaths(docs, CONTRACT, allowList({ operations: { 'GET /v1/projects/{projectId}/chats': '#30', 'GET /v1/projects/{projectId}/chat': '#31' } })).problems, []);
  });

  it('reports a body field, form field or query parameter the request lacks; a map takes any key', () => {
    const blocks = [
      block(`${CHAT} -d '{"mesage": "hi", "metadata": {"any": "x"}}'`),
      block(`${CHAT} -d '{"message": "hi", "metadata": {"any": "x"}}'`, 'bash', '', 20),
      block("curl 'http://localhost:3000/v1/projects/docs/search?q=x&limit=3'", 'bash', '', 30),
      block('curl -F type=files -F files=@a.pdf http://localhost:3000/v1/projects/docs/sources', 'bash', '', 40),
    ];
    const { problems, checked } = unknownApiFields({ blocks, calls: apiCalls(blocks) }, CONTRACT);
    assert.equal(checked, 5);
    assert.deepEqual(problems, [
      `${FILE}:11: the request body of sendMessage (POST /v1/projects/{projectId}/chat) has no field $.mesage`,
      `${FILE}:31: searchProject (GET /v1/projects/{projectId}/search) has no query parameter "limit"`,
      `${FILE}:41: the form of addSource (POST /v1/projects/{projectId}/sources) has no field $.files`,
    ]);
  });

  it('reports a field of a response example, and a header or field of an http response, the contract lacks', () => {
    const blocks = [
      block(`${CHAT} -d '{"message": "hi"}'`),
      block('{"answer": "Yes.", "sources": [{"url": "/a", "title": "A"}]}', 'json', '', 14),
      block('HTTP/1.1 429 Too Many Requests\nRetry-After: 5\nX-Limit: 1\nContent-Type: application/json\n\n{"error": "slow", "wait": 5}', 'http', '', 20),
    ];
    assert.deepEqual(unknownApiFields({ blocks, calls: apiCalls(blocks) }, CONTRACT).problems, [
      `${FILE}:14: the response of sendMessage (POST /v1/projects/{projectId}/chat) has no field $.sources[0].title`,
      `${FILE}:20: openapi.yaml gives no 429 response the header X-Limit`,
      `${FILE}:20: a 429 response of openapi.yaml has no field $.wait`,
    ]);
  });
});

describe('facts/served', () => {
  const probes = new Map([
    ['sendMessage', { served: true, status: 422 }],
    ['searchProject', { served: false, status: 404 }],
    ['addSource', { served: true, status: 422 }],
  ]);

  it('reports an operation the server does not serve, unless not-built-yet.json lists it, and a stale entry', () => {
    assert.deepEqual(unservedOperations(CONTRACT, probes, EMPTY_ALLOW_LIST).problems, [
      'searchProject (GET /v1/projects/{projectId}/search) answers 404 "There is no operation": serve it, or list "GET /v1/projects/{projectId}/search" in not-built-yet.json with its issue',
    ]);
    const listed = allowList({ operations: { 'GET /v1/projects/{projectId}/search': '#30', 'POST /v1/projects/{projectId}/chat': '#31', 'DELETE /v1/keys/{keyId}': '#32' } });
    assert.deepEqual(unservedOperations(CONTRACT, probes, listed).problems, []);
    assert.deepEqual(staleOperations({ blocks: [block('curl -X DELETE http://localhost:3000/v1/keys/key_1')], inline: [] }, CONTRACT, probes, listed), [
      'not-built-yet.json: remove operation "POST /v1/projects/{projectId}/chat": the server serves sendMessage now',
    ]);
    assert.deepEqual(staleOperations({ blocks: [], inline: [] }, CONTRACT, probes, listed), [
      'not-built-yet.json: remove operation "POST /v1/projects/{projectId}/chat": the server serves sendMessage now',
      'not-built-yet.json: remove operation "DELETE /v1/keys/{keyId}": no doc names it',
    ]);
  });
});

describe('facts/config', () => {
  const config = (project: Record<string, unknown>): CodeBlock => block(JSON.stringify({ projects: [{ id: 'docs', ...project }] }), 'json', 'docent.config.json');
  /** Refuses unknown project fields, and sources whose files or secrets are missing: what the real reader checks too. */
  const reader: ConfigReader = (json, { baseDir, env }) => {
    const [project] = (json as { projects: { sources?: { files?: string[]; token?: { env: string } }[] }[] }).projects;
    for (const key of Object.keys(project ?? {})) if (!['id', 'sources'].includes(key)) throw new Error(`projects[0].${key} is not a field`);
    for (const source of project?.sources ?? []) {
      for (const file of source.files ?? []) if (!existsSync(join(baseDir, file))) throw new Error(`${file} does not exist`);
      if (source.token && !env[source.token.env]) throw new Error(`${source.token.env} is not set`);
    }
    return json;
  };

  it('reports the reader\'s refusal with the block, gives it the files and variables the example names, and takes out what is not built yet', () => {
    const blocks = [
      config({ colour: 'red' }),
      config({ sources: [{ type: 'files', files: ['guides/a.md'] }, { type: 'github', token: { env: 'GITHUB_TOKEN' } }] }),
      config({ sources: [{ type: 'web', files: ['x'] }], colour: 'blue' }),
      block('{ not json', 'json', 'docent.config.json'),
    ];
    const listed = allowList({ configFields: { 'projects[].colour': '#30' } });
    assert.deepEqual(refusedConfigs(blocks, reader, EMPTY_ALLOW_LIST).problems, [`${FILE}:10: projects[0].colour is not a field`, `${FILE}:10: projects[0].colour is not a field`]);
    const findings = refusedConfigs(blocks, reader, listed);
    assert.deepEqual(findings.problems, []);
    assert.equal(findings.summary, 'docent.config.json examples: 4 (2 with fields not built yet, 2 naming files)');
  });

  it('finds where the schema declares a field, through $refs, and reports a listed field the schema declares or no example has', () => {
    const schema = { properties: { projects: { type: 'array', items: { $ref: '#/definitions/project' } } }, definitions: { project: { properties: { sources: {} } } } };
    assert.equal(schemaDeclares(schema, 'projects[].sources'), true);
    assert.equal(schemaDeclares(schema, 'projects[].colour'), false);
    const listed = allowList({ configFields: { 'projects[].sources': '#30', 'projects[].colour': '#31' } });
    assert.deepEqual(staleConfigFields([config({ sources: [] })], schema, listed), [
      'not-built-yet.json: remove config field "projects[].sources": docent.config.schema.json declares it now',
      'not-built-yet.json: remove config field "projects[].colour": no docent.config.json example of the docs has it',
    ]);
  });
});

describe('facts/sourceTypes', () => {
  it('finds the types given by docent source add, addSource bodies and forms, and config files; reports one the server does not sync', async () => {
    const help: Help = async (words) =>
      ({ source: { code: 0, out: 'Usage: docent source <command>\n\nCommands:\n  add\n' }, 'source add': { code: 0, out: '--type --url' } })[words.join(' ')] ?? { code: 1, out: '' };
    const blocks = [
      block('docent source add docs --type github --url x\ndocent source add docs --type=sitemap'),
      block(`curl -X POST http://localhost:3000/v1/projects/docs/sources -d '{"type": "web"}'\ncurl -F type=files -F file=@a.pdf http://localhost:3000/v1/projects/docs/sources`, 'bash', '', 20),
      block(JSON.stringify({ projects: [{ sources: [{ type: 'openapi' }] }] }), 'json', 'docent.config.json', 30),
    ];
    const uses = await sourceTypeUses({ calls: docentCalls(blocks, []), apiCalls: apiCalls(blocks), configBlocks: [blocks[2] as CodeBlock] }, help, CONTRACT, EMPTY_ALLOW_LIST);
    assert.deepEqual(
      uses.map(({ where, type }) => `${where} ${type}`),
      [`${FILE}:11 github`, `${FILE}:12 sitemap`, `${FILE}:21 web`, `${FILE}:22 files`, `${FILE}:30 openapi`],
    );
    const synced = new Set(['sitemap', 'web', 'files', 'openapi']);
    assert.deepEqual(unsyncedSourceTypes(uses, synced, EMPTY_ALLOW_LIST).problems, [
      `${FILE}:11: a source of the type github, which the server does not sync (SOURCE_TYPES) and not-built-yet.json does not list under sourceTypes`,
    ]);
    const listed = allowList({ sourceTypes: { github: '#30', web: '#31', private: '#32' } });
    assert.deepEqual(unsyncedSourceTypes(uses, synced, listed).problems, []);
    assert.deepEqual(staleSourceTypes(uses, synced, new Set(['web', 'private']), listed), [
      'not-built-yet.json: remove source type "web": the server syncs it now (SOURCE_TYPES)',
      'not-built-yet.json: remove source type "web": docent.config.schema.json accepts it now',
      'not-built-yet.json: remove source type "private": docent.config.schema.json accepts it now',
      'not-built-yet.json: remove source type "private": no doc gives a source this type',
    ]);
  });
});

describe('facts/allowList', () => {
  it('reports an entry without the issue that builds it', () => {
    assert.deepEqual(entriesWithoutIssue(allowList({ commands: { 'docent deploy': 'soon', 'docent mcp': '#12' }, options: { 'docent serve --tls': 'a later issue: TLS' } }), 'tests/docs/not-built-yet.json'), [
      'tests/docs/not-built-yet.json: commands "docent deploy" needs "#<issue>" or "a later issue: <what>"',
    ]);
  });
});
