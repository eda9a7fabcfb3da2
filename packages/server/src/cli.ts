import { runAnalytics } from './commands/analytics.js';
import { runEval } from './commands/eval.js';
import { MCP_USAGE, runMcp } from './commands/mcp.js';
import { runIndex } from './commands/index.js';
import { KEY_COMMANDS, KEY_USAGE } from './commands/key.js';
import { MEMBER_COMMANDS, MEMBER_USAGE } from './commands/member.js';
import { PROJECT_COMMANDS, PROJECT_USAGE } from './commands/project.js';
import { runServe } from './commands/serve.js';
import { SOURCE_COMMANDS, SOURCE_USAGE } from './commands/source.js';
import { runSync, SYNC_USAGE } from './commands/sync.js';
import { UsageError, type Io } from './commands/usage.js';
import { ADMIN_HELP } from './commands/admin.js';

export { UsageError, type Io } from './commands/usage.js';

type Run = (args: string[], io: Io) => Promise<number>;

/** A command: its part of the help (its line in the list of commands, then its options) and what runs it. */
interface Command {
  usage: string;
  run: Run;
}

/** A command with subcommands, such as `docent project create`. */
interface Group {
  summary: string;
  subcommands: Map<string, Command>;
}

const COMMANDS = new Map<string, Command>([
  [
    'index',
    {
      usage: `  index <dir>              Index a built static site (any generator's HTML output) into <dir>/docent-index.json
      --out <file>         Write the index somewhere else
      --base-url <path>    The path the site is served under (default /)
      --clean-titles       Drop the site-name suffix from each page title (the suffix most titles share is always dropped)
      --include <glob>     Index only pages whose path in <dir> matches (repeatable), such as "docs/**"
      --exclude <glob>     Leave out pages whose path in <dir> matches (repeatable), such as "releases/**"
      --content-selector <css>  Where the content is on each page, such as "div.wiki-body" (tags, #id, .class, [attr])
      --synonyms <file>    A JSON file of word groups that mean the same to your readers, such as [["bot", "assistant"]]
`,
      run: runIndex,
    },
  ],
  [
    'eval',
    {
      usage: `  eval <questions.json>    Score search and answers on a question set: recall@1, recall@5, MRR, the share
                           answered, the first citation's precision and search latency
      --index <file>       The index to score (default docent-index.json)
      --json               Print the figures as one JSON object, for CI
      --min-recall <0-1>   Exit with status 1 when recall@5 is lower
      --min-mrr <0-1>      Exit with status 1 when MRR is lower
      --answer-threshold <0-1>
                           Answer at this confidence threshold instead of the default 0.4, to calibrate it
`,
      run: runEval,
    },
  ],
  [
    'serve',
    {
      usage: `  serve                    Serve a built site and the REST API of every project from one origin
      --site <dir>         The built site (required)
      --project <id>       The project whose content the site is (required; created when missing)
      --port <n>           Port to listen on (default 3000)
      --host <address>     Address to listen on (default 127.0.0.1)
      --db <file>          The SQLite database (default .docent/docent.db); DATABASE_URL, when set,
                           names a PostgreSQL database instead
      --allowed-origin <o> Another origin allowed to call the API from a browser (repeatable)
      --config <file>      Projects as code, applied at start
                           (default docent.config.json in the working folder, when it exists)
      --trust-proxy <p>    Behind reverse proxies: how many (such as 1), or their addresses
                           (such as 10.0.0.0/8,loopback); the visitor's address is read from
                           X-Forwarded-For, from the right, skipping only those proxies
      --public-url <url>   The base of result and citation URLs (default: the site's own url,
                           from its home page's canonical link)
`,
      run: runServe,
    },
  ],
  ['sync', { usage: SYNC_USAGE, run: (args, io) => runSync(args, io) }],
  ['mcp', { usage: MCP_USAGE, run: (args, io) => runMcp(args, io) }],
  [
    'analytics',
    {
      usage: `  analytics                What readers asked, searched and rated, and what the docs did not answer
      --project <id>       The project id (required)
      --since <period>     How far back, such as 30d, 12h or 2w (default 30d)
${ADMIN_HELP}`,
      run: runAnalytics,
    },
  ],
]);

function group(summary: string, usage: Map<string, string>, commands: Record<string, Run>): Group {
  return { summary, subcommands: new Map([...usage].map(([name, part]) => [name, { usage: part, run: commands[name] as Run }])) };
}

const GROUPS = new Map<string, Group>([
  ['project', group('  project <command>        Projects: create, update, show, list\n', PROJECT_USAGE, PROJECT_COMMANDS)],
  ['member', group('  member <command>         Members and roles: add, list, update, remove\n', MEMBER_USAGE, MEMBER_COMMANDS)],
  ['key', group('  key <command>            API keys for machines: create, list, revoke\n', KEY_USAGE, KEY_COMMANDS)],
  ['source', group('  source <command>         Sources of a project: add, list, remove, push\n', SOURCE_USAGE, SOURCE_COMMANDS)],
]);

const USAGE = `Usage: docent <command> [options]

Commands:
${[...COMMANDS.values()].map((command) => command.usage).join('')}${[...GROUPS.values()].map((entry) => entry.summary).join('')}  help                     Show this help

Run "docent <command> --help" for the options of one command, such as "docent project create --help".
`;

/** `docent <command> --help` (or `-h`): the command's part of the help, under its own usage line. */
function commandUsage(part: string): string {
  const signature = part.trim().split(/\s{2,}/)[0] ?? '';
  return `Usage: docent ${signature} [options]\n\n${part}      -h, --help           Show this help\n`;
}

function groupUsage(name: string, entry: Group): string {
  return `Usage: docent ${name} <command> [options]\n\nCommands:\n${[...entry.subcommands.values()].map((command) => command.usage).join('\n')}`;
}

/** True when the arguments ask for help: `--help` or `-h` before any `--`. */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** The command the arguments name, with its remaining arguments; throws UsageError for an unknown one. */
function resolve(argv: string[]): { command: Command; args: string[] } | { help: string } {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') return { help: USAGE };
  const command = COMMANDS.get(name);
  if (command) return asksForHelp(rest) ? { help: commandUsage(command.usage) } : { command, args: rest };
  const entry = GROUPS.get(name);
  if (!entry) throw new UsageError(`unknown command "${name}"; run "docent help" to see the commands`);
  const [sub, ...subRest] = rest;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') return { help: groupUsage(name, entry) };
  const subcommand = entry.subcommands.get(sub);
  if (!subcommand) throw new UsageError(`unknown command "${name} ${sub}"; the ${name} commands are ${[...entry.subcommands.keys()].join(', ')}`);
  return asksForHelp(subRest) ? { help: commandUsage(subcommand.usage) } : { command: subcommand, args: subRest };
}

const PROCESS_IO: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTerminal: process.stderr.isTTY === true,
};

/** Runs the CLI; resolves with the exit status: 0 done, 1 failed, 2 a usage error. */
export async function main(argv: string[], io: Io = PROCESS_IO): Promise<number> {
  try {
    const resolved = resolve(argv);
    if ('help' in resolved) {
      io.out(resolved.help);
      return 0;
    }
    return await resolved.command.run(resolved.args, io);
  } catch (error) {
    io.err(`docent: ${(error as Error).message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}
