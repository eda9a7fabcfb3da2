/**
 * What the docs name exists: a name a reader copies from the docs either works, or is listed in
 * not-built-yet.json with the issue that builds it. Docs and pages are read as markdown.ts reads them (the
 * generated API pages are left out); every failure names the file, the line where one applies, and the name.
 *
 * - `docent` commands: in any code block (shell lines with `\` continuations joined, YAML `run:` steps, the string
 *   values of JSON such as package.json scripts and MCP client configs) and in inline code, `docent` at the start
 *   of a command (line start, after `&&`, `||`, `;`, `|`, `(`, `$ `, `exec`, `run:`, a YAML `- `, a quote or `npx`
 *   and its options). The command exists when `docent <command> --help` exits 0 (the CLI's own main(), from
 *   source), and for a group such as `docent project`, `docent <group> <subcommand> --help` too; each `--option`
 *   given to it must be one that the help of that command lists, or one not-built-yet.json lists for it.
 * - CSS custom properties (`--docent-…`, anywhere in the text): defined by the widget stylesheet.
 * - Environment variables: `DOCENT_…` names, and DATABASE_URL, GTAG_ID and SITE_URL (the unprefixed names Docent
 *   and this site read), anywhere in the text: some code must read them (`env.NAME` or `env['NAME']`). A name
 *   ending in `_`, as in `DOCENT_LLM_*`, is a prefix. READER_VARIABLES are the reader's own names, not Docent's.
 * - The REST API (packages/server/openapi.yaml):
 *   - operation names: inline code that is one camelCase word starting with a verb of the contract's
 *     operationIds (send, get, search, list, add, delete, sync, record), platform names such as addEventListener
 *     aside, is an operationId;
 *   - paths: every `/v1/…` path in inline code or a code block is a path of the contract, with the method when one
 *     is given (`POST /v1/…` in inline code, `curl -X`, a curl body meaning POST, an `http` request line);
 *   - fields: the JSON body (`-d`), form fields (`-F`) and query parameters of a curl call to the API; an untitled
 *     `json` block right after a code block with one such call (its response example); and the headers and JSON
 *     body of an `http` block showing a response (`HTTP/1.1 429 …`, against what the contract gives that status).
 *     Field names are checked level by level against the schema; maps (additionalProperties) take any key.
 * - docent.config.json and questions.json blocks are accepted by the server's own readers (fields that
 *   not-built-yet.json lists under configFields, and source entries of the types it lists under sourceTypes, are
 *   taken out first). A config file is read as from a folder that holds the files its sources name (`files`,
 *   `file`, relative to the config file), with the environment variables its secrets name (`{"env": "NAME"}`) set.
 * - Source types: a type the docs give a source (`docent source add --type <type>`, the `type` of an addSource
 *   body or form, the `type` of a source in docent.config.json) is one the server syncs (SOURCE_TYPES of the
 *   server's code, which docent.config.schema.json accepts too), or one not-built-yet.json lists under sourceTypes.
 * - The server serves what the contract describes: the real server (createServer over an in-memory database and a
 *   one-page site, on 127.0.0.1) answers every operation of openapi.yaml, called with an admin key, with something
 *   other than 404 "There is no operation", except the operations not-built-yet.json lists.
 * Widget attributes are checked by snippets.test.ts.
 * Run: cd /work/main && node --import tsx --test website/tests/docs/facts.test.ts
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { parse } from 'yaml';
import { parseStyleDefaults } from '../../src/components/StyleTable/styleReference';
import { widgetStylesheet } from '../../plugins/docent-style-reference';
import { CODE_BLOCKS, DOC_FILES, INLINE_CODE, REPOSITORY, WEBSITE, textOf, type CodeBlock } from './markdown';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parsed JSON, or undefined when it does not parse (syntax.test.ts reports that). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The allow-list

interface NotBuiltYet {
  commands: Record<string, string>;
  /** Options of commands the CLI has, as `docent <command> --option`. */
  options: Record<string, string>;
  environmentVariables: Record<string, string>;
  /** Operations the server does not serve yet, as `METHOD /v1/…` (whether or not openapi.yaml describes them). */
  operations: Record<string, string>;
  /** Fields of docent.config.json the server's reader does not accept yet, as JSON paths (`projects[].sources`). */
  configFields: Record<string, string>;
  /** Source types the docs describe that the server does not sync yet (`github`), for addSource, the CLI and the config file. */
  sourceTypes: Record<string, string>;
}

