/**
 * The server's SQLite file (default `./.docent/docent.db`): WAL mode, and `synchronous = FULL` so every write the
 * server has acknowledged survives a crash or power loss. Migrations run on open, one version at a time.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE searches (
     id INTEGER PRIMARY KEY,
     project TEXT NOT NULL,
     query TEXT NOT NULL,
     result_count INTEGER NOT NULL,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   );
   CREATE INDEX searches_by_project ON searches (project, created_at);`,
  `CREATE TABLE conversations (
     id TEXT PRIMARY KEY,
     project TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   );
   CREATE TABLE messages (
     id TEXT PRIMARY KEY,
     conversation_id TEXT NOT NULL REFERENCES conversations (id),
     question TEXT NOT NULL,
     answer TEXT NOT NULL,
     answered INTEGER NOT NULL,
     citations TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   );
   CREATE INDEX messages_by_conversation ON messages (conversation_id, created_at);`,
  `CREATE TABLE feedback (
     id TEXT PRIMARY KEY,
     project TEXT NOT NULL,
     target_type TEXT NOT NULL CHECK (target_type IN ('page', 'answer')),
     url TEXT,
     message_id TEXT REFERENCES messages (id),
     rating TEXT NOT NULL CHECK (rating IN ('up', 'down')),
     comment TEXT,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   );
   CREATE INDEX feedback_by_project ON feedback (project, created_at);
   CREATE TABLE events (
     id INTEGER PRIMARY KEY,
     project TEXT NOT NULL,
     type TEXT NOT NULL,
     url TEXT NOT NULL,
     occurred_at TEXT NOT NULL,
     properties TEXT,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   );
   CREATE INDEX events_by_project ON events (project, type, created_at);`,
];

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let next = version; next < MIGRATIONS.length; next++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[next] ?? '');
      db.pragma(`user_version = ${next + 1}`);
    })();
  }
}
