/**
 * Team and Roles, word for word: every `bash` block of docs/administration/team.mdx and roles.mdx runs, in page
 * order, against a real Docent server started in-process on 127.0.0.1, as a reader who follows the page from its
 * prerequisites would run it. Each page gets a fresh database, in which the project is first created with the
 * `docent project create` command of projects.mdx, as the pages' prerequisites say.
 *
 * - `docent …` runs through the CLI's own main(), with `--db <the server's database>` added: the only change to
 *   a command. `NAME=$(docent …)` keeps standard output in the shell variable NAME, as bash does.
 * - `curl …` runs as fetch against the server, with http://localhost:3000 replaced by the server's URL. The curl
 *   options the pages use are understood (-s, -i, -o /dev/null, -w '%{http_code}\n', -H, -X, -d); any other option
 *   fails the test, so a page cannot show a call this test does not make.
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
 * Run: cd /work/main && node --import tsx --test website/tests/docs/walkthrough.test.ts
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { CODE_BLOCKS, REPOSITORY, type CodeBlock } from './markdown';

const PAGES = ['docs/administration/team.mdx', 'docs/administration/roles.mdx'];
const PROJECTS_PAGE = 'docs/administration/projects.mdx';
const DOCS_ORIGIN = 'http://localhost:3000';
const SHOWN_DB = '.docent/docent.db';

type Io = { out(text: string): void; err(text: string): void };
type Main = (argv: string[], io: Io) => Promise<number>;

interface Server {
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
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
}

async function docent(session: Session, args: string[]): Promise<Result> {
  let out = '';
  let err = '';
  const code = await session.main([...args, '--db', session.db], { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

async function curl(session: Session, args: string[], where: string): Promise<Result> {
  let method: string | undefined;
  let body: string | undefined;
  let include = false;
  let discardBody = false;
  let writeOut = '';
  let url: string | undefined;
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
    else if (arg.startsWith('-')) throw new Error(`${where}: the walkthrough does not know the curl option ${arg}`);
    else if (url === undefined) url = arg;
    else throw new Error(`${where}: curl is given two URLs: ${url} and ${arg}`);
  }
  if (!url?.startsWith(DOCS_ORIGIN)) throw new Error(`${where}: the curl call goes to ${url ?? 'no URL'}, not to ${DOCS_ORIGIN}`);
  const response = await fetch(session.url + url.slice(DOCS_ORIGIN.length), {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body === undefined ? {} : { body }),
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

/** Runs one line; returns what the terminal shows and whether the command failed. */
async function run(session: Session, line: string, where: string): Promise<{ terminal: string; failed: boolean; curl: boolean }> {
  const assignment = /^\s*([A-Za-z_][A-Za-z0-9_]*)=\$\((.*)\)\s*$/.exec(line);
  const command = words(assignment ? (assignment[2] ?? '') : line, session.variables, where);
  const [program = '', ...args] = command;
  let result: Result;
  if (program === 'docent') result = await docent(session, args);
  else if (program === 'curl') result = await curl(session, args, where);
  else throw new Error(`${where}: the walkthrough runs docent and curl only; the page runs "${program}"`);
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
  return text
    .split(session.db)
    .join(SHOWN_DB)
    .split(session.url)
    .join(DOCS_ORIGIN)
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
