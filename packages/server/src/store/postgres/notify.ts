/**
 * Content changes announced to every server at once: each change of a project's content version notifies the
 * channel `docent_content` with the project's id (delivered when its transaction commits), and each server listens
 * on one connection of its own, reconnecting when the database comes back after a restart.
 */
import pg from 'pg';
import type { Db } from './db.js';

export const CONTENT_CHANNEL = 'docent_content';
const RECONNECT_MS = 1000;

export async function listenForContent(db: Db, listener: (project: string) => void): Promise<() => Promise<void>> {
  let client: pg.PoolClient | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const onNotification = (message: pg.Notification): void => {
    if (message.channel === CONTENT_CHANNEL && message.payload) listener(message.payload);
  };
  const connect = async (): Promise<void> => {
    try {
      const connected = await db.connect();
      if (stopped) {
        connected.release();
        return;
      }
      client = connected;
      connected.on('notification', onNotification);
      connected.on('error', () => reconnect(connected));
      await connected.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch {
      reconnect(client);
    }
  };
  // The connection broke (the database restarted): drop it, and listen again on a new one once it answers.
  const reconnect = (broken: pg.PoolClient | null): void => {
    if (broken) {
      broken.removeListener('notification', onNotification);
      broken.release(true);
      if (client === broken) client = null;
    }
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    if (last) {
      last.removeListener('notification', onNotification);
      await last.query(`UNLISTEN ${CONTENT_CHANNEL}`).catch(() => undefined);
      last.release();
    }
  };
}
