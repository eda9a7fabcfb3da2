/**
 * Real `docent serve` processes for tests, on the TypeScript sources (what bin/docent.js does, without a build), on
 * 127.0.0.1 and a free port; every process a test starts is recorded so `stopAll` can kill the ones a failed test
 * left running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const TSX = import.meta.resolve('tsx');
export const RUN_CLI = `import { main } from ${JSON.stringify(pathToFileURL(path.resolve(import.meta.dirname, '..', '..', 'src', 'cli.ts')).href)};
process.exitCode = await main(process.argv.slice(1));`;
/** The arguments that run the CLI from its sources: `node …NODE_CLI <command> …`. */
export const NODE_CLI = ['--import', TSX, '--input-type=module', '--eval', RUN_CLI];
const LLM_VARIABLES = ['DOCENT_LLM_BASE_URL', 'DOCENT_LLM_API_KEY', 'DOCENT_LLM_MODEL', 'DOCENT_LLM_TIMEOUT_MS'];

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Cli {
  child: ChildProcess;
  url: string;
  port: number;
  output(): string;
  exited: Promise<Exit>;
}

/** Every CLI process a test started, so `after` can stop the ones a failed test left running. */
const started = new Set<Cli>();

export function running(cli: Cli): boolean {
  return cli.child.exitCode === null && cli.child.signalCode === null;
}

export async function stopAll(): Promise<void> {
  for (const cli of started) {
    if (running(cli)) cli.child.kill('SIGKILL');
    await cli.exited;
  }
  started.clear();
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs `docent serve` on port 0 in `cwd` (which holds no docent.config.json) and resolves once it listens. */
export async function startCli(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<Cli> {
  const child = spawn(process.execPath, [...NODE_CLI, 'serve', '--host', '127.0.0.1', '--port', '0', ...args], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
  // 'close', not 'exit': by then all of the output has been read.
  const exited = new Promise<Exit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  const cli: Cli = { child, url: '', port: 0, output: () => output, exited };
  started.add(cli);
  const port = await withTimeout(
    new Promise<number>((resolve, reject) => {
      const listening = (): void => {
        const match = /at http:\/\/localhost:(\d+) /.exec(output);
        if (match) resolve(Number(match[1]));
      };
      child.stdout!.on('data', listening);
      void exited.then(() => reject(new Error(`docent serve exited before listening:\n${output}`)));
    }),
    15_000,
    'starting docent serve',
  );
  return Object.assign(cli, { port, url: `http://127.0.0.1:${port}` });
}

export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const name of LLM_VARIABLES) if (!(name in extra)) delete env[name];
  return env;
}

