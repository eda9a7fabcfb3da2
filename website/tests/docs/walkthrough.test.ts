/**
 * Team, Roles and the data-source pages, word for word: every `bash` block of docs/administration/team.mdx and
 * roles.mdx, and of docs/customization/data-sources/sitemaps.mdx, urls.mdx, files.mdx, openapi.mdx,
 * private-content.mdx and github.mdx, runs, in page order, against a real Docent server started in-process on
 * 127.0.0.1, as a reader who follows the page from its prerequisites would run it. Each page gets a fresh database,
 * in which the project is first created with the `docent project create` command of projects.mdx, as the pages'
 * prerequisites say.
 *
 * - `docent …` runs through the CLI's own main(), with `--db <the server's database>` added: the only change to
 *   a command (besides `--server http://localhost:3000`, which names the server of the walkthrough).
 *   `NAME=$(docent …)` keeps standard output in the shell variable NAME, as bash does.
 * - `curl …` runs as fetch against the server, with http://localhost:3000 replaced by the server's URL. The curl
 *   options the pages use are understood (-s, -i, -o /dev/null, -w '%{http_code}\n', -H, -X, -d, and -F with
 *   name=value or name=@file, a file of the working folder sent with the media type curl gives it); any other option
 *   fails the test, so a page cannot show a call this test does not make.
 * - `export NAME=value` and `export NAME` pass a variable on to the commands that follow, as bash does: the CLI reads
 *   `--token-env` and `--header-env` variables, and DOCENT_API_KEY for `--server`, from its environment.
 * - A line in parentheses (`(cd build && zip -qr ../site.zip .)`) and `bash <script>`, for a script the page had
 *   the reader write, run with bash in the working folder, as the page writes them.
 * - Variables expand as in bash: `$NAME`, `${NAME}` and `${NAME:offset:length}`, in double quotes or bare, not in
 *   single quotes. A variable the page never set fails the test.
 * - The untitled `text`, `http` or `json` block right after a `bash` block is what the reader sees: the terminal
 *   output of the block (standard error, and standard output that no `$(…)` keeps), or curl's output. Every line of
 *   a `text` block must appear in that output, in order (the output may have more lines). An `http` block gives
 *   the status, headers that must have those values, and a JSON body whose fields must have those values; a
 *   `json` block is such a body alone. Keys, key prefixes (dk_…), dates and times are compared by their shape,
 *   because they differ on every run; the server's database path is shown as .docent/docent.db.
 * - A command fails (exit status not 0) exactly when its output block shows an error (a line `docent: …`).
 * - Every block with a curl call has an output block, so every request the pages show has its outcome checked.
 *
 * The data-source pages crawl a real site: a node:http server on 127.0.0.1 that the test starts, with pages, a
 * sitemap.xml and a robots.txt that disallows a path the sitemap lists. For them:
 * - https://docs.example.com, the pages' example site, is replaced with that site's origin in the commands (and in
 *   the docent.config.json they write), and that origin is shown as https://docs.example.com in the output. Source
 *   ids (src_…) and sync ids (sync_…) are compared by their shape.
 * - The server crawls with DOCENT_ALLOW_PRIVATE_NETWORKS on (the test site is on a loopback address), without the
 *   politeness delay, and looks for new sources and due syncs every 100 ms; `docent sync --wait` runs with
 *   DOCENT_ALLOW_PRIVATE_NETWORKS=true in the environment, as it must to crawl such a site.
 * - A block titled docent.config.json (or push-docs.sh) is written to the working folder, where the next `docent
 *   project update --config docent.config.json` (or `bash push-docs.sh`) reads it; http://localhost:3000 in it is
 *   the server's URL.
 * - Before each block the test waits, as the pages tell the reader to ("wait a few seconds"), until the server has
 *   no sync running or due and has picked up what the last command changed.
 * - Blocks in tabs (the config file and API variants) run too, in page order, on the same server.
 * After the walk, the test checks what the pages promise about the crawl: robots.txt obeyed, the Docent/<version>
 * user agent, and no page fetched outside the source's scope.
 * What the pages' prerequisites give the reader is prepared before the walk:
 * - files.mdx: manuals/install.pdf (two pages, made with pdf-lib), manuals/faq.md and manuals/scan.pdf (no text
 *   layer) in the working folder;
 * - openapi.mdx: an OpenAPI 3.1 description that the site publishes as openapi.yaml and openapi.json, and another
 *   one in specs/internal.yaml;
 * - private-content.mdx: pages under /internal/ that answer 401 without the token, the token in
 *   INTERNAL_DOCS_TOKEN, and a built site in build/ whose pages have canonical links;
 * - github.mdx: my-org/my-docs, a private repository on a local Git server (git http-backend on 127.0.0.1, started
 *   by packages/server/test/helpers/gitServer.ts), and its token in GITHUB_TOKEN. github.com is never contacted:
 *   `my-org/my-docs` and https://github.com/my-org/my-docs in the commands and the config file are replaced with the
 *   local repository's clone URL and address, and back in the output.
 * After those walks, the test checks that the credentials went to the site or the repository with every request,
 * and that neither `docent source list --json` nor the database file shows them in clear.
 * The sync job of docs/integrations/github-workflow.mdx runs too: its `run:` script, with bash and curl, against
 * the server, with the key that the page's `docent key create` command prints; and so does the push step of its
 * private-site workflow, twice, with bash, curl, jq and `npx --no docent` (the CLI of this repository), on a built
 * site in build/: the second push must replace the first.
 *
 * Run: cd /work/main && node --import tsx --test website/tests/docs/walkthrough.test.ts
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { CODE_BLOCKS, REPOSITORY, type CodeBlock } from './markdown';

const PAGES = ['docs/administration/team.mdx', 'docs/administration/roles.mdx'];
const SOURCE_PAGES = ['docs/customization/data-sources/sitemaps.mdx', 'docs/customization/data-sources/urls.mdx'];
const WORKFLOW_PAGE = 'docs/integrations/github-workflow.mdx';
const PROJECTS_PAGE = 'docs/administration/projects.mdx';
const DOCS_ORIGIN = 'http://localhost:3000';
/** The site the data-source pages crawl in their examples. */
const SITE_ORIGIN = 'https://docs.example.com';
const SHOWN_DB = '.docent/docent.db';
/** The files a page may write with a titled block, for a later command to read from the working folder. */
const WRITTEN_FILES = new Set(['docent.config.json', 'push-docs.sh']);

type Io = { out(text: string): void; err(text: string): void };
type Main = (argv: string[], io: Io) => Promise<number>;

interface Server {
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
  /** Resolves once the project has no sync running and no source waiting for one. */
  syncsIdle(project: string): Promise<void>;
}

interface Store {
  syncsDue(now: string): Promise<string[]>;
}

function serverModule<T>(path: string): Promise<T> {
  return import(pathToFileURL(join(REPOSITORY, 'packages', 'server', 'src', path)).href) as Promise<T>;
}

// ---------------------------------------------------------------------------------------------------------------
// The shell: words, quotes and variables, as bash reads the lines these pages show

type Variables = Map<string, string>;

