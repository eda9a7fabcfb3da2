/**
 * What the checkers read out of the docs' code blocks and inline code (as markdown.ts splits them): the `docent`
 * commands they run, the calls to the REST API they make, the HTTP exchanges they show and the example files they
 * give. Pure functions of the blocks and spans passed in.
 */
import type { CodeBlock, InlineCode } from '../markdown';
import { isObject, parseJson } from './json';

/** A shell line, those continued with a trailing backslash joined, and the docs line it starts on. */
export interface LogicalLine {
  text: string;
  where: string;
}

export function logicalLines(block: CodeBlock): LogicalLine[] {
  const lines: LogicalLine[] = [];
  let pending: LogicalLine | undefined;
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
export function shellWords(text: string, closingQuote = ''): string[] {
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

// ---------------------------------------------------------------------------------------------------------------
// `docent` commands

/** A `docent …` command in the docs: the words after `docent`. */
export interface DocentCall {
  where: string;
  args: string[];
}

export const callText = (call: DocentCall): string => `docent ${call.args.join(' ')}`;

/** What may stand before `docent` on a line for it to start a command. */
const COMMAND_POSITION = /(^|&&|\|\||[;|(]|\bexec|\brun:|^\s*-|^\s*\$|\bnpx(\s+(--yes|--no|-y|--package[= ]\S+|-p\s+\S+))*|(?<quote>["'`]))\s*$/;

/** The `docent` commands a shell line runs. */
export function callsInLine(line: string, where: string): DocentCall[] {
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

/** Every `docent` command of the code blocks, and of inline code that starts with `docent` (or `npx … docent`). */
export function docentCalls(blocks: readonly CodeBlock[], inline: readonly InlineCode[]): DocentCall[] {
  return [
    ...blocks.flatMap(callsInBlock),
    ...inline.filter(({ text }) => /^(npx\s.*)?docent\s/.test(text)).flatMap(({ text, where }) => callsInLine(text, where)),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Calls to the REST API and HTTP exchanges

/** A `/v1` path of the REST API, as far as it goes in a URL, a shell word or prose. */
export const API_PATH = /\/v1(?:\/[^\s"'`?#)\\,]*)?/;

/** A call to the API in a code block: its method, URL and what it sends. */
export interface ApiCall {
  where: string;
  /** The code block it is in. */
  block: string;
  method: string;
  url: string;
  json?: string;
  /** The names of the `-F name=value` form fields. */
  form: string[];
  /** The `-F name=value` parts as written. */
  formParts: string[];
}

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

/** Every `curl` call to the API in the shell and YAML blocks. */
export const apiCalls = (blocks: readonly CodeBlock[]): ApiCall[] => blocks.filter(({ language }) => SHELL_LANGUAGES.has(language)).flatMap(curlCalls);

/** The `/v1/…` path of a URL. */
export const pathOf = (url: string): string => API_PATH.exec(url)?.[0] ?? '';

/** The names of a URL's query parameters. */
export const queryOf = (url: string): string[] => [...new URLSearchParams(url.split('?')[1]?.split('#')[0] ?? '').keys()];

/** An `http` block showing a response: its status, header names and JSON body. */
export interface HttpResponse {
  where: string;
  status: string;
  headers: string[];
  body: string;
}

export function httpResponse(block: CodeBlock): HttpResponse | null {
  const [head = '', ...rest] = block.code.trim().split(/\n\s*\n/);
  const [statusLine = '', ...headerLines] = head.split('\n');
  const status = /^HTTP\/[\d.]+\s+(\d{3})\b/.exec(statusLine.trim())?.[1];
  if (!status) return null;
  return { where: block.where, status, headers: headerLines.map((line) => line.split(':')[0]?.trim() ?? ''), body: rest.join('\n\n').trim() };
}

/** The request line of an `http` block (`GET http://localhost:3000/v1/…`). */
export function httpRequest(block: CodeBlock): { method: string; url: string } | null {
  const match = /^(GET|POST|PUT|PATCH|DELETE)\s+(\S+)/.exec(block.code.trim());
  return match ? { method: match[1] ?? '', url: match[2] ?? '' } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Example files

/** The blocks titled with a file name (`docent.config.json`, or a path ending in it). */
export const titled = (blocks: readonly CodeBlock[], name: string): CodeBlock[] => blocks.filter(({ title }) => title === name || title.endsWith(`/${name}`));
