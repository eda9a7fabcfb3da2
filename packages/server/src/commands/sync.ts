/**
 * `docent sync --project <id> [--wait]`: without --wait, asks the running `docent serve` to sync the project (it
 * starts within seconds); with --wait, syncs here and now, showing progress (a bar on a terminal, plain lines
 * otherwise), and exits 1 when the sync failed.
 */
import { SyncRunner } from '../sources/sync.js';
import type { CrawlOptions } from '../sources/web/index.js';
import { DOCENT_VERSION } from '../version.js';
import { ADMIN_OPTIONS, existingProject, projectIdArg, secretsOf, withStore } from './admin.js';
import { parseCommand } from './args.js';
import { progressReporter } from './progress.js';
import type { Io } from './usage.js';

const WAIT_STEP_MS = 500;
const MAX_WAIT_MS = 30 * 60_000;

export const SYNC_USAGE = `  sync                     Sync every source of a project
      --project <id>       The project (required)
      --wait               Sync here and wait, showing progress; exit 1 when it fails
                           (without it, the running docent serve starts the sync)
      --db <file>          The SQLite database (default .docent/docent.db); DATABASE_URL, when set,
                           names a PostgreSQL database instead
`;

export async function runSync(args: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseCommand('sync', args, { db: ADMIN_OPTIONS.db, project: { type: 'string' }, wait: { type: 'boolean', default: false } });
  const projectId = projectIdArg('sync', values.project, '--project my-project');
  return withStore('sync', values.db, false, async (store) => {
    await existingProject('sync', store, projectId);
    if (!values.wait) {
      await store.requestSync(projectId, new Date().toISOString());
      io.err(`Asked docent serve to sync ${projectId}: it starts within seconds. docent source list --project ${projectId} shows the progress.\n`);
      return 0;
    }
    const progress = progressReporter(io);
    const crawl: CrawlOptions = { allowPrivateNetworks: env.DOCENT_ALLOW_PRIVATE_NETWORKS === 'true', userAgent: `Docent/${DOCENT_VERSION}`, onProgress: progress.update };
    const runner = new SyncRunner(store, { crawl, secrets: await secretsOf(store, env), now: () => new Date(), log: (line) => progress.line(line) });
    let started = await runner.start(projectId);
    // docent serve may be syncing the project (a new source, its schedule): wait for that sync, then run ours.
    for (let waited = 0; !started && waited < MAX_WAIT_MS; waited += WAIT_STEP_MS) {
      if (waited === 0) progress.line(`waiting for the sync of ${projectId} that is running to finish`);
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      started = await runner.start(projectId);
    }
    if (!started) throw new Error(`sync: a sync of ${projectId} has been running for over ${MAX_WAIT_MS / 60_000} minutes; check docent source list --project ${projectId}`);
    const sources = await started.done;
    progress.stop();
    const failed = sources.filter((source) => source.status === 'failed');
    for (const source of sources) {
      const report = source.report;
      io.out(`${source.id} ${source.status}: ${report ? `${report.fetched} fetched, ${report.added} added, ${report.changed} changed, ${report.unchanged} unchanged, ${report.removed} removed, ${report.failed} failed` : 'nothing fetched'}${source.error ? ` (${source.error})` : ''}\n`);
    }
    return failed.length ? 1 : 0;
  });
}