const NOT_BUILT_YET_FILE = join(__dirname, 'not-built-yet.json');
const NOT_BUILT_YET = JSON.parse(readFileSync(NOT_BUILT_YET_FILE, 'utf8')) as NotBuiltYet;
const ISSUE = /^(#\d+|a later issue: \S.*)$/;

// ---------------------------------------------------------------------------------------------------------------
// The CLI, run from source through its own main()

type Main = (argv: string[], io: { out(text: string): void; err(text: string): void }) => Promise<number>;

function serverModule(path: string): Promise<unknown> {
  return import(pathToFileURL(join(REPOSITORY, 'packages', 'server', 'src', path)).href);
}

let cli: Promise<Main> | undefined;
const HELP = new Map<string, Promise<{ code: number; out: string }>>();

/** `docent <words> --help`: its exit status and output. */
function help(words: string[]): Promise<{ code: number; out: string }> {
  const key = words.join(' ');
  let result = HELP.get(key);
  if (!result) {
    cli ??= serverModule('cli.ts').then((module) => (module as { main: Main }).main);
    result = cli.then(async (main) => {
      let out = '';
      const code = await main([...words, '--help'], { out: (text) => (out += text), err: () => undefined });
      return { code, out };
    });
    HELP.set(key, result);
  }
  return result;
}

/**
 * The words that name the command a call runs: `project create` for a group's subcommand (when `docent <group>
 * <subcommand> --help` exits 0), otherwise the first word.
 */
async function commandWords(call: { args: string[] }): Promise<string[]> {
  const [first = '', second] = call.args;
  if (second === undefined || second.startsWith('-')) return [first];
  const group = await help([first]);
  // A group's help lists its commands; a command's own help starts with its usage line.
  return group.code === 0 && group.out.includes('\nCommands:\n') ? [first, second] : [first];
}

/** The options a command's help lists (`--out`, `-h`…). */
const optionsIn = (helpText: string): Set<string> => new Set([...helpText.matchAll(/(?<![\w-])(--?[a-z][a-z-]*)/g)].map((match) => match[1] ?? ''));

// ---------------------------------------------------------------------------------------------------------------
// `docent` commands in the docs

/** A `docent …` command in the docs: the words after `docent`. */
interface DocentCall {
  where: string;
  args: string[];
}

/** Shell lines, those continued with a trailing backslash joined, each with the docs line it starts on. */
function logicalLines(block: CodeBlock): { text: string; where: string }[] {
  const lines: { text: string; where: string }[] = [];
  let pending: { text: string; where: string } | undefined;
  block.code.split('\n').forEach((line, index) => {
    const current = pending ?? { text: '', where: `${block.file}:${block.line + 1 + index}` };
    current.text += line.endsWith('\\') ? `${line.slice(0, -1)} ` : line;
    pending = line.endsWith('\\') ? current : undefined;
    if (!pending) lines.push(current);
  });
  if (pending) lines.push(pending);
  return lines;
}

/** Shell words up to the end of the command (`&&`, `||`, `;`, `|`, `)`, a comment, or the closing `quote`). */
function shellWords(text: string, closingQuote = ''): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote = '';
  for (let at = 0; at < text.length; at++) {
    const character = text[at] ?? '';
    if (quote) {
      if (character === quote) quote = '';
      else if (character === '\\' && quote === '"' && '"\\$`'.includes(text[at + 1] ?? '')) word += text[++at];
      else word += character;
      continue;
    }
    if (character === closingQuote) break;
    if (character === "'" || character === '"') {
      quote = character;
      inWord = true;
    } else if (character === '\\' && at + 1 < text.length) {
      word += text[++at];
      inWord = true;
    } else if (/\s/.test(character)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else if ((character === '#' && !inWord) || '|;&)'.includes(character)) {
      break;
    } else {
      word += character;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** What may stand before `docent` on a line for it to start a command. */
const COMMAND_POSITION = /(^|&&|\|\||[;|(]|\bexec|\brun:|^\s*-|^\s*\$|\bnpx(\s+(--yes|--no|-y|--package[= ]\S+|-p\s+\S+))*|(?<quote>["'`]))\s*$/;

function callsInLine(line: string, where: string): DocentCall[] {
  const calls: DocentCall[] = [];
  for (const match of line.matchAll(/(?<![\w./\\:@-])docent(?=\s+[a-z-])/g)) {
    const start = match.index ?? 0;
    const before = COMMAND_POSITION.exec(line.slice(0, start));
    if (!before) continue;
    const args = shellWords(line.slice(start + 'docent'.length), before.groups?.quote ?? '');
    // A command name is letters and hyphens: "(docent sync, syncProject)" in a program's output names, it runs nothing.
    if (!/^[a-z][a-z-]*$/.test(args[0] ?? '')) continue;
    calls.push({ where, args });
  }
  return calls;
}

/** Commands in a JSON block: in its string values (scripts), and `{"command": "docent", "args": [...]}`. */
function callsInJson(value: unknown, where: string): DocentCall[] {
  if (typeof value === 'string') return callsInLine(value, where);
  if (Array.isArray(value)) return value.flatMap((item) => callsInJson(item, where));
  if (!isObject(value)) return [];
  const own: DocentCall[] =
    value.command === 'docent' && Array.isArray(value.args) ? [{ where, args: value.args.filter((arg): arg is string => typeof arg === 'string') }] : [];
  return [...own, ...Object.values(value).flatMap((item) => callsInJson(item, where))];
}

function callsInBlock(block: CodeBlock): DocentCall[] {
  if (block.language === 'json') return callsInJson(parseJson(block.code), block.where);
  return logicalLines(block).flatMap(({ text, where }) => callsInLine(text, where));
}

const CALLS: DocentCall[] = [
  ...CODE_BLOCKS.flatMap(callsInBlock),
  ...INLINE_CODE.filter(({ text }) => /^(npx\s.*)?docent\s/.test(text)).flatMap(({ text, where }) => callsInLine(text, where)),
];

/**
 * The allow-list entry a call runs (`docent project update`), two words tried before one; a group named alone
 * (`docent project` in "the `docent project` commands") stands for its listed commands.
 */
function notBuiltCommand(call: DocentCall): string | undefined {
  const [first, second] = call.args;
  const listed = [`docent ${first} ${second}`, `docent ${first}`].find((name) => name in NOT_BUILT_YET.commands);
  if (listed || call.args.length > 1) return listed;
  return Object.keys(NOT_BUILT_YET.commands).find((name) => name.startsWith(`docent ${first} `));
}

const callText = (call: DocentCall): string => `docent ${call.args.join(' ')}`;

// ---------------------------------------------------------------------------------------------------------------
// CSS custom properties and environment variables

const DOC_TEXT = DOC_FILES.map((file) => ({ file, text: textOf(file) }));

/** Each distinct match of `pattern` in each doc, as `{ file, name }`. */
function namesInDocs(pattern: RegExp): { file: string; name: string }[] {
  return DOC_TEXT.flatMap(({ file, text }) => [...new Set([...text.matchAll(pattern)].map((match) => match[1] ?? match[0]))].map((name) => ({ file, name })));
}

/** A name, or a prefix when it ends with `-` or `_`, among the known names. */
function known(name: string, names: Set<string>): boolean {
  return /[-_]$/.test(name) ? [...names].some((candidate) => candidate.startsWith(name)) : names.has(name);
}

const DEFINED_PROPERTIES = new Set(parseStyleDefaults(readFileSync(widgetStylesheet(WEBSITE), 'utf8')).map(({ name }) => name));

/** Names the docs give the reader's own variables and constants; Docent does not read them. */
const READER_VARIABLES: Record<string, string> = {
  DOCENT_API_KEY: 'where the docs suggest keeping an API key (a shell variable, a repository secret); the API reads keys from the Authorization header',
  DOCENT_URL: 'the server origin in the GitHub workflow and the push script the docs show',
  DOCENT_PROJECT: 'the project id in the GitHub workflow the docs show, and a constant of the WordPress plugin',
  DOCENT_INDEX_URL: 'a constant of the WordPress plugin the docs show',
};

const UNPREFIXED_VARIABLES = ['DATABASE_URL', 'GTAG_ID', 'SITE_URL'];
const VARIABLE = new RegExp(`(?<![A-Za-z0-9_])(DOCENT_[A-Z0-9_]*|${UNPREFIXED_VARIABLES.join('|')})(?![A-Za-z0-9])`, 'g');

/** Where code that runs reads the environment: the packages' sources, the site's config, plugins and scripts. */
function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (['node_modules', 'dist', 'build', 'test', 'tests', '.docusaurus'].includes(name)) return [];
    if (statSync(path).isDirectory()) return codeFiles(path);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

const CODE_PLACES = [
  ...readdirSync(join(REPOSITORY, 'packages')).flatMap((name) => ['src', 'bin', 'scripts'].map((folder) => join(REPOSITORY, 'packages', name, folder))),
  join(WEBSITE, 'plugins'),
  join(WEBSITE, 'src'),
  join(REPOSITORY, 'scripts'),
].filter((dir) => {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
});

const READ_VARIABLES = new Set(
  [...CODE_PLACES.flatMap(codeFiles), join(WEBSITE, 'docusaurus.config.ts')].flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)].map((match) => match[1] ?? match[2] ?? ''),
  ),
);

// ---------------------------------------------------------------------------------------------------------------
// The REST API contract

const CONTRACT = parse(readFileSync(join(REPOSITORY, 'packages', 'server', 'openapi.yaml'), 'utf8')) as Json;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Operation {
  id: string;
  method: string;
  path: string;
  definition: Json;
}

const OPERATIONS: Operation[] = Object.entries((CONTRACT.paths ?? {}) as Record<string, Json>).flatMap(([path, item]) =>
  HTTP_METHODS.filter((method) => isObject(item[method])).map((method) => {
    const definition = item[method] as Json;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    const own = Array.isArray(definition.parameters) ? definition.parameters : [];
    return { id: String(definition.operationId), method: method.toUpperCase(), path, definition: { ...definition, parameters: [...shared, ...own] } };
  }),
);
const OPERATION_IDS = new Set(OPERATIONS.map(({ id }) => id));
const OPERATION_VERBS = new Set(OPERATIONS.map(({ id }) => /^[a-z]+/.exec(id)?.[0] ?? ''));
/** camelCase names of the web platform that start like an operation but are not one. */
const PLATFORM_NAMES = new Set(['addEventListener', 'removeEventListener', 'getAttribute', 'getElementById', 'sendBeacon', 'getItem']);

/** Follows local `$ref`s to the node they point at. */
function resolve(node: unknown): Json {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((parent, key) => (isObject(parent) ? parent[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), CONTRACT);
  }
  return isObject(current) ? current : {};
}

/** Does a path of the docs (`/v1/projects/my-project/sync`) fit a template (`/v1/projects/{projectId}/sync`)? */
function pathFits(concrete: string, template: string): boolean {
  const have = concrete.replace(/\/+$/, '').split('/');
  const want = template.split('/');
  return have.length === want.length && want.every((segment, index) => (/^\{.+\}$/.test(segment) ? (have[index] ?? '') !== '' : segment === have[index]));
}

/** The operation for a path and method (any method when none is given), or the allow-list entry it falls under. */
function operationFor(path: string, method?: string): { operation?: Operation; notBuilt?: string } {
  const fits = (entryMethod: string, template: string): boolean => (!method || entryMethod === method) && pathFits(path, template);
  const operation = OPERATIONS.find((candidate) => fits(candidate.method, candidate.path));
  if (operation) return { operation };
  const notBuilt = Object.keys(NOT_BUILT_YET.operations).find((entry) => {
    const [entryMethod = '', template = ''] = entry.split(' ');
    return fits(entryMethod, template);
  });
  return notBuilt ? { notBuilt } : {};
}

const operationName = (operation: Operation): string => `${operation.id} (${operation.method} ${operation.path})`;

/** A schema and the schemas it combines (allOf, oneOf, anyOf), each resolved. */
function branches(node: unknown): Json[] {
  const schema = resolve(node);
  const combined = ['allOf', 'oneOf', 'anyOf'].flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []));
  return [schema, ...combined.flatMap(branches)];
}

/**
 * The field names of `value` that its schemas do not declare, as paths (`$.sources[0].max_depht`). An object whose
 * schemas declare no properties, or allow additional ones (a map), takes any key.
 */
function unknownFields(value: unknown, schemas: unknown[], at = '$'): string[] {
  const all = schemas.flatMap(branches);
  if (Array.isArray(value)) {
    const items = all.map(({ items }) => items).filter((items) => items !== undefined);
    return value.flatMap((item, index) => unknownFields(item, items, `${at}[${index}]`));
  }
  if (!isObject(value)) return [];
  const declared = new Map<string, unknown[]>();
  const extra: unknown[] = [];
  let open = false;
  for (const schema of all) {
    if (isObject(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties)) declared.set(name, [...(declared.get(name) ?? []), property]);
    }
    if (schema.additionalProperties === true || isObject(schema.additionalProperties)) {
      open = true;
      if (isObject(schema.additionalProperties)) extra.push(schema.additionalProperties);
    }
  }
  if (declared.size === 0) open = true;
  return Object.entries(value).flatMap(([name, field]) => {
    const property = declared.get(name);
    if (property) return unknownFields(field, property, `${at}.${name}`);
    return open ? unknownFields(field, extra, `${at}.${name}`) : [`${at}.${name}`];
  });
}

/** The schemas of a request body or response, for one media type or any JSON one. */
function contentSchemas(content: unknown, mediaType?: string): unknown[] {
  if (!isObject(content)) return [];
  return Object.entries(content)
    .filter(([type]) => (mediaType ? type === mediaType : /json$/.test(type)))
    .map(([, media]) => (isObject(media) ? media.schema : undefined))
    .filter((schema) => schema !== undefined);
}

const requestSchemas = (operation: Operation, mediaType: string): unknown[] => contentSchemas(resolve(operation.definition.requestBody).content, mediaType);

function responsesWith(operation: Operation, status: (code: string) => boolean): Json[] {
  const responses = isObject(operation.definition.responses) ? operation.definition.responses : {};
  return Object.entries(responses)
    .filter(([code]) => status(code))
    .map(([, response]) => resolve(response));
}

const queryParameters = (operation: Operation): Set<string> =>
  new Set(
    (operation.definition.parameters as unknown[])
      .map(resolve)
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => String(parameter.name)),
  );

/** A call to the API in a code block: its method, URL and what it sends. */
interface ApiCall {
  where: string;
  /** The code block it is in. */
  block: string;
  method: string;
  url: string;
  json?: string;
  form: string[];
  /** The `-F name=value` parts as written. */
  formParts: string[];
}

const API_PATH = /\/v1(?:\/[^\s"'`?#)\\,]*)?/;

/** Every `curl` call of a code block that reaches a `/v1` path. */
function curlCalls(block: CodeBlock): ApiCall[] {
  return logicalLines(block).flatMap(({ text, where }) =>
    [...text.matchAll(/(?<![\w-])curl\s/g)].flatMap((match): ApiCall[] => {
      const words = shellWords(text.slice((match.index ?? 0) + 'curl'.length));
      let method: string | undefined;
      let json: string | undefined;
      const form: string[] = [];
      const formParts: string[] = [];
      for (let at = 0; at < words.length; at++) {
        const word = words[at] ?? '';
        if (word === '-X' || word === '--request') method = words[++at];
        else if (/^-X[A-Z]+$/.test(word)) method = word.slice(2);
        else if (['-d', '--data', '--data-raw', '--data-binary', '--json'].includes(word)) json = words[++at];
        else if (word === '-F' || word === '--form') {
          const part = words[++at] ?? '';
          formParts.push(part);
          form.push(part.split('=')[0] ?? '');
        }
      }
      const url = words.find((word) => API_PATH.test(word));
      if (!url) return [];
      return [{ where, block: block.where, method: method ?? (json !== undefined || form.length ? 'POST' : 'GET'), url, ...(json === undefined ? {} : { json }), form, formParts }];
    }),
  );
}

const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell', 'console', 'zsh', 'yaml', 'yml']);
const API_CALLS: ApiCall[] = CODE_BLOCKS.filter(({ language }) => SHELL_LANGUAGES.has(language)).flatMap(curlCalls);

const pathOf = (url: string): string => API_PATH.exec(url)?.[0] ?? '';
const queryOf = (url: string): string[] => [...new URLSearchParams(url.split('?')[1]?.split('#')[0] ?? '').keys()];

/** An `http` block showing a response: its status, header names and JSON body. */
interface HttpResponse {
  where: string;
  status: string;
  headers: string[];
  body: string;
}

function httpResponse(block: CodeBlock): HttpResponse | null {
  const [head = '', ...rest] = block.code.trim().split(/\n\s*\n/);
  const [statusLine = '', ...headerLines] = head.split('\n');
  const status = /^HTTP\/[\d.]+\s+(\d{3})\b/.exec(statusLine.trim())?.[1];
  if (!status) return null;
  return { where: block.where, status, headers: headerLines.map((line) => line.split(':')[0]?.trim() ?? ''), body: rest.join('\n\n').trim() };
}

/** Request lines of `http` blocks (`GET http://localhost:3000/v1/…`). */
function httpRequest(block: CodeBlock): { method: string; url: string } | null {
  const match = /^(GET|POST|PUT|PATCH|DELETE)\s+(\S+)/.exec(block.code.trim());
  return match ? { method: match[1] ?? '', url: match[2] ?? '' } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The tests

const counts: string[] = [];

describe('docent commands in the docs', () => {
  it('run commands the CLI has (docent <command> --help exits 0), or ones not-built-yet.json lists', async () => {
    assert.ok(CALLS.length >= 50, `found ${CALLS.length} docent commands`);
    const problems: string[] = [];
    for (const call of CALLS) {
      if (notBuiltCommand(call)) continue;
      const words = await commandWords(call);
      if ((await help(words)).code !== 0) {
        const group = Object.keys(NOT_BUILT_YET.commands).some((name) => name.startsWith(`docent ${words[0]} `));
        const named = group ? `docent ${call.args.slice(0, 2).join(' ')}` : `docent ${words.join(' ')}`;
        problems.push(`${call.where}: "${callText(call)}" runs "${named}", which the CLI does not have (${named} --help fails) and not-built-yet.json does not list`);
      }
    }
    const built = CALLS.filter((call) => !notBuiltCommand(call)).length;
    counts.push(`docent commands: ${CALLS.length} (${built} of commands the CLI has, ${CALLS.length - built} of commands not built yet)`);
    assert.deepEqual(problems, []);
  });

  it('give a command only the options its --help lists, or ones not-built-yet.json lists', async () => {
    const problems: string[] = [];
    let checked = 0;
    let notBuilt = 0;
    for (const call of CALLS) {
      if (notBuiltCommand(call)) continue;
      const words = await commandWords(call);
      const { code, out } = await help(words);
      if (code !== 0) continue;
      const accepted = optionsIn(out);
      for (const option of call.args.filter((arg) => /^--?[a-zA-Z]/.test(arg)).map((arg) => arg.split('=')[0] ?? '')) {
        checked++;
        if (accepted.has(option)) continue;
        if (`docent ${words.join(' ')} ${option}` in NOT_BUILT_YET.options) {
          notBuilt++;
          continue;
        }
        problems.push(`${call.where}: "${callText(call)}" uses ${option}, which "docent ${words.join(' ')} --help" does not list and not-built-yet.json does not list`);
      }
    }
    counts.push(`options of built commands: ${checked} (${notBuilt} of them not built yet)`);
    assert.deepEqual(problems, []);
  });
});

describe('names in the docs exist in the code', () => {
  it('CSS custom properties (--docent-…) are defined by the widget stylesheet', () => {
    const named = namesInDocs(/(?<![\w-])--docent-[a-z0-9-]+/g);
    assert.ok(DEFINED_PROPERTIES.size >= 18 && named.length > 0);
    counts.push(`CSS custom properties: ${new Set(named.map(({ name }) => name)).size}`);
    const unknown = named.filter(({ name }) => !known(name, DEFINED_PROPERTIES));
    assert.deepEqual(unknown.map(({ file, name }) => `${file}: ${name} is not a property of the widget stylesheet`), []);
  });

  it('environment variables are read by the code, or listed in not-built-yet.json', () => {
    const named = namesInDocs(VARIABLE).filter(({ name }) => !(name in READER_VARIABLES) && name !== 'DOCENT_');
    assert.ok(READ_VARIABLES.has('DOCENT_LLM_MODEL'), 'the scan of the code found no DOCENT_LLM_MODEL');
    counts.push(`environment variables: ${new Set(named.map(({ name }) => name)).size} (${Object.keys(READER_VARIABLES).length} more are the reader's own)`);
    const unknown = named.filter(({ name }) => !known(name, READ_VARIABLES) && !(name in NOT_BUILT_YET.environmentVariables));
    assert.deepEqual(unknown.map(({ file, name }) => `${file}: ${name} is read by no code and not listed in not-built-yet.json`), []);
  });

  it('API operations named in inline code are operationIds of the contract', () => {
    const named = INLINE_CODE.filter(({ text }) => {
      const verb = /^([a-z]+)[A-Z][A-Za-z0-9]*$/.exec(text)?.[1];
      return verb !== undefined && OPERATION_VERBS.has(verb) && !PLATFORM_NAMES.has(text);
    });
    assert.ok(named.length >= 20, `found ${named.length} operation names`);
    counts.push(`API operation names: ${named.length}`);
    const unknown = named.filter(({ text }) => !OPERATION_IDS.has(text) && !(text in NOT_BUILT_YET.operations));
    assert.deepEqual(unknown.map(({ where, text }) => `${where}: ${text} is not an operationId of openapi.yaml`), []);
  });

  it('API paths and methods exist in the contract', () => {
    const uses: { where: string; path: string; method?: string }[] = [
      ...INLINE_CODE.flatMap(({ where, text }) => {
        const match = /^(?:(GET|POST|PUT|PATCH|DELETE)\s+)?(\/v1\/\S+)$/.exec(text);
        return match ? [{ where, path: match[2] ?? '', ...(match[1] ? { method: match[1] } : {}) }] : [];
      }),
      ...API_CALLS.map(({ where, method, url }) => ({ where, method, path: pathOf(url) })),
      ...CODE_BLOCKS.filter(({ language }) => language === 'http').flatMap((block) => {
        const request = httpRequest(block);
        return request && API_PATH.test(request.url) ? [{ where: block.where, method: request.method, path: pathOf(request.url) }] : [];
      }),
      ...CODE_BLOCKS.flatMap(({ where, code }) => [...code.matchAll(new RegExp(API_PATH.source, 'g'))].map((match) => ({ where, path: match[0] }))),
    ].filter(({ path }) => path.replace(/\/+$/, '') !== '/v1');
    assert.ok(uses.length >= 10, `found ${uses.length} API paths`);
    counts.push(`API paths: ${uses.length}`);
    const unknown = uses.filter(({ path, method }) => {
      const { operation, notBuilt } = operationFor(path, method);
      return !operation && !notBuilt;
    });
    assert.deepEqual(unknown.map(({ where, path, method }) => `${where}: ${method ? `${method} ` : ''}${path} is not an operation of openapi.yaml`), []);
  });

  it('fields of API requests and response examples exist in the contract', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const call of API_CALLS) {
      const { operation } = operationFor(pathOf(call.url), call.method);
      if (!operation) continue; // not built yet, or reported by the paths check
      const allowedQuery = queryParameters(operation);
      for (const name of queryOf(call.url)) {
        checked++;
        if (!allowedQuery.has(name)) problems.push(`${call.where}: ${operationName(operation)} has no query parameter "${name}"`);
      }
      if (call.json !== undefined && !call.json.startsWith('@')) {
        checked++;
        let body: unknown;
        try {
          body = JSON.parse(call.json);
        } catch (error) {
          problems.push(`${call.where}: the JSON body sent to ${operation.id} does not parse: ${(error as Error).message}`);
          continue;
        }
        for (const field of unknownFields(body, requestSchemas(operation, 'application/json'))) {
          problems.push(`${call.where}: the request body of ${operationName(operation)} has no field ${field}`);
        }
      }
      if (call.form.length) {
        checked++;
        for (const field of unknownFields(Object.fromEntries(call.form.map((name) => [name, ''])), requestSchemas(operation, 'multipart/form-data'))) {
          problems.push(`${call.where}: the form of ${operationName(operation)} has no field ${field}`);
        }
      }
    }
    checked += responseExampleProblems(problems) + httpResponseProblems(problems);
    counts.push(`API request and response examples: ${checked}`);
    assert.ok(checked >= 8, `checked ${checked} API examples`);
    assert.deepEqual(problems, []);
  });
});

/** Untitled JSON blocks right after a code block with one API call: that call's response. Returns how many. */
function responseExampleProblems(problems: string[]): number {
  let checked = 0;
  CODE_BLOCKS.forEach((block, index) => {
    const previous = CODE_BLOCKS[index - 1];
    if (block.language !== 'json' || block.title || !previous || previous.file !== block.file) return;
    const calls = API_CALLS.filter((call) => call.block === previous.where);
    const call = calls[0];
    if (calls.length !== 1 || !call) return;
    const { operation } = operationFor(pathOf(call.url), call.method);
    if (!operation) return; // the operation is not built yet: nothing to check its fields against
    checked++;
    const schemas = responsesWith(operation, (code) => code.startsWith('2')).flatMap((response) => contentSchemas(response.content));
    for (const field of unknownFields(parseJson(block.code), schemas)) {
      problems.push(`${block.where}: the response of ${operationName(operation)} has no field ${field}`);
    }
  });
  return checked;
}

/** `http` blocks showing a response: headers and body against what the contract gives that status. */
function httpResponseProblems(problems: string[]): number {
  const responses = CODE_BLOCKS.filter(({ language }) => language === 'http')
    .map(httpResponse)
    .filter((response) => response !== null);
  for (const response of responses) {
    const given = OPERATIONS.flatMap((operation) => responsesWith(operation, (code) => code === response.status));
    if (!given.length) {
      problems.push(`${response.where}: no operation of openapi.yaml answers ${response.status}`);
      continue;
    }
    const headers = new Set(given.flatMap((definition) => Object.keys(isObject(definition.headers) ? definition.headers : {})).map((name) => name.toLowerCase()));
    for (const header of response.headers.filter((name) => !/^content-(type|length)$/i.test(name))) {
      if (!headers.has(header.toLowerCase())) problems.push(`${response.where}: openapi.yaml gives no ${response.status} response the header ${header}`);
    }
    if (!response.body) continue;
    for (const field of unknownFields(parseJson(response.body), given.flatMap((definition) => contentSchemas(definition.content)))) {
      problems.push(`${response.where}: a ${response.status} response of openapi.yaml has no field ${field}`);
    }
  }
  return responses.length;
}

// ---------------------------------------------------------------------------------------------------------------
// docent.config.json

const CONFIG_BLOCKS = CODE_BLOCKS.filter(({ title }) => title === 'docent.config.json' || title.endsWith('/docent.config.json'));

/** The values at a JSON path such as `projects[].settings.sync_interval` (`[]`: every item), with their parents. */
function atPath(json: unknown, path: string): { parent: Json; key: string }[] {
  const steps = path.split('.').flatMap((step) => (step.endsWith('[]') ? [step.slice(0, -2), '[]'] : [step]));
  let nodes: unknown[] = [json];
  const found: { parent: Json; key: string }[] = [];
  steps.forEach((step, index) => {
    if (step === '[]') {
      nodes = nodes.flatMap((node) => (Array.isArray(node) ? node : []));
      return;
    }
    const parents = nodes.filter(isObject).filter((node) => step in node);
    if (index === steps.length - 1) found.push(...parents.map((parent) => ({ parent, key: step })));
    nodes = parents.map((parent) => parent[step]);
  });
  return found;
}

/** The `type` of every source a config file declares (`projects[].sources[].type`). */
function configSourceTypes(json: unknown): string[] {
  return atPath(json, 'projects[].sources[].type').map(({ parent, key }) => String(parent[key]));
}

/**
 * A copy of a config file without the fields not-built-yet.json lists, and without the source entries of the types
 * it lists under sourceTypes; and which of them it had (`projects[].sources[type=github]` for a source entry).
 */
function withoutNotBuiltFields(json: unknown): { json: unknown; removed: string[] } {
  const copy = structuredClone(json);
  const removed = Object.keys(NOT_BUILT_YET.configFields).filter((path) => {
    const found = atPath(copy, path);
    for (const { parent, key } of found) delete parent[key];
    return found.length > 0;
  });
  for (const { parent, key } of atPath(copy, 'projects[].sources')) {
    const sources = parent[key];
    if (!Array.isArray(sources)) continue;
    const kept = sources.filter((source) => !(isObject(source) && typeof source.type === 'string' && source.type in NOT_BUILT_YET.sourceTypes));
    for (const source of sources.filter((item) => !kept.includes(item))) removed.push(`projects[].sources[type=${String((source as Json).type)}]`);
    parent[key] = kept;
  }
  return { json: copy, removed };
}

const CONFIG_SCHEMA = JSON.parse(readFileSync(join(REPOSITORY, 'packages', 'server', 'docent.config.schema.json'), 'utf8')) as Json;

/** True when docent.config.schema.json declares the field at a JSON path such as `projects[].sources`. */
function schemaDeclares(path: string): boolean {
  const follow = (node: unknown): Json => {
    let current = node;
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((parent, key) => (isObject(parent) ? parent[key] : undefined), CONFIG_SCHEMA);
    }
    return isObject(current) ? current : {};
  };
  let schema: Json = CONFIG_SCHEMA;
  for (const step of path.split('.').flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), '[]'] : [part]))) {
    if (step === '[]') schema = follow(schema.items);
    else {
      const properties = isObject(schema.properties) ? schema.properties : {};
      if (!(step in properties)) return false;
      schema = follow(properties[step]);
    }
  }
  return true;
}

