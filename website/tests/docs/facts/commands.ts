/**
 * `docent` commands in the docs: a command exists when `docent <command> --help` exits 0 (and for a group such as
 * `docent project`, `docent <group> <subcommand> --help`), and each `--option` given to it is one its help lists,
 * unless not-built-yet.json lists the command or the option.
 */
import { staleEntry, type NotBuiltYet } from './allowList';
import { callText, type DocentCall } from './docs';
import type { Findings } from './findings';

/** The CLI's entry point, as packages/server/src/cli.ts exports it. */
export type CliMain = (argv: string[], io: { out(text: string): void; err(text: string): void }) => Promise<number>;

export interface HelpResult {
  code: number;
  out: string;
}

/** `docent <words> --help`: its exit status and output. */
export type Help = (words: readonly string[]) => Promise<HelpResult>;

/** Help from the CLI's own main(), loaded on first use; each command's help is asked for once. */
export function helpFrom(loadMain: () => Promise<CliMain>): Help {
  let main: Promise<CliMain> | undefined;
  const results = new Map<string, Promise<HelpResult>>();
  return (words) => {
    const key = words.join(' ');
    let result = results.get(key);
    if (!result) {
      main ??= loadMain();
      result = main.then(async (run) => {
        let out = '';
        const code = await run([...words, '--help'], { out: (text) => (out += text), err: () => undefined });
        return { code, out };
      });
      results.set(key, result);
    }
    return result;
  };
}

/**
 * The words that name the command a call runs: `project create` for a group's subcommand (when `docent <group>
 * <subcommand> --help` exits 0), otherwise the first word.
 */
export async function commandWords(call: DocentCall, help: Help): Promise<string[]> {
  const [first = '', second] = call.args;
  if (second === undefined || second.startsWith('-')) return [first];
  const group = await help([first]);
  // A group's help lists its commands; a command's own help starts with its usage line.
  return group.code === 0 && group.out.includes('\nCommands:\n') ? [first, second] : [first];
}

/** The options a command's help lists (`--out`, `-h`…). */
export const optionsIn = (helpText: string): Set<string> => new Set([...helpText.matchAll(/(?<![\w-])(--?[a-z][a-z-]*)/g)].map((match) => match[1] ?? ''));

/**
 * The allow-list entry a call runs (`docent project update`), two words tried before one; a group named alone
 * (`docent project` in "the `docent project` commands") stands for its listed commands.
 */
export function notBuiltCommand(call: DocentCall, allowList: NotBuiltYet): string | undefined {
  const [first, second] = call.args;
  const listed = [`docent ${first} ${second}`, `docent ${first}`].find((name) => name in allowList.commands);
  if (listed || call.args.length > 1) return listed;
  return Object.keys(allowList.commands).find((name) => name.startsWith(`docent ${first} `));
}

/** Calls of commands the CLI does not have (`--help` fails) and not-built-yet.json does not list. */
export async function unknownCommands(calls: readonly DocentCall[], help: Help, allowList: NotBuiltYet): Promise<Findings> {
  const problems: string[] = [];
  for (const call of calls) {
    if (notBuiltCommand(call, allowList)) continue;
    const words = await commandWords(call, help);
    if ((await help(words)).code !== 0) {
      const group = Object.keys(allowList.commands).some((name) => name.startsWith(`docent ${words[0]} `));
      const named = group ? `docent ${call.args.slice(0, 2).join(' ')}` : `docent ${words.join(' ')}`;
      problems.push(`${call.where}: "${callText(call)}" runs "${named}", which the CLI does not have (${named} --help fails) and not-built-yet.json does not list`);
    }
  }
  const built = calls.filter((call) => !notBuiltCommand(call, allowList)).length;
  return { problems, checked: calls.length, summary: `docent commands: ${calls.length} (${built} of commands the CLI has, ${calls.length - built} of commands not built yet)` };
}

/** Options given to a command the CLI has that its help does not list and not-built-yet.json does not list. */
export async function unknownOptions(calls: readonly DocentCall[], help: Help, allowList: NotBuiltYet): Promise<Findings> {
  const problems: string[] = [];
  let checked = 0;
  let notBuilt = 0;
  for (const call of calls) {
    if (notBuiltCommand(call, allowList)) continue;
    const words = await commandWords(call, help);
    const { code, out } = await help(words);
    if (code !== 0) continue;
    const accepted = optionsIn(out);
    for (const option of call.args.filter((arg) => /^--?[a-zA-Z]/.test(arg)).map((arg) => arg.split('=')[0] ?? '')) {
      checked++;
      if (accepted.has(option)) continue;
      if (`docent ${words.join(' ')} ${option}` in allowList.options) {
        notBuilt++;
        continue;
      }
      problems.push(`${call.where}: "${callText(call)}" uses ${option}, which "docent ${words.join(' ')} --help" does not list and not-built-yet.json does not list`);
    }
  }
  return { problems, checked, summary: `options of built commands: ${checked} (${notBuilt} of them not built yet)` };
}

/** Commands not-built-yet.json lists that the CLI has now, or that no doc runs. */
export async function staleCommands(calls: readonly DocentCall[], help: Help, allowList: NotBuiltYet): Promise<string[]> {
  const problems: string[] = [];
  for (const name of Object.keys(allowList.commands)) {
    const words = name.split(' ').slice(1);
    if ((await help(words)).code === 0) problems.push(staleEntry('command', name, `the CLI has it now ("${name} --help" exits 0)`));
    if (!calls.some((call) => notBuiltCommand(call, allowList) === name)) problems.push(staleEntry('command', name, 'no doc runs it'));
  }
  return problems;
}

/** Options not-built-yet.json lists whose command the CLI lacks or whose help lists them now, or that no doc uses. */
export async function staleOptions(calls: readonly DocentCall[], help: Help, allowList: NotBuiltYet): Promise<string[]> {
  const problems: string[] = [];
  for (const name of Object.keys(allowList.options)) {
    const words = name.split(' ');
    const option = words.pop() ?? '';
    const { code, out } = await help(words.slice(1));
    if (code !== 0) problems.push(staleEntry('option', name, `"${words.join(' ')} --help" fails: list the command under commands instead`));
    else if (optionsIn(out).has(option)) problems.push(staleEntry('option', name, `the CLI has it now ("${words.join(' ')} --help" lists it)`));
    const used = await Promise.all(
      calls
        .filter((call) => !notBuiltCommand(call, allowList) && call.args.some((arg) => arg.split('=')[0] === option))
        .map(async (call) => (await commandWords(call, help)).join(' ')),
    );
    if (!used.includes(words.slice(1).join(' '))) problems.push(staleEntry('option', name, 'no doc uses it'));
  }
  return problems;
}
