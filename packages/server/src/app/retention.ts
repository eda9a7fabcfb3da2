/**
 * Retention: readers' events, searches and conversations older than each project's `retention_days` are deleted
 * at start and then on a schedule (hourly by default), so the database does not grow without bound.
 */
import { DEFAULT_RETENTION_DAYS } from '../projects/types.js';
import type { Store } from '../store/types.js';
import type { Clock, Logger } from './services.js';

export const PURGE_EVERY_MS = 60 * 60_000;

export async function purgeOnce(store: Store, now: Date, log: Logger): Promise<void> {
  for (const project of await store.listProjects()) {
    const days = project.retentionDays ?? DEFAULT_RETENTION_DAYS;
    const before = new Date(now.getTime() - days * 86_400_000).toISOString();
    try {
      const purged = await store.purge(project.id, before);
      const total = purged.events + purged.searches + purged.conversations;
      if (total > 0) log(`retention: deleted ${purged.events} events, ${purged.searches} searches and ${purged.conversations} conversations of ${project.id} older than ${days} days`);
    } catch (error) {
      log(`retention: could not delete old data of ${project.id}: ${(error as Error).message}`);
    }
  }
}

/** Purges now and every `everyMs`; returns the function that stops it, once the purge under way has finished. */
export function scheduleRetention(store: Store, clock: Clock, log: Logger, everyMs: number): () => Promise<void> {
  let running = purgeOnce(store, clock(), log);
  const timer = setInterval(() => {
    running = running.then(() => purgeOnce(store, clock(), log));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