/**
 * What a config example expects beside it: the files its sources name (`files`, `file`: paths relative to the
 * config file), and the environment variables its secrets name (`{"env": "NAME"}`).
 */
function namedInConfig(json: unknown): { files: string[]; variables: string[] } {
  const files: string[] = [];
  const variables: string[] = [];
  const sources = atPath(json, 'projects[].sources').flatMap(({ parent, key }) => (Array.isArray(parent[key]) ? (parent[key] as unknown[]) : []));
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isObject(value)) {
      if (typeof value.env === 'string' && Object.keys(value).length === 1) variables.push(value.env);
      Object.values(value).forEach(walk);
    }
  };
  for (const source of sources.filter(isObject)) {
    if (Array.isArray(source.files)) files.push(...source.files.filter((file): file is string => typeof file === 'string'));
    if (typeof source.file === 'string') files.push(source.file);
    walk(source);
  }
  return { files, variables };
}

describe('example files in the docs are accepted by the server', () => {
  const titled = (name: string): CodeBlock[] => CODE_BLOCKS.filter(({ title }) => title === name || title.endsWith(`/${name}`));

  it('docent.config.json: as docent serve and docent project update --config read it', async () => {
    type Context = { baseDir: string; env: NodeJS.ProcessEnv };
    const { parseDocentConfig } = (await serverModule('config/docentConfig.ts')) as { parseDocentConfig: (json: unknown, context: Context) => unknown };
    assert.ok(CONFIG_BLOCKS.length >= 5, `found ${CONFIG_BLOCKS.length} docent.config.json blocks`);
    let notBuilt = 0;
    let withFiles = 0;
    const problems = CONFIG_BLOCKS.flatMap((block) => {
      const parsed = parseJson(block.code);
      if (parsed === undefined) return []; // syntax.test.ts reports it
      const { json, removed } = withoutNotBuiltFields(parsed);
      if (removed.length) notBuilt++;
      // The reader's side of the example: the files it names, beside the config file, and the variables it names.
      const { files, variables } = namedInConfig(json);
      if (files.length) withFiles++;
      const dir = mkdtempSync(join(tmpdir(), 'docent-facts-config-'));
      try {
        for (const file of files) {
          mkdirSync(dirname(join(dir, file)), { recursive: true });
          writeFileSync(join(dir, file), 'An example file the docs name.\n');
        }
        parseDocentConfig(json, { baseDir: dir, env: Object.fromEntries(variables.map((name) => [name, 'example-secret-value'])) });
        return [];
      } catch (error) {
        return [`${block.where}: ${(error as Error).message}`];
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
    counts.push(`docent.config.json examples: ${CONFIG_BLOCKS.length} (${notBuilt} with fields not built yet, ${withFiles} naming files)`);
    assert.deepEqual(problems, []);
  });

  it('questions.json: as docent eval reads it', async () => {
    const { parseQuestions } = (await serverModule('eval/metrics.ts')) as { parseQuestions: (text: string, source: string) => unknown };
    const blocks = titled('questions.json');
    assert.ok(blocks.length >= 1, 'found no questions.json block');
    counts.push(`questions.json examples: ${blocks.length}`);
    const problems = blocks.flatMap((block) => {
      try {
        parseQuestions(block.code, 'questions.json');
        return [];
      } catch (error) {
        return [`${block.where}: ${(error as Error).message}`];
      }
    });
    assert.deepEqual(problems, []);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Source types

/** The source types docent.config.schema.json accepts (the `const` of each branch of its `source` definition). */
function schemaSourceTypes(): Set<string> {
  const source = isObject(CONFIG_SCHEMA.definitions) ? CONFIG_SCHEMA.definitions.source : undefined;
  const branches = isObject(source) && Array.isArray(source.oneOf) ? source.oneOf : [];
  return new Set(
    branches.map((branch) => (isObject(branch) && isObject(branch.properties) && isObject(branch.properties.type) ? String(branch.properties.type.const) : '')).filter(Boolean),
  );
}

/** The source types the server's code syncs (SOURCE_TYPES), which addSource and docent source add accept. */
async function syncableTypes(): Promise<Set<string>> {
  const { SOURCE_TYPES } = (await serverModule('sources/types.ts')) as { SOURCE_TYPES: readonly string[] };
  return new Set(SOURCE_TYPES);
}

/** Every source type the docs give a source: `docent source add --type`, addSource bodies and forms, config files. */
async function sourceTypeUses(): Promise<{ where: string; type: string }[]> {
  const uses: { where: string; type: string }[] = [];
  for (const call of CALLS) {
    if (notBuiltCommand(call) || (await commandWords(call)).join(' ') !== 'source add') continue;
    call.args.forEach((arg, index) => {
      if (arg === '--type' && call.args[index + 1] !== undefined) uses.push({ where: call.where, type: call.args[index + 1] ?? '' });
      else if (arg.startsWith('--type=')) uses.push({ where: call.where, type: arg.slice('--type='.length) });
    });
  }
  for (const call of API_CALLS) {
    if (operationFor(pathOf(call.url), call.method).operation?.id !== 'addSource') continue;
    const body = call.json === undefined ? undefined : parseJson(call.json);
    if (isObject(body) && typeof body.type === 'string') uses.push({ where: call.where, type: body.type });
    for (const part of call.formParts.filter((item) => item.startsWith('type='))) uses.push({ where: call.where, type: part.slice('type='.length) });
  }
  for (const block of CONFIG_BLOCKS) for (const type of configSourceTypes(parseJson(block.code))) uses.push({ where: block.where, type });
  return uses;
}

describe('source types in the docs', () => {
  it('are synced by the server, or listed under sourceTypes in not-built-yet.json', async () => {
    const synced = await syncableTypes();
    const accepted = schemaSourceTypes();
    assert.ok(synced.has('sitemap') && accepted.has('sitemap'), 'found no sitemap among the source types of the code and the config schema');
    const uses = await sourceTypeUses();
    assert.ok(uses.length >= 10, `found ${uses.length} source types in the docs`);
    const notBuilt = uses.filter(({ type }) => !synced.has(type));
    counts.push(`source types given to sources: ${uses.length} (${notBuilt.length} of types not built yet)`);
    const problems = notBuilt
      .filter(({ type }) => !(type in NOT_BUILT_YET.sourceTypes))
      .map(({ where, type }) => `${where}: a source of the type ${type}, which the server does not sync (SOURCE_TYPES) and not-built-yet.json does not list under sourceTypes`);
    assert.deepEqual(problems, []);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The server serves the contract

interface Probe {
  served: boolean;
  status: number;
}

let probes: Promise<Map<string, Probe>> | undefined;
let closeServer: (() => Promise<void>) | undefined;

after(async () => {
  await closeServer?.();
});

/**
 * Every operation of openapi.yaml, called on the real server with an admin key of its project: does it answer with
 * something other than 404 "There is no operation"? By operationId.
 */
function servedOperations(): Promise<Map<string, Probe>> {
  probes ??= (async () => {
    type Store = { createKey(key: unknown): Promise<unknown> };
    const { createServer } = (await serverModule('app/createServer.ts')) as {
      createServer(options: unknown): Promise<{ listen(port: number, host: string): Promise<string>; close(): Promise<void> }>;
    };
    const { openSqliteStore } = (await serverModule('store/sqlite/index.ts')) as { openSqliteStore(file: string): Store };
    const { generateKey } = (await serverModule('access/keys.ts')) as { generateKey(): { key: string; prefix: string; hash: string } };
    const dir = mkdtempSync(join(tmpdir(), 'docent-facts-'));
    const site = join(dir, 'site');
    mkdirSync(site);
    writeFileSync(join(site, 'index.html'), '<!doctype html><html><head><title>Webhooks | My project</title></head><body><main><h1>Webhooks</h1><p>Failed deliveries are retried.</p></main></body></html>');
    const store = openSqliteStore(':memory:');
    const server = await createServer({ store, site: { dir: site, project: 'my-project' }, watchSite: false });
    closeServer = async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    };
    const url = await server.listen(0, '127.0.0.1');
    const { key, prefix, hash } = generateKey();
    await store.createKey({ prefix, hash, project: 'my-project', name: 'docs facts', scopes: ['admin'], memberEmail: null, expiresAt: null });
    const results = new Map<string, Probe>();
    for (const operation of OPERATIONS) {
      const path = operation.path.replace('{projectId}', 'my-project').replace(/\{[A-Za-z]+\}/g, 'test_1');
      const withBody = operation.method === 'POST';
      const response = await fetch(`${url}${path}`, {
        method: operation.method,
        headers: { authorization: `Bearer ${key}`, ...(withBody ? { 'content-type': 'application/json' } : {}) },
        ...(withBody ? { body: '{}' } : {}),
      });
      const text = await response.text();
      const missing = response.status === 404 && /There is no operation/.test(text);
      results.set(operation.id, { served: !missing, status: response.status });
    }
    return results;
  })();
  return probes;
}

describe('the server serves the contract', () => {
  it('answers every operation of openapi.yaml, except those not-built-yet.json lists', async () => {
    const served = await servedOperations();
    assert.ok(served.size >= 10, `probed ${served.size} operations`);
    const listed = (operation: Operation): boolean => `${operation.method} ${operation.path}` in NOT_BUILT_YET.operations;
    const problems = OPERATIONS.filter((operation) => !served.get(operation.id)?.served && !listed(operation)).map(
      (operation) => `${operationName(operation)} answers 404 "There is no operation": serve it, or list "${operation.method} ${operation.path}" in not-built-yet.json with its issue`,
    );
    const answered = OPERATIONS.filter((operation) => served.get(operation.id)?.served);
    counts.push(`operations served by the server: ${answered.length} of ${OPERATIONS.length} (${answered.map((operation) => `${operation.id} ${served.get(operation.id)?.status}`).join(', ')})`);
    assert.deepEqual(problems, []);
  });
});

describe('not-built-yet.json', () => {
  const entries = Object.entries(NOT_BUILT_YET).filter(([group]) => group !== '$comment') as [keyof NotBuiltYet, Record<string, string>][];

  it('gives each entry the issue that builds it', () => {
    const problems = entries.flatMap(([group, list]) =>
      Object.entries(list)
        .filter(([, issue]) => !ISSUE.test(issue))
        .map(([name]) => `${relative(WEBSITE, NOT_BUILT_YET_FILE)}: ${group} "${name}" needs "#<issue>" or "a later issue: <what>"`),
    );
    assert.deepEqual(problems, []);
  });

  it('lists only what the docs name and the code does not have yet', async () => {
    const problems: string[] = [];
    const stale = (group: string, name: string, why: string): void => {
      problems.push(`not-built-yet.json: remove ${group} "${name}": ${why}`);
    };
    for (const name of Object.keys(NOT_BUILT_YET.commands)) {
      const words = name.split(' ').slice(1);
      if ((await help(words)).code === 0) stale('command', name, `the CLI has it now ("${name} --help" exits 0)`);
      if (!CALLS.some((call) => notBuiltCommand(call) === name)) stale('command', name, 'no doc runs it');
    }
    for (const name of Object.keys(NOT_BUILT_YET.environmentVariables)) {
      if (READ_VARIABLES.has(name)) stale('environment variable', name, 'the code reads it now');
      if (!namesInDocs(VARIABLE).some((use) => use.name === name)) stale('environment variable', name, 'no doc names it');
    }
    for (const name of Object.keys(NOT_BUILT_YET.options)) {
      const words = name.split(' ');
      const option = words.pop() ?? '';
      const { code, out } = await help(words.slice(1));
      if (code !== 0) stale('option', name, `"${words.join(' ')} --help" fails: list the command under commands instead`);
      else if (optionsIn(out).has(option)) stale('option', name, `the CLI has it now ("${words.join(' ')} --help" lists it)`);
      const used = await Promise.all(
        CALLS.filter((call) => !notBuiltCommand(call) && call.args.some((arg) => arg.split('=')[0] === option)).map(async (call) => (await commandWords(call)).join(' ')),
      );
      if (!used.includes(words.slice(1).join(' '))) stale('option', name, 'no doc uses it');
    }
    for (const path of Object.keys(NOT_BUILT_YET.configFields)) {
      if (schemaDeclares(path)) stale('config field', path, 'docent.config.schema.json declares it now');
      if (!CONFIG_BLOCKS.some((block) => atPath(parseJson(block.code), path).length > 0)) stale('config field', path, 'no docent.config.json example of the docs has it');
    }
    const synced = await syncableTypes();
    const accepted = schemaSourceTypes();
    const typesUsed = new Set((await sourceTypeUses()).map(({ type }) => type));
    for (const type of Object.keys(NOT_BUILT_YET.sourceTypes)) {
      if (synced.has(type)) stale('source type', type, 'the server syncs it now (SOURCE_TYPES)');
      if (accepted.has(type)) stale('source type', type, 'docent.config.schema.json accepts it now');
      if (!typesUsed.has(type)) stale('source type', type, 'no doc gives a source this type');
    }
    const served = await servedOperations();
    for (const name of Object.keys(NOT_BUILT_YET.operations)) {
      const [method = '', template = ''] = name.split(' ');
      const operation = OPERATIONS.find((candidate) => candidate.method === method && candidate.path === template);
      if (operation && served.get(operation.id)?.served) stale('operation', name, `the server serves ${operation.id} now`);
      // An operation of the contract is named by the API reference generated from it, whatever the other docs say.
      if (operation) continue;
      const named = [...INLINE_CODE.map(({ text }) => text), ...CODE_BLOCKS.map(({ code }) => code)].some((text) =>
        [...text.matchAll(new RegExp(API_PATH.source, 'g'))].some((match) => pathFits(match[0], template)),
      );
      if (!named) stale('operation', name, 'no doc names it');
    }
    const size = entries.reduce((sum, [, list]) => sum + Object.keys(list).length, 0);
    console.log(`not built yet (not-built-yet.json): ${size} entries: ${entries.map(([group, list]) => `${Object.keys(list).length} ${group}`).join(', ')}`);
    assert.deepEqual(problems, []);
  });

  it('prints what was checked', () => {
    console.log(`facts checked: ${counts.join('; ')}`);
    assert.ok(counts.length > 0);
  });
});
