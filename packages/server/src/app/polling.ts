/**
 * What the server checks every couple of seconds: projects whose content another process changed (`docent sync`,
 * the CLI, another server), whose index it rebuilds; and projects whose sync is due (asked for with `docent sync`,
 * a source still pending, or `sync_interval` passed), whose sync it starts.
 */
import { SYNC_LEASE_MS, type SyncRunner } from '../sources/sync.js';
import type { Store } from '../store/types.js';
import type { ProjectContents } from './content.js';
import type { Clock, Logger } from './services.js';

export const POLL_EVERY_MS = 2000;

export function pollChanges(store: Store, contents: ProjectContents, syncs: SyncRunner, now: Clock, log: Logger, everyMs: number): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const tick = async (): Promise<void> => {
    try {
      await contents.refreshChanged();
      // A server that shares the store and stopped in the middle of a sync: free the project for the others.
      if (store.shared) await store.failAbandonedSyncs(now().toISOString(), new Date(now().getTime() - SYNC_LEASE_MS).toISOString());
      for (const due of await store.syncsDue(now().toISOString())) await syncs.start(due.project, due.sources);
    } catch (error) {
      log(`could not check for changes: ${(error as Error).message}`);
    }
  };
  const timer = setInterval(() => {
    running = running.then(tick);
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