/** `${NAME}`, `${NAME:offset:length}` or `$NAME` at `text[at]` (which is `$`): its value and where it ends. */
function expansion(text: string, at: number, variables: Variables, where: string): { value: string; end: number } {
  const lookup = (name: string): string => {
    const value = variables.get(name);
    if (value === undefined) throw new Error(`${where}: the page uses $${name}, which no command before it set`);
    return value;
  };
  if (text[at + 1] === '{') {
    const close = text.indexOf('}', at);
    const inner = text.slice(at + 2, close);
    const match = /^([A-Za-z_][A-Za-z0-9_]*)(?::(\d+)(?::(\d+))?)?$/.exec(inner);
    if (close < 0 || !match) throw new Error(`${where}: the walkthrough does not understand \${${inner}}`);
    const value = lookup(match[1] ?? '');
    const offset = Number(match[2] ?? 0);
    return { value: match[3] === undefined ? value.slice(offset) : value.slice(offset, offset + Number(match[3])), end: close + 1 };
  }
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(at + 1))?.[0];
  if (!name) return { value: '$', end: at + 1 };
  return { value: lookup(name), end: at + 1 + name.length };
}

/** A command line as bash splits it into words, variables expanded. Operators such as `|` or `>` are refused. */
function words(text: string, variables: Variables, where: string): string[] {
  const result: string[] = [];
  let word = '';
  let inWord = false;
  let quote = '';
  for (let at = 0; at < text.length; at++) {
    const character = text[at] ?? '';
    if (quote === "'") {
      if (character === "'") quote = '';
      else word += character;
      continue;
    }
    if (quote === '"') {
      if (character === '"') quote = '';
      else if (character === '\\' && '"\\$`'.includes(text[at + 1] ?? '')) word += text[++at];
      else if (character === '$') {
        const { value, end } = expansion(text, at, variables, where);
        word += value;
        at = end - 1;
      } else word += character;
      continue;
    }
    if (character === "'" || character === '"') {
      quote = character;
      inWord = true;
    } else if (character === '\\') {
      word += text[++at] ?? '';
      inWord = true;
    } else if (/\s/.test(character)) {
      if (inWord) result.push(word);
      word = '';
      inWord = false;
    } else if (character === '$') {
      const { value, end } = expansion(text, at, variables, where);
      word += value;
      inWord = true;
      at = end - 1;
    } else if ('|;&<>()`#'.includes(character)) {
      throw new Error(`${where}: the walkthrough runs single commands; it does not understand "${character}" in: ${text}`);
    } else {
      word += character;
      inWord = true;
    }
  }
  if (quote) throw new Error(`${where}: unclosed ${quote} in: ${text}`);
  if (inWord) result.push(word);
  return result;
}

