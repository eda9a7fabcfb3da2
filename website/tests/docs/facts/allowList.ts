/**
 * not-built-yet.json: the names the docs describe that the code does not have yet, each with the issue that builds
 * it. The checkers take it as a parameter; facts.test.ts reads the real one.
 */
import { readFileSync } from 'node:fs';

export interface NotBuiltYet {
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

export const EMPTY_ALLOW_LIST: NotBuiltYet = { commands: {}, options: {}, environmentVariables: {}, operations: {}, configFields: {}, sourceTypes: {} };

export function readAllowList(file: string): NotBuiltYet {
  return JSON.parse(readFileSync(file, 'utf8')) as NotBuiltYet;
}

/** Each group of the list with its entries (the `$comment` left out). */
export function allowListGroups(allowList: NotBuiltYet): [keyof NotBuiltYet, Record<string, string>][] {
  return Object.entries(allowList).filter(([group]) => group !== '$comment') as [keyof NotBuiltYet, Record<string, string>][];
}

const ISSUE = /^(#\d+|a later issue: \S.*)$/;

/** Entries that do not say which issue builds them (`#21`, or `a later issue: <what>`). */
export function entriesWithoutIssue(allowList: NotBuiltYet, fileName: string): string[] {
  return allowListGroups(allowList).flatMap(([group, list]) =>
    Object.entries(list)
      .filter(([, issue]) => !ISSUE.test(issue))
      .map(([name]) => `${fileName}: ${group} "${name}" needs "#<issue>" or "a later issue: <what>"`),
  );
}

/** How many entries each group has, for the test log. */
export function allowListSummary(allowList: NotBuiltYet): string {
  const groups = allowListGroups(allowList);
  const size = groups.reduce((sum, [, list]) => sum + Object.keys(list).length, 0);
  return `not built yet (not-built-yet.json): ${size} entries: ${groups.map(([group, list]) => `${Object.keys(list).length} ${group}`).join(', ')}`;
}

/** The problem for an entry that no longer belongs in the list: the code has it now, or no doc names it. */
export const staleEntry = (group: string, name: string, why: string): string => `not-built-yet.json: remove ${group} "${name}": ${why}`;
