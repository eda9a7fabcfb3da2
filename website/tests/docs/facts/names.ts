/**
 * Names a reader copies out of the prose or code of the docs: CSS custom properties (`--docent-…`), which the
 * widget stylesheet must define, and environment variables (`DOCENT_…`, and the unprefixed DATABASE_URL, GTAG_ID and
 * SITE_URL that Docent and this site read), which some code must read. A name ending in `-` or `_`, as in
 * `DOCENT_LLM_*`, is a prefix.
 */
import { staleEntry, type NotBuiltYet } from './allowList';
import type { Findings } from './findings';

/** A doc's whole text, as the name checks search it. */
export interface DocText {
  file: string;
  text: string;
}

interface NameUse {
  file: string;
  name: string;
}

/** Each distinct match of `pattern` (its first group, or the whole match) in each doc. */
export function namesIn(docs: readonly DocText[], pattern: RegExp): NameUse[] {
  return docs.flatMap(({ file, text }) => [...new Set([...text.matchAll(pattern)].map((match) => match[1] ?? match[0]))].map((name) => ({ file, name })));
}

/** A name, or a prefix when it ends with `-` or `_`, among the known names. */
export function known(name: string, names: ReadonlySet<string>): boolean {
  return /[-_]$/.test(name) ? [...names].some((candidate) => candidate.startsWith(name)) : names.has(name);
}

const CSS_PROPERTY = /(?<![\w-])--docent-[a-z0-9-]+/g;

/** `--docent-…` properties of the docs that the widget stylesheet does not define. */
export function unknownProperties(docs: readonly DocText[], defined: ReadonlySet<string>): Findings {
  const named = namesIn(docs, CSS_PROPERTY);
  return {
    problems: named.filter(({ name }) => !known(name, defined)).map(({ file, name }) => `${file}: ${name} is not a property of the widget stylesheet`),
    checked: named.length,
    summary: `CSS custom properties: ${new Set(named.map(({ name }) => name)).size}`,
  };
}

/** Names the docs give the reader's own variables and constants; Docent does not read them. */
export const READER_VARIABLES: Record<string, string> = {
  DOCENT_API_KEY: 'where the docs suggest keeping an API key (a shell variable, a repository secret); the API reads keys from the Authorization header',
  DOCENT_URL: 'the server origin in the GitHub workflow and the push script the docs show',
  DOCENT_PROJECT: 'the project id in the GitHub workflow the docs show, and a constant of the WordPress plugin',
  DOCENT_INDEX_URL: 'a constant of the WordPress plugin the docs show',
};

const UNPREFIXED_VARIABLES = ['DATABASE_URL', 'GTAG_ID', 'SITE_URL'];
const VARIABLE = new RegExp(`(?<![A-Za-z0-9_])(DOCENT_[A-Z0-9_]*|${UNPREFIXED_VARIABLES.join('|')})(?![A-Za-z0-9])`, 'g');

/** The environment variables a source file reads (`env.NAME` or `env['NAME']`). */
export const variablesReadIn = (source: string): string[] =>
  [...source.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)].map((match) => match[1] ?? match[2] ?? '');

/** Environment variables of the docs that no code reads and not-built-yet.json does not list; the reader's own names aside. */
export function unknownVariables(docs: readonly DocText[], read: ReadonlySet<string>, allowList: NotBuiltYet): Findings {
  const named = namesIn(docs, VARIABLE).filter(({ name }) => !(name in READER_VARIABLES) && name !== 'DOCENT_');
  return {
    problems: named
      .filter(({ name }) => !known(name, read) && !(name in allowList.environmentVariables))
      .map(({ file, name }) => `${file}: ${name} is read by no code and not listed in not-built-yet.json`),
    checked: named.length,
    summary: `environment variables: ${new Set(named.map(({ name }) => name)).size} (${Object.keys(READER_VARIABLES).length} more are the reader's own)`,
  };
}

/** Environment variables not-built-yet.json lists that the code reads now, or that no doc names. */
export function staleVariables(docs: readonly DocText[], read: ReadonlySet<string>, allowList: NotBuiltYet): string[] {
  const named = new Set(namesIn(docs, VARIABLE).map(({ name }) => name));
  return Object.keys(allowList.environmentVariables).flatMap((name) => [
    ...(read.has(name) ? [staleEntry('environment variable', name, 'the code reads it now')] : []),
    ...(named.has(name) ? [] : [staleEntry('environment variable', name, 'no doc names it')]),
  ]);
}