/** The lines of a block, a trailing backslash joining a line to the next, each with the docs line it starts on. */
function commandLines(block: CodeBlock): { text: string; where: string }[] {
  const lines: { text: string; where: string }[] = [];
  let pending: { text: string; where: string } | undefined;
  block.code.split('\n').forEach((line, index) => {
    const current = pending ?? { text: '', where: `${block.file}:${block.line + 1 + index}` };
    current.text += line.endsWith('\\') ? `${line.slice(0, -1)} ` : line;
    pending = line.endsWith('\\') ? current : undefined;
    if (!pending && current.text.trim()) lines.push(current);
  });
  if (pending) lines.push(pending);
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------
// The commands: docent through main(), curl as fetch

interface Result {
  code: number;
  /** Standard output. */
  out: string;
  /** Standard error. */
  err: string;
}

interface Session {
  main: Main;
  db: string;
  url: string;
  variables: Variables;
  /** The origin of the test site that stands for https://docs.example.com, on the data-source pages. */
  site?: string;
  /** The working folder, where titled blocks are written. */
  cwd?: string;
  /** Waits, before each block, for what the previous one started to settle. */
  settle?: () => Promise<void>;
  /**
   * More example names and the local stand-ins they run against, besides the site: `forward` pairs (shown, actual)
   * rewrite the commands and the files a page writes, `backward` pairs (actual, shown) rewrite the output back.
   */
  forward?: [string, string][];
  backward?: [string, string][];
  /** The values that `export` (or a page's prerequisites) replaced in process.env, to restore when the page is done. */
  exported?: Map<string, string | undefined>;
}

/** The example site (and the page's other example names) replaced with their local stand-ins. */
function onSite(text: string, session: Session): string {
  const onTestSite = session.site ? text.split(SITE_ORIGIN).join(session.site) : text;
  return (session.forward ?? []).reduce((result, [shown, actual]) => result.split(shown).join(actual), onTestSite);
}

/** Sets an environment variable for the commands of a page (`export`), as its shell would pass it on. */
function exportVariable(session: Session, name: string, value: string): void {
  session.exported ??= new Map();
  if (!session.exported.has(name)) session.exported.set(name, process.env[name]);
  process.env[name] = value;
  session.variables.set(name, value);
}

/** Puts back what exportVariable changed. */
function restoreExported(session: Session): void {
  for (const [name, value] of session.exported ?? []) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  session.exported?.clear();
}

async function docent(session: Session, args: string[]): Promise<Result> {
  let out = '';
  let err = '';
  // `--server http://localhost:3000`: the server of this walkthrough.
  const given = args.map((arg) => (arg.startsWith(DOCS_ORIGIN) && session.url ? session.url + arg.slice(DOCS_ORIGIN.length) : arg));
  const code = await session.main([...given, '--db', session.db], { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

/** The media types curl gives a file part by its extension (lib/mime.c); every other file is application/octet-stream. */
const CURL_FILE_TYPES: Record<string, string> = {
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain',
  '.htm': 'text/html',
  '.html': 'text/html',
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
};

/** One `-F name=value` or `-F name=@file` part, as curl builds it: a file is read from the working folder. */
function formPart(form: FormData, part: string, session: Session, where: string): void {
  const equals = part.indexOf('=');
  if (equals <= 0) throw new Error(`${where}: curl -F takes name=value or name=@file; got ${part}`);
  const name = part.slice(0, equals);
  const value = part.slice(equals + 1);
  if (!value.startsWith('@')) {
    form.append(name, value);
    return;
  }
  const file = value.slice(1);
  if (/[;<]/.test(file)) throw new Error(`${where}: the walkthrough does not understand the curl form part ${part}`);
  const bytes = readFileSync(join(session.cwd ?? process.cwd(), file));
  form.append(name, new Blob([bytes], { type: CURL_FILE_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' }), basename(file));
}

async function curl(session: Session, args: string[], where: string): Promise<Result> {
  let method: string | undefined;
  let body: string | undefined;
  let include = false;
  let discardBody = false;
  let writeOut = '';
  let url: string | undefined;
  let form: FormData | undefined;
  const headers = new Headers();
  for (let at = 0; at < args.length; at++) {
    const arg = args[at] ?? '';
    const value = (): string => {
      const next = args[++at];
      if (next === undefined) throw new Error(`${where}: curl ${arg} needs a value`);
      return next;
    };
    if (arg === '-s' || arg === '--silent') continue;
    else if (arg === '-i' || arg === '--include') include = true;
    else if (arg === '-o' || arg === '--output') {
      if (value() !== '/dev/null') throw new Error(`${where}: the walkthrough only writes curl's output to /dev/null`);
      discardBody = true;
    } else if (arg === '-w' || arg === '--write-out') writeOut = value();
    else if (arg === '-H' || arg === '--header') {
      const header = value();
      const colon = header.indexOf(':');
      headers.set(header.slice(0, colon).trim(), header.slice(colon + 1).trim());
    } else if (arg === '-X' || arg === '--request') method = value();
    else if (arg === '-d' || arg === '--data' || arg === '--data-raw') body = value();
    else if (arg === '-F' || arg === '--form') {
      form ??= new FormData();
      formPart(form, value(), session, where);
    } else if (arg.startsWith('-')) throw new Error(`${where}: the walkthrough does not know the curl option ${arg}`);
    else if (url === undefined) url = arg;
    else throw new Error(`${where}: curl is given two URLs: ${url} and ${arg}`);
  }
  if (!url?.startsWith(DOCS_ORIGIN)) throw new Error(`${where}: the curl call goes to ${url ?? 'no URL'}, not to ${DOCS_ORIGIN}`);
  if (form && body !== undefined) throw new Error(`${where}: curl is given both -d and -F`);
  const response = await fetch(session.url + url.slice(DOCS_ORIGIN.length), {
    method: method ?? (body === undefined && !form ? 'GET' : 'POST'),
    headers,
    ...(body === undefined ? {} : { body }),
    ...(form ? { body: form } : {}),
  });
  const text = await response.text();
  let out = '';
  if (include) {
    out += `HTTP/1.1 ${response.status} ${response.statusText}\n`;
    response.headers.forEach((headerValue, name) => (out += `${name}: ${headerValue}\n`));
    out += '\n';
  }
  if (!discardBody) out += text;
  out += writeOut.replace(/%\{http_code\}/g, String(response.status)).replace(/\\n/g, '\n');
  return { code: 0, out, err: '' };
}

/** A program the page runs as it is, with bash, in the working folder (`bash push-docs.sh`, a `( … )` subshell). */
async function shell(session: Session, args: string[], where: string): Promise<Result> {
  assert.ok(session.cwd, `${where}: the page runs bash, but this walkthrough has no working folder`);
  const result = await spawn('bash', args, { cwd: session.cwd, env: process.env });
  if (result.code === 127) throw new Error(`${where}: bash could not run ${args.join(' ')}: ${result.stderr}`);
  return { code: result.code, out: result.stdout, err: result.stderr };
}

/** Runs one line; returns what the terminal shows and whether the command failed. */
async function run(session: Session, shown: string, where: string): Promise<{ terminal: string; failed: boolean; curl: boolean }> {
  const line = onSite(shown, session);
  // `( cd build && zip … )`: a subshell, run by bash as the page writes it.
  if (/^\s*\(.*\)\s*$/.test(line)) {
    const result = await shell(session, ['-c', line.trim()], where);
    return { terminal: result.err + result.out, failed: result.code !== 0, curl: false };
  }
  const exported = /^\s*export\s+([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(line);
  if (exported) {
    const name = exported[1] ?? '';
    const given = exported[2];
    const value = given === undefined ? session.variables.get(name) : words(given, session.variables, where).join(' ');
    if (value === undefined) throw new Error(`${where}: the page exports $${name}, which no command before it set`);
    exportVariable(session, name, value);
    return { terminal: '', failed: false, curl: false };
  }
  const assignment = /^\s*([A-Za-z_][A-Za-z0-9_]*)=\$\((.*)\)\s*$/.exec(line);
  const command = words(assignment ? (assignment[2] ?? '') : line, session.variables, where);
  const [program = '', ...args] = command;
  let result: Result;
  if (program === 'docent') result = await docent(session, args);
  else if (program === 'curl') result = await curl(session, args, where);
  else if (program === 'bash' && args.length === 1 && WRITTEN_FILES.has(args[0] ?? '')) result = await shell(session, args, where);
  else throw new Error(`${where}: the walkthrough runs docent, curl, and bash with a script the page wrote; the page runs "${program}"`);
  if (assignment) {
    session.variables.set(assignment[1] ?? '', result.out.replace(/\n+$/, ''));
    return { terminal: result.err, failed: result.code !== 0, curl: program === 'curl' };
  }
  return { terminal: result.err + result.out, failed: result.code !== 0, curl: program === 'curl' };
}

// ---------------------------------------------------------------------------------------------------------------
// What the reader sees, against what the page says they see

/** Values that differ on every run, by their shape. */
function shape(text: string, session: Session): string {
  const named = (session.backward ?? []).reduce((result, [actual, shown]) => result.split(actual).join(shown), text);
  const shown = session.site ? named.split(session.site).join(SITE_ORIGIN) : named;
  return (session.url ? shown.split(session.url).join(DOCS_ORIGIN) : shown)
    .split(session.db)
    .join(SHOWN_DB)
    .replace(/\bsrc_[a-z0-9]{10}\b/g, '<source>')
    .replace(/\bsync_[a-z0-9]{10}\b/g, '<sync>')
    .replace(/dk_[a-z0-9]{10}_[A-Za-z0-9_-]{43}/g, '<key>')
    .replace(/dk_[a-z0-9]{10}/g, '<prefix>')
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?Z?)?/g, '<time>')
    .replace(/\d{4}-\d{2}-\d{2}/g, '<date>');
}

const lineShapes = (text: string, session: Session): string[] =>
  text
    .split('\n')
    .map((line) => shape(line, session).trim().replace(/\s+/g, ' '))
    .filter(Boolean);

/** Every field of `expected` is in `actual` with the same value (strings by their shape); arrays match in full. */
function fieldProblems(expected: unknown, actual: unknown, session: Session, at = '$'): string[] {
  if (typeof expected === 'string') {
    return typeof actual === 'string' && shape(actual, session) === shape(expected, session) ? [] : [`${at} is ${JSON.stringify(actual)}, the page shows ${JSON.stringify(expected)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [`${at} is ${JSON.stringify(actual)}, the page shows ${JSON.stringify(expected)}`];
    return expected.flatMap((item, index) => fieldProblems(item, actual[index], session, `${at}[${index}]`));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return [`${at} is ${JSON.stringify(actual)}, the page shows an object`];
    return Object.entries(expected).flatMap(([key, value]) =>
      key in actual ? fieldProblems(value, (actual as Record<string, unknown>)[key], session, `${at}.${key}`) : [`${at}.${key} is missing`],
    );
  }
  return expected === actual ? [] : [`${at} is ${JSON.stringify(actual)}, the page shows ${JSON.stringify(expected)}`];
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} is not JSON: ${text.slice(0, 200)}`);
  }
}

/** An HTTP response as `curl -i` prints it, or as an `http` block shows it. */
function httpParts(text: string): { status: string; headers: Map<string, string>; body: string } {
  const [head = '', ...rest] = text.replace(/\r/g, '').trim().split(/\n\s*\n/);
  const [statusLine = '', ...headerLines] = head.split('\n');
  const headers = new Map(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { status: /^HTTP\/[\d.]+\s+(\d{3})/.exec(statusLine.trim())?.[1] ?? '', headers, body: rest.join('\n\n').trim() };
}

function outputProblems(shown: CodeBlock, terminal: string, session: Session): string[] {
  const where = shown.where;
  if (shown.language === 'text') {
    const actual = lineShapes(terminal, session);
    const problems: string[] = [];
    let from = 0;
    for (const line of lineShapes(shown.code, session)) {
      const found = actual.indexOf(line, from);
      if (found < 0) problems.push(`${where}: the page shows "${line}", which the output does not have (after what matched before). The output:\n${terminal}`);
      else from = found + 1;
    }
    return problems;
  }
  if (shown.language === 'http') {
    const expected = httpParts(shown.code);
    const actual = httpParts(terminal);
    const problems: string[] = [];
    if (expected.status !== actual.status) problems.push(`${where}: the page shows status ${expected.status}, the server answered ${actual.status}: ${terminal}`);
    for (const [name, value] of expected.headers) {
      if (shape(actual.headers.get(name) ?? '', session) !== shape(value, session)) problems.push(`${where}: the page shows ${name}: ${value}, the server sent ${actual.headers.get(name) ?? 'no such header'}`);
    }
    if (expected.body) problems.push(...fieldProblems(parseJson(expected.body, `${where}: the body`), parseJson(actual.body, `${where}: the server's body`), session).map((problem) => `${where}: ${problem}`));
    return problems;
  }
  return fieldProblems(parseJson(shown.code, where), parseJson(terminal, `${where}: the output`), session).map((problem) => `${where}: ${problem}`);
}

/** The block that shows a bash block's output: the next block of the file, untitled, text, http or json. */
function outputOf(block: CodeBlock): CodeBlock | undefined {
  const index = CODE_BLOCKS.indexOf(block);
  const next = CODE_BLOCKS[index + 1];
  return next && next.file === block.file && !next.title && ['text', 'http', 'json'].includes(next.language) ? next : undefined;
}

/** Runs a bash block and checks it against its output block; returns what went wrong. */
async function runBlock(session: Session, block: CodeBlock, counts: { commands: number; compared: number }): Promise<string[]> {
  await session.settle?.();
  if (block.language !== 'bash' || WRITTEN_FILES.has(block.title)) {
    // A file the page has the reader write, such as docent.config.json or a script, into the working folder; the
    // server it names (http://localhost:3000) is the server of this walkthrough.
    assert.ok(session.cwd, `${block.where}: the page writes ${block.title}, but this walkthrough has no working folder`);
    writeFileSync(join(session.cwd, block.title), onSite(block.code, session).split(DOCS_ORIGIN).join(session.url));
    return [];
  }
  let terminal = '';
  let failed = false;
  let calls = 0;
  for (const { text, where } of commandLines(block)) {
    const result = await run(session, text, where);
    counts.commands++;
    terminal += result.terminal;
    failed ||= result.failed;
    if (result.curl) calls++;
  }
  const shown = outputOf(block);
  const problems: string[] = [];
  const showsError = shown !== undefined && /^docent: /m.test(shown.code);
  if (failed !== showsError) {
    problems.push(`${block.where}: ${failed ? 'a command failed, but the page shows no error' : 'the page shows an error, but every command succeeded'}. The output:\n${terminal}`);
  }
  if (calls > 0 && !shown) problems.push(`${block.where}: the block calls the API but the page does not show the outcome (an untitled text, http or json block right after it)`);
  if (shown) {
    counts.compared++;
    problems.push(...outputProblems(shown, terminal, session));
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// The tests

const bashBlocks = (file: string): CodeBlock[] => CODE_BLOCKS.filter((block) => block.file === file && block.language === 'bash');

/** The block of projects.mdx that creates my-project, as the pages' prerequisites point to. */
function projectCreation(): CodeBlock {
  const block = bashBlocks(PROJECTS_PAGE).find(({ code }) => /^docent project create my-project\b/m.test(code));
  assert.ok(block, `${PROJECTS_PAGE} has no bash block with docent project create my-project`);
  return block;
}

describe('team.mdx and roles.mdx, word for word against a running server', () => {
  for (const page of PAGES) {
    it(`${page}: every command runs and every shown outcome is what the server does`, async () => {
      const blocks = bashBlocks(page);
      assert.ok(blocks.length >= 6, `${page} has ${blocks.length} bash blocks`);
      const { main } = await serverModule<{ main: Main }>('cli.ts');
      const { createServer } = await serverModule<{ createServer: (options: unknown) => Promise<Server> }>('app/createServer.ts');
      const { openSqliteStore } = await serverModule<{ openSqliteStore: (file: string) => unknown }>('store/sqlite/index.ts');

      const dir = mkdtempSync(join(tmpdir(), 'docent-walkthrough-'));
      const site = join(dir, 'site');
      mkdirSync(site);
      writeFileSync(join(site, 'index.html'), '<!doctype html><html><head><title>Webhooks | My project</title></head><body><main><h1>Webhooks</h1><p>Failed webhook deliveries are retried five times.</p></main></body></html>');
      const db = join(dir, 'docent.db');
      const session: Session = { main, db, url: '', variables: new Map() };
      const counts = { commands: 0, compared: 0 };
      let server: Server | undefined;
      try {
        // The prerequisite: the project, created as projects.mdx says, before the server starts on the same file.
        const creation = projectCreation();
        assert.deepEqual(await runBlock(session, creation, counts), []);
        server = await createServer({ store: openSqliteStore(db), site: { dir: site, project: 'my-project' }, watchSite: false });
        session.url = await server.listen(0, '127.0.0.1');

        const problems: string[] = [];
        for (const block of blocks) {
          const found = await runBlock(session, block, counts);
          problems.push(...found);
          // A later block builds on this one: stop at the first problem, which is the one to fix.
          if (found.length) break;
        }
        assert.deepEqual(problems, []);
        console.log(`${page}: ${blocks.length} blocks, ${counts.commands} commands run, ${counts.compared} shown outcomes compared`);
      } finally {
        await server?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// The data-source pages, against a real site

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A page of the test site, as a documentation generator writes one. */
const sitePage = (title: string, body: string): string =>
  `<!doctype html><html><head><title>${title} | Example Docs</title></head><body><nav><a href="/">Home</a></nav><main><h1>${title}</h1>${body}</main></body></html>`;

/**
 * The site the data-source pages crawl, on 127.0.0.1: pages under /docs/ and /blog/ listed by sitemap.xml for
 * sitemaps.mdx, with /private/notes listed too but disallowed by robots.txt; and /guides/, whose links reach two
 * subpages, a page outside the prefix and a PDF, for urls.mdx. It records every request.
 */
class TestSite {
  readonly requests: { path: string; userAgent: string; authorization: string | undefined }[] = [];
  origin = '';
  private readonly server: HttpServer;
  private readonly pages = new Map<string, string>([
    ['/docs/install', sitePage('Install', '<p>Install the Example CLI with npm.</p>')],
    ['/docs/configure', sitePage('Configure', '<p>Set the region in example.toml.</p>')],
    ['/docs/archive/v1', sitePage('Version 1', '<p>The first version of the API, retired in 2024.</p>')],
    ['/blog/launch', sitePage('Launch', '<p>Example Docs went live this spring.</p>')],
    ['/private/notes', sitePage('Notes', '<p>Notes for the team only.</p>')],
    [
      '/guides/',
      sitePage(
        'Guides',
        '<p>Start with the guides below.</p><ul><li><a href="webhooks">Webhooks</a></li><li><a href="/guides/rate-limits">Rate limits</a></li><li><a href="/blog/launch">Launch news</a></li><li><a href="/guides/handbook.pdf">Handbook</a></li></ul>',
      ),
    ],
    ['/guides/webhooks', sitePage('Webhooks', '<p>Every webhook carries a signature header.</p>')],
    ['/guides/rate-limits', sitePage('Rate limits', '<p>The API allows 600 requests per minute.</p>')],
  ]);
  /** What sitemap.xml lists. */
  private readonly listed = ['/docs/install', '/docs/configure', '/docs/archive/v1', '/blog/launch', '/private/notes'];
  /** Other files the site serves, with their media types. */
  private readonly files = new Map<string, { type: string; body: string }>();
  /** Path prefixes behind a login: without this Authorization header, the site answers 401. */
  private readonly logins = new Map<string, string>();

  constructor() {
    this.server = createHttpServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      this.requests.push({ path, userAgent: String(request.headers['user-agent']), authorization: request.headers.authorization });
      const login = [...this.logins].find(([prefix]) => path.startsWith(prefix));
      const file = this.files.get(path);
      if (login && request.headers.authorization !== login[1]) {
        response.writeHead(401, { 'content-type': 'text/html; charset=utf-8', 'www-authenticate': 'Bearer' }).end('<h1>Sign in</h1>');
      } else if (file) {
        response.writeHead(200, { 'content-type': file.type }).end(file.body);
      } else if (path === '/robots.txt') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
      } else if (path === '/sitemap.xml') {
        const urls = this.listed.map((page) => `<url><loc>${this.origin}${page}</loc></url>`).join('');
        response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
      } else {
        const page = this.pages.get(path);
        if (page === undefined) response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
        else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      }
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  fetched(path: string): boolean {
    return this.requests.some((request) => request.path === path);
  }

  /** Serves an HTML page, or with `type` another file, at `path`. */
  serve(path: string, body: string, type = 'text/html; charset=utf-8'): void {
    if (type.startsWith('text/html')) this.pages.set(path, body);
    else this.files.set(path, { type, body });
  }

  /** Puts the paths under `prefix` behind a login that only `authorization` passes. */
  protect(prefix: string, authorization: string): void {
    this.logins.set(prefix, authorization);
  }
}

interface Crawled {
  session: Session;
  site: TestSite;
  counts: { commands: number; compared: number };
  close(): Promise<void>;
}

/**
 * A fresh database with my-project (created by projects.mdx's command), a running server on it that crawls private
 * addresses, a test site, a working folder, and DOCENT_ALLOW_PRIVATE_NETWORKS=true for the CLI; close() undoes it all.
 */
async function crawledSession(): Promise<Crawled> {
  const { main } = await serverModule<{ main: Main }>('cli.ts');
  const { createServer } = await serverModule<{ createServer: (options: unknown) => Promise<Server> }>('app/createServer.ts');
  const { openSqliteStore } = await serverModule<{ openSqliteStore: (file: string) => Store }>('store/sqlite/index.ts');

  const dir = mkdtempSync(join(tmpdir(), 'docent-walkthrough-sources-'));
  const hosted = join(dir, 'site');
  mkdirSync(hosted);
  writeFileSync(join(hosted, 'index.html'), '<!doctype html><html><head><title>Home | My project</title></head><body><main><h1>Home</h1><p>Welcome to My project.</p></main></body></html>');
  const cwd = join(dir, 'work');
  mkdirSync(cwd);
  const site = new TestSite();
  await site.start();
  const previousEnv = process.env.DOCENT_ALLOW_PRIVATE_NETWORKS;
  const previousCwd = process.cwd();
  process.env.DOCENT_ALLOW_PRIVATE_NETWORKS = 'true';
  process.chdir(cwd);
  const session: Session = { main, db: join(dir, 'docent.db'), url: '', variables: new Map(), site: site.origin, cwd };
  const counts = { commands: 0, compared: 0 };
  let server: Server | undefined;
  const close = async (): Promise<void> => {
    await server?.close();
    await site.stop();
    restoreExported(session);
    process.chdir(previousCwd);
    if (previousEnv === undefined) delete process.env.DOCENT_ALLOW_PRIVATE_NETWORKS;
    else process.env.DOCENT_ALLOW_PRIVATE_NETWORKS = previousEnv;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    assert.deepEqual(await runBlock(session, projectCreation(), counts), []);
    const store = openSqliteStore(session.db);
    const running = await createServer({
      store,
      site: { dir: hosted, project: 'my-project' },
      watchSite: false,
      allowPrivateNetworks: true,
      crawl: { delayMs: 0 },
      pollMs: 100,
    });
    server = running;
    session.url = await running.listen(0, '127.0.0.1');
    session.settle = async () => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))));
        const idle = await Promise.race([running.syncsIdle('my-project').then(() => true), timeout]);
        clearTimeout(timer);
        const due = (await store.syncsDue(new Date().toISOString())).includes('my-project');
        if (idle && !due) break;
        if (Date.now() > deadline) throw new Error('the server still syncs my-project, or has a sync due, after 30 seconds');
        await sleep(50);
      }
      // Two polls of the server, so what the CLI changed (a source removed) reaches its index, as a reader's few seconds do.
      await sleep(250);
    };
    return { session, site, counts, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Runs the blocks in order, up to the first that shows a problem; returns the problems. */
async function runBlocks(session: Session, blocks: readonly CodeBlock[], counts: { commands: number; compared: number }): Promise<string[]> {
  for (const block of blocks) {
    const found = await runBlock(session, block, counts);
    if (found.length) return found;
  }
  return [];
}

/** The bash blocks of a page and the files it has the reader write, in page order. */
const walkedBlocks = (file: string): CodeBlock[] =>
  CODE_BLOCKS.filter((block) => block.file === file && (block.language === 'bash' || WRITTEN_FILES.has(block.title)));

describe('sitemaps.mdx and urls.mdx, word for word against a running server and a real site', () => {
  for (const page of SOURCE_PAGES) {
    it(`${page}: every command runs, every shown outcome is what the server does, and the crawl keeps the page's rules`, async () => {
      const blocks = walkedBlocks(page);
      assert.ok(blocks.filter(({ language }) => language === 'bash').length >= 8, `${page} has ${blocks.length} bash blocks`);
      const crawled = await crawledSession();
      const { session, site, counts } = crawled;
      try {
        assert.deepEqual(await runBlocks(session, blocks, counts), []);
        await session.settle?.();
        // What the page promises about the crawl itself.
        const crawlRequests = site.requests.filter(({ path }) => path !== '/robots.txt');
        assert.ok(crawlRequests.length > 0, 'the server fetched nothing from the site');
        const agents = new Set(site.requests.map(({ userAgent }) => userAgent));
        assert.ok([...agents].every((agent) => /^Docent\/\d+\.\d+\.\d+/.test(agent)), `user agents: ${[...agents].join(', ')}`);
        assert.ok(!site.fetched('/private/notes'), 'robots.txt disallows /private/, yet /private/notes was fetched');
        assert.ok(!site.fetched('/guides/handbook.pdf'), 'a link to a PDF was fetched');
        if (page.endsWith('urls.mdx')) assert.ok(!site.fetched('/blog/launch'), 'a link outside the start URL\'s path was followed');
        console.log(`${page}: ${blocks.length} blocks, ${counts.commands} commands run, ${counts.compared} shown outcomes compared, ${site.requests.length} requests to the site`);
      } finally {
        await crawled.close();
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// The sync job of the GitHub workflow

/** Runs a program; resolves with its exit status and output (never rejects on a failing status). */
function spawn(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { ...options, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 127) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/**
 * A workflow step's env as GitHub gives it: `${{ secrets.DOCENT_URL }}` is the server, `${{ secrets.DOCENT_API_KEY }}`
 * the key the page's `docent key create` prints (once, alone on standard output).
 */
async function workflowEnv(session: Session, keyBlock: CodeBlock, stepEnv: Record<string, string>): Promise<Record<string, string>> {
  const [keyLine] = commandLines(keyBlock);
  assert.ok(keyLine);
  const [program, ...args] = words(keyLine.text, session.variables, keyLine.where);
  assert.equal(program, 'docent');
  const created = await docent(session, args);
  assert.equal(created.code, 0, created.err);
  const secrets: Record<string, string> = { DOCENT_URL: session.url, DOCENT_API_KEY: created.out.trim() };
  return Object.fromEntries(Object.entries(stepEnv).map(([name, value]) => [name, value.replace(/\$\{\{\s*secrets\.([A-Z_]+)\s*\}\}/g, (_match, secret: string) => secrets[secret] ?? '')]));
}

describe('github-workflow.mdx: the sync job against a running server', () => {
  it('runs the job\'s script with bash and curl, with a key of the page\'s docent key create command: the server answers 202 and syncs', async (t) => {
    const tools = await Promise.all([spawn('bash', ['--version']), spawn('curl', ['--version'])]);
    if (tools.some(({ code }) => code !== 0)) {
      t.skip('bash and curl are needed to run the workflow step as GitHub runs it');
      return;
    }
    const workflowBlock = CODE_BLOCKS.find((block) => block.file === WORKFLOW_PAGE && block.title === '.github/workflows/docs.yml');
    assert.ok(workflowBlock, `${WORKFLOW_PAGE} has no block titled .github/workflows/docs.yml`);
    const workflow = parseYaml(workflowBlock.code) as { jobs: Record<string, { steps: { name?: string; env?: Record<string, string>; run?: string }[] }> };
    const step = workflow.jobs.sync?.steps.find(({ run: script }) => script?.includes('/sync'));
    assert.ok(step?.run && step.env, `${workflowBlock.where}: the sync job has no step that calls /sync with an env`);
    const keyBlock = bashBlocks(WORKFLOW_PAGE).find(({ code }) => /^docent key create\b/m.test(code));
    assert.ok(keyBlock, `${WORKFLOW_PAGE} has no bash block with docent key create`);

    const crawled = await crawledSession();
    const { session } = crawled;
    try {
      // The prerequisite: a project whose sources point at the published docs.
      const added = await docent(session, ['source', 'add', '--project', 'my-project', '--type', 'sitemap', '--url', `${session.site}/sitemap.xml`]);
      assert.equal(added.code, 0, added.err);
      await session.settle?.();
      const before = JSON.parse((await docent(session, ['source', 'list', '--project', 'my-project', '--json'])).out) as { last_synced_at: string }[];

      // The key, as the page creates it, and the job's env with the secrets the page names.
      const env = await workflowEnv(session, keyBlock, step.env);
      assert.equal(env.DOCENT_PROJECT, 'my-project');
      const script = join(session.cwd ?? '', 'sync-step.sh');
      writeFileSync(script, step.run);
      // GitHub runs a step's run: script with bash -e on Linux runners.
      const result = await spawn('bash', ['-e', script], { cwd: session.cwd, env: { ...process.env, ...env } });
      assert.equal(result.code, 0, `the step failed:\n${result.stdout}\n${result.stderr}`);
      assert.equal(result.stdout.trim().split('\n').pop(), 'Sync of my-project started.', `the step's log: ${result.stdout}`);

      await session.settle?.();
      const after = JSON.parse((await docent(session, ['source', 'list', '--project', 'my-project', '--json'])).out) as { status: string; last_synced_at: string; report: { unchanged: number } }[];
      assert.equal(after[0]?.status, 'ready');
      assert.ok((after[0]?.last_synced_at ?? '') > (before[0]?.last_synced_at ?? ''), 'the source was not synced again');
      assert.equal(after[0]?.report.unchanged, 4, JSON.stringify(after[0]?.report));
    } finally {
      await crawled.close();
    }
  });
});

describe('github-workflow.mdx: the push job of a private site against a running server', () => {
  it("runs the push step with bash, curl, jq and npx --no docent twice: the second push replaces the first once it is ready", async (t) => {
    const tools = await Promise.all(['bash', 'curl', 'jq'].map((program) => spawn('bash', ['-c', `command -v ${program}`])));
    if (tools.some(({ code }) => code !== 0)) {
      t.skip('bash, curl and jq are needed to run the workflow step as GitHub runs it');
      return;
    }
    const workflowBlock = CODE_BLOCKS.find((block) => block.file === WORKFLOW_PAGE && block.title === '.github/workflows/docs.yml (private site)');
    assert.ok(workflowBlock, `${WORKFLOW_PAGE} has no block titled .github/workflows/docs.yml (private site)`);
    const workflow = parseYaml(workflowBlock.code) as { jobs: Record<string, { steps: { if?: string; shell?: string; env?: Record<string, string>; run?: string }[] }> };
    const step = workflow.jobs.build?.steps.find(({ run: script }) => script?.includes('docent source push'));
    assert.ok(step?.run && step.env, `${workflowBlock.where}: the build job has no step that runs docent source push with an env`);
    assert.equal(step.if, "github.event_name != 'pull_request'", 'the push never runs for pull requests');
    const keyBlock = bashBlocks(WORKFLOW_PAGE).find(({ code }) => /^docent key create\b.*sources:write/m.test(code));
    assert.ok(keyBlock, `${WORKFLOW_PAGE} has no bash block with docent key create … sources:write`);

    const crawled = await crawledSession();
    const { session } = crawled;
    try {
      // npx --no docent: the CLI of this repository, from source, as the package's bin runs it.
      const bin = join(session.cwd ?? '', '.bin');
      mkdirSync(bin);
      const entry = join(bin, 'docent.mjs');
      writeFileSync(entry, `import { main } from ${JSON.stringify(pathToFileURL(join(REPOSITORY, 'packages', 'server', 'src', 'cli.ts')).href)};\nprocess.exitCode = await main(process.argv.slice(2));\n`);
      const tsx = pathToFileURL(join(REPOSITORY, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
      writeFileSync(
        join(bin, 'npx'),
        `#!/bin/sh\n[ "$1" = "--no" ] && shift\n[ "$1" = "docent" ] || { echo "this npx runs docent only" >&2; exit 127; }\nshift\nexec ${JSON.stringify(process.execPath)} --import ${JSON.stringify(tsx)} ${JSON.stringify(entry)} "$@"\n`,
        { mode: 0o755 },
      );
      // The site the build job wrote.
      const page = (title: string, canonical: string, body: string): string =>
        `<!doctype html><html><head><title>${title} | Handbook</title><link rel="canonical" href="${canonical}"></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
      writeWorkFile(session, 'build/index.html', page('Handbook', 'https://docs.example.com/', '<p>The staff handbook.</p>'));
      writeWorkFile(session, 'build/expenses/index.html', page('Expenses', 'https://docs.example.com/expenses/', '<p>Travel expenses above 500 euros need the approval of a director.</p>'));
      writeWorkFile(session, 'build/docent-index.json', '{}');

      const env = await workflowEnv(session, keyBlock, step.env);
      assert.equal(env.DOCENT_PROJECT, 'my-project');
      const script = join(session.cwd ?? '', 'push-step.sh');
      writeFileSync(script, step.run);
      // `shell: bash` runs a step with bash --noprofile --norc -eo pipefail on GitHub's Linux runners.
      assert.equal(step.shell, 'bash');
      const runStep = () => spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd: session.cwd, env: { ...process.env, ...env, PATH: `${bin}:${process.env.PATH ?? ''}` } });

      const first = await runStep();
      assert.equal(first.code, 0, `the first push failed:\n${first.stdout}\n${first.stderr}`);
      assert.match(first.stdout, /^The push src_[a-z0-9]{10} of my-project is ready\.$/m);
      const second = await runStep();
      assert.equal(second.code, 0, `the second push failed:\n${second.stdout}\n${second.stderr}`);
      const firstId = /The push (src_[a-z0-9]{10})/.exec(first.stdout)?.[1];
      assert.match(second.stdout, new RegExp(`^Removed the earlier push ${firstId}\\.$`, 'm'));

      const sources = JSON.parse((await docent(session, ['source', 'list', '--project', 'my-project', '--json'])).out) as { type: string; status: string; config: { file: { name: string } | null } }[];
      const pushes = sources.filter(({ type, config }) => type === 'private' && config.file !== null);
      assert.deepEqual(pushes.map(({ status, config }) => [status, config.file?.name]), [['ready', 'build.zip']]);
      const found = (await (await fetch(`${session.url}/v1/projects/my-project/search?q=travel%20expenses`)).json()) as { results: { url: string }[] };
      assert.equal(found.results[0]?.url, 'https://docs.example.com/expenses/');
    } finally {
      await crawled.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The upload, OpenAPI, private and GitHub pages, against a real site, real files and a real Git server

/** What a page's prerequisites give the reader besides the server: files, pages of the site, a repository. */
interface Fixture {
  /** Checks what the page promises beyond the outcomes it shows. */
  check?: () => Promise<void>;
  close?: () => Promise<void>;
}

/** The database file and its write-ahead log, where SQLite keeps recent writes: every byte the server stored. */
function databaseBytes(session: Session): Buffer {
  return Buffer.concat([session.db, `${session.db}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file)));
}

/** Writes a file of the reader's working folder, creating its folder. */
function writeWorkFile(session: Session, file: string, content: string | Uint8Array): void {
  const path = join(session.cwd ?? '', file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** A PDF with a title and one line of text per page, the same bytes on every run. */
async function pdfFile(title: string | null, pages: string[]): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  if (title) pdf.setTitle(title);
  pdf.setCreationDate(new Date('2026-11-20T08:00:00Z'));
  pdf.setModificationDate(new Date('2026-11-20T08:00:00Z'));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage();
    if (text) page.drawText(text, { x: 50, y: 700, size: 12, font });
    else page.drawRectangle({ x: 50, y: 50, width: 200, height: 200 });
  }
  return pdf.save();
}

/** files.mdx: the two files it uploads, and a scan without a text layer, in manuals/. */
async function filesFixture({ session }: Crawled): Promise<Fixture> {
  writeWorkFile(
    session,
    'manuals/install.pdf',
    await pdfFile('Installation manual', ['Unpack the gateway and connect the power cable.', 'Calibrate the sensor before first use: hold the reset button for ten seconds.']),
  );
  writeWorkFile(session, 'manuals/faq.md', '# Frequently asked questions\n\n## Can I export my data?\n\nYes. Open Settings and choose Export to download a ZIP archive of your workspace.\n');
  writeWorkFile(session, 'manuals/scan.pdf', await pdfFile(null, ['']));
  return {};
}

/** The public API of openapi.mdx's example site: three operations. */
const ORDERS_API = `openapi: 3.1.0
info:
  title: Example Orders API
  version: 1.4.0
servers:
  - url: https://api.example.com/v1
paths:
  /orders:
    get:
      operationId: listOrders
      summary: List orders
      description: Returns the orders of the workspace, newest first.
      parameters:
        - name: status
          in: query
          description: Only orders with this status.
          schema:
            type: string
            enum: [open, shipped, cancelled]
      responses:
        '200':
          description: A page of orders.
    post:
      operationId: createOrder
      summary: Create an order
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [sku, quantity]
              properties:
                sku:
                  type: string
                  description: The product's stock keeping unit.
                quantity:
                  type: integer
                  minimum: 1
                  maximum: 100
      responses:
        '201':
          description: The order was created.
  /orders/{orderId}/cancel:
    post:
      operationId: cancelOrder
      summary: Cancel an order
      description: Cancels an order that has not shipped yet. A shipped order cannot be cancelled; return it instead.
      parameters:
        - name: orderId
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: The order is cancelled.
        '409':
          description: The order has shipped already.
`;

/** The internal API openapi.mdx uploads as specs/internal.yaml: two operations. */
const REFUNDS_API = `openapi: 3.0.3
info:
  title: Example Admin API
  version: 2.0.0
paths:
  /admin/refunds:
    post:
      operationId: issueRefund
      summary: Issue a refund
      description: Refunds a paid order to the card it was paid with, within 90 days of the payment.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [order_id]
              properties:
                order_id:
                  type: string
                amount:
                  type: integer
                  description: The amount in cents; the whole payment when left out.
      responses:
        '201':
          description: The refund was issued.
  /admin/refunds/{refundId}:
    get:
      operationId: getRefund
      summary: Get a refund
      parameters:
        - name: refundId
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: The refund and its status.
`;

/** openapi.mdx: the site publishes the public API as YAML and as JSON; specs/internal.yaml is on the reader's disk. */
async function openapiFixture({ session, site }: Crawled): Promise<Fixture> {
  site.serve('/openapi.yaml', ORDERS_API, 'application/yaml');
  site.serve('/openapi.json', JSON.stringify(parseYaml(ORDERS_API), null, 2), 'application/json');
  writeWorkFile(session, 'specs/internal.yaml', REFUNDS_API);
  return {};
}

/** The token of private-content.mdx's example intranet; the reader has it in INTERNAL_DOCS_TOKEN. */
const INTERNAL_DOCS_TOKEN = 'intranet-token-5c1e9a7f3b';

/**
 * private-content.mdx: pages under /internal/ that answer 401 without the token, the token in the reader's
 * environment, and a built site in build/ whose pages carry canonical links, as a Docusaurus build writes them.
 */
async function privateFixture({ session, site }: Crawled): Promise<Fixture> {
  site.protect('/internal/', `Bearer ${INTERNAL_DOCS_TOKEN}`);
  site.serve('/internal/', sitePage('Internal docs', '<p>Guides for the staff.</p><ul><li><a href="vpn">VPN</a></li><li><a href="/internal/onboarding">Onboarding</a></li></ul>'));
  site.serve('/internal/vpn', sitePage('VPN', '<p>Connect to the office VPN with the client from the self-service portal.</p>'));
  site.serve('/internal/onboarding', sitePage('Onboarding', '<p>New staff get their laptop on the first day.</p>'));
  exportVariable(session, 'INTERNAL_DOCS_TOKEN', INTERNAL_DOCS_TOKEN);
  const built = (title: string, canonical: string, body: string): string =>
    `<!doctype html><html><head><title>${title} | Handbook</title><link rel="canonical" href="${canonical}"></head><body><nav><a href="/handbook/">Handbook</a></nav><main><h1>${title}</h1>${body}</main></body></html>`;
  writeWorkFile(session, 'build/index.html', built('Handbook', 'https://docs.example.com/handbook/', '<p>The staff handbook.</p>'));
  writeWorkFile(session, 'build/expenses/index.html', built('Expenses', 'https://docs.example.com/handbook/expenses/', '<p>Travel expenses above 500 euros need the approval of a director.</p>'));
  writeWorkFile(session, 'build/assets/site.css', 'body { margin: 0; }\n');
  return {
    async check() {
      // What the page promises about the credential: sent to the site, never shown back.
      const crawl = site.requests.filter(({ path }) => path.startsWith('/internal/'));
      assert.ok(crawl.length >= 3 && crawl.every(({ authorization }) => authorization === `Bearer ${INTERNAL_DOCS_TOKEN}`), 'the crawl sent the header with every request');
      const listed = await docent(session, ['source', 'list', '--project', 'my-project', '--json']);
      assert.ok(!listed.out.includes(INTERNAL_DOCS_TOKEN), 'docent source list --json shows no header value');
      assert.ok(!databaseBytes(session).includes(Buffer.from(INTERNAL_DOCS_TOKEN)), 'the database holds no header value in clear');
    },
  };
}

/** The token of github.mdx's private example repository; the reader has it in GITHUB_TOKEN. */
const GITHUB_TOKEN = 'github_pat_example4d2b8f1c6e';
/** github.mdx's example repository, which must never be fetched from github.com. */
const EXAMPLE_REPOSITORY = 'my-org/my-docs';

/**
 * github.mdx: my-org/my-docs as a private repository on a local Git server (git http-backend on 127.0.0.1), which
 * the commands and the config file name instead of github.com, and the token in the reader's environment.
 */
async function githubFixture({ session }: Crawled): Promise<Fixture> {
  type GitServer = { cloneUrl(name: string): string; seen: { url: string; authorization: string | undefined }[]; createRepo(name: string, spec: unknown): Promise<void>; close(): Promise<void> };
  const helper = pathToFileURL(join(REPOSITORY, 'packages', 'server', 'test', 'helpers', 'gitServer.ts')).href;
  const { startGitServer, basicToken } = (await import(helper)) as { startGitServer(): Promise<GitServer>; basicToken(token: string): string };
  const git = await startGitServer();
  await git.createRepo('my-docs', {
    token: GITHUB_TOKEN,
    branches: [
      {
        name: 'main',
        files: {
          'README.md': '# My docs\n\nThe sources of the documentation site.\n',
          'docs/deploy.md': '# Deploying\n\nDeploy with the release pipeline.\n\n## Rollbacks\n\nRoll back a release with `acme rollback --to previous`.\n',
          'docs/limits.md': '# Limits\n\nEach workspace holds at most 250 dashboards.\n',
          'docs/guides/webhooks.mdx': "import Tabs from '@theme/Tabs';\n\n# Webhooks\n\nEvery webhook carries a signature header.\n",
          'src/app.js': 'console.log("not documentation");\n',
        },
      },
    ],
  });
  const cloneUrl = git.cloneUrl('my-docs');
  const repositoryPage = cloneUrl.replace(/\.git$/, '');
  session.forward = [
    [`https://github.com/${EXAMPLE_REPOSITORY}.git`, cloneUrl],
    [`https://github.com/${EXAMPLE_REPOSITORY}`, repositoryPage],
    [EXAMPLE_REPOSITORY, cloneUrl],
  ];
  session.backward = [
    [cloneUrl, EXAMPLE_REPOSITORY],
    [repositoryPage, `https://github.com/${EXAMPLE_REPOSITORY}`],
  ];
  exportVariable(session, 'GITHUB_TOKEN', GITHUB_TOKEN);
  return {
    async check() {
      assert.ok(git.seen.length > 0, 'the server fetched nothing from the repository');
      assert.ok(git.seen.every(({ authorization }) => authorization === basicToken(GITHUB_TOKEN)), 'every request to the repository carried the token');
      const listed = await docent(session, ['source', 'list', '--project', 'my-project', '--json']);
      assert.ok(!listed.out.includes(GITHUB_TOKEN), 'docent source list --json shows no token');
      assert.ok(!databaseBytes(session).includes(Buffer.from(GITHUB_TOKEN)), 'the database holds no token in clear');
    },
    close: () => git.close(),
  };
}

/** Each page, what it prepares, and the programs it runs besides docent and curl (or that its fixture needs). */
const SOURCE_TYPE_PAGES: Record<string, { fixture: (crawled: Crawled) => Promise<Fixture>; programs: string[] }> = {
  'docs/customization/data-sources/files.mdx': { fixture: filesFixture, programs: [] },
  'docs/customization/data-sources/openapi.mdx': { fixture: openapiFixture, programs: [] },
  'docs/customization/data-sources/private-content.mdx': { fixture: privateFixture, programs: ['bash', 'zip', 'curl', 'jq'] },
  'docs/customization/data-sources/github.mdx': { fixture: githubFixture, programs: ['git', '/usr/lib/git-core/git-http-backend'] },
};

describe('files.mdx, openapi.mdx, private-content.mdx and github.mdx, word for word against a running server', () => {
  for (const [page, { fixture, programs }] of Object.entries(SOURCE_TYPE_PAGES)) {
    it(`${page}: every command runs and every shown outcome is what the server does`, async (t) => {
      const missing = [];
      for (const program of programs) if ((await spawn('bash', ['-c', `command -v ${program}`])).code !== 0) missing.push(program);
      if (missing.length) {
        t.skip(`${missing.join(', ')} needed to run this page as a reader would`);
        return;
      }
      const blocks = walkedBlocks(page);
      assert.ok(blocks.filter(({ language }) => language === 'bash').length >= 6, `${page} has ${blocks.length} bash blocks`);
      const crawled = await crawledSession();
      const { session, site, counts } = crawled;
      let prepared: Fixture = {};
      try {
        prepared = await fixture(crawled);
        assert.deepEqual(await runBlocks(session, blocks, counts), []);
        await session.settle?.();
        await prepared.check?.();
        console.log(`${page}: ${blocks.length} blocks, ${counts.commands} commands run, ${counts.compared} shown outcomes compared, ${site.requests.length} requests to the site`);
      } finally {
        await prepared.close?.();
        await crawled.close();
      }
    });
  }
});
