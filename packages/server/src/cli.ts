import { runAnalytics } from './commands/analytics.js';
import { runEval } from './commands/eval.js';
import { runIndex } from './commands/index.js';
import { runServe } from './commands/serve.js';

/** Each command's part of the help: its line in the list of commands, then its options. */
const COMMAND_USAGE = new Map<string, string>([
  [
    'index',
    `  index <dir>              Index a built static site (any generator's HTML output) into <dir>/docent-index.json
      --out <file>         Write the index somewhere else
      --base-url <path>    The path the site is served under (default /)
      --clean-titles       Drop the site-name suffix from page titles
`,
  ],
  [
    'eval',
    `  eval <questions.json>    Score retrieval on a question set: recall@1, recall@5 and MRR
      --index <file>       The index to score (default docent-index.json)
      --min-recall <0-1>   Exit with status 1 when recall@5 is lower
      --min-mrr <0-1>      Exit with status 1 when MRR is lower
`,
  ],
  [
    'serve',
    `  serve                    Serve a built site and the REST API from one origin
      --site <dir>         The built site (required)
      --project <id>       The project id (required)
      --port <n>           Port to listen on (default 3000)
      --host <address>     Address to listen on (default 127.0.0.1)
      --db <file>          The SQLite database (default .docent/docent.db)
      --allowed-origin <o> Another origin allowed to call the API from a browser (repeatable)
      --config <file>      Project settings: name, allowed origins, prompt, limits
                           (default docent.config.json in the working folder, when it exists)
      --trust-proxy        Behind a reverse proxy: read the visitor's address, scheme and host
                           from its X-Forwarded-For, -Proto and -Host headers
`,
  ],
  [
    'analytics',
    `  analytics                What readers asked, searched and rated, and what the docs did not answer
      --project <id>       The project id (required)
      --since <period>     How far back, such as 30d, 12h or 2w (default 30d)
      --db <file>          The SQLite database (default .docent/docent.db)
      --json               Print the report as JSON
`,
  ],
  ['help', '  help                     Show this help\n'],
]);

const USAGE = `Usage: docent <command> [options]

Commands:
${[...COMMAND_USAGE.values()].join('')}
Run "docent <command> --help" for the options of one command.
`;

/** `docent <command> --help` (or `-h`): the command's part of the help, under its own usage line. */
function commandUsage(part: string): string {
  const signature = part.trim().split(/\s{2,}/)[0] ?? '';
  return `Usage: docent ${signature} [options]\n\n${part}      -h, --help           Show this help\n`;
}

/** True when the arguments ask for help: `--help` or `-h` before any `--`. */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** Where the CLI writes; tests pass their own. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

const PROCESS_IO: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** A user error: printed as one line, exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Runs the CLI; resolves with the exit status. */
export async function main(argv: string[], io: Io = PROCESS_IO): Promise<number> {
  const [command, ...rest] = argv;
  const part = command === undefined || command === 'help' ? undefined : COMMAND_USAGE.get(command);
  if (part && asksForHelp(rest)) {
    io.out(commandUsage(part));
    return 0;
  }
  try {
    switch (command) {
      case 'index':
        return await runIndex(rest, io);
      case 'eval':
        return await runEval(rest, io);
      case 'serve':
        return await runServe(rest, io);
      case 'analytics':
        return await runAnalytics(rest, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"; run "docent help" to see the commands`);
    }
  } catch (error) {
    io.err(`docent: ${(error as Error).message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}
