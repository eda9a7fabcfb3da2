/**
 * The SQLite schema, one numbered migration at a time. Versions 1 to 3 are those of @docent/server 0.1.0, which
 * kept the version in `PRAGMA user_version`; from version 4 on, `schema_version` records each version applied and
 * the release that applied it, so a newer database can be named precisely.
 */
export const SQLITE_MIGRATIONS: readonly string[] = [
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
  `CREATE TABLE schema_version (
     version INTEGER PRIMARY KEY,
     docent_version TEXT NOT NULL,
     applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   );
   CREATE TABLE projects (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     public INTEGER NOT NULL,
     allowed_origins TEXT NOT NULL,
     settings TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
     updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   );
   CREATE TABLE plans (
     name TEXT PRIMARY KEY,
     limits TEXT NOT NULL
   );
   CREATE TABLE members (
     project TEXT NOT NULL REFERENCES projects (id),
     email TEXT NOT NULL,
     role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
     PRIMARY KEY (project, email)
   );
   CREATE TABLE api_keys (
     prefix TEXT PRIMARY KEY,
     project TEXT NOT NULL REFERENCES projects (id),
     name TEXT NOT NULL,
     scopes TEXT NOT NULL,
     member_email TEXT,
     hash TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
     last_used_at TEXT,
     expires_at TEXT,
     revoked_at TEXT
   );
   CREATE INDEX api_keys_by_project ON api_keys (project, created_at);
   CREATE INDEX messages_by_created ON messages (created_at);`,
  `CREATE TABLE message_reservations (
     id TEXT PRIMARY KEY,
     project TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE INDEX message_reservations_by_project ON message_reservations (project, created_at);
   CREATE TABLE usage (
     project TEXT NOT NULL,
     day TEXT NOT NULL,
     bytes INTEGER NOT NULL,
     PRIMARY KEY (project, day)
   );
   CREATE INDEX events_by_created ON events (created_at);
   CREATE INDEX searches_by_created ON searches (created_at);
   CREATE INDEX conversations_by_created ON conversations (project, created_at);`,
  `CREATE TABLE sources (
     id TEXT PRIMARY KEY,
     project TEXT NOT NULL REFERENCES projects (id),
     type TEXT NOT NULL,
     config TEXT NOT NULL,
     declared INTEGER NOT NULL DEFAULT 0,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'syncing', 'ready', 'failed')),
     error TEXT,
     document_count INTEGER NOT NULL DEFAULT 0,
     report TEXT,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
     last_synced_at TEXT
   );
   CREATE INDEX sources_by_project ON sources (project, created_at, id);
   CREATE TABLE documents (
     source_id TEXT NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
     url TEXT NOT NULL,
     title TEXT NOT NULL,
     content_hash TEXT NOT NULL,
     sections TEXT NOT NULL,
     fetched_at TEXT NOT NULL,
     PRIMARY KEY (source_id, url)
   );
   CREATE TABLE syncs (
     id TEXT PRIMARY KEY,
     project TEXT NOT NULL REFERENCES projects (id),
     status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
     started_at TEXT NOT NULL,
     finished_at TEXT
   );
   CREATE UNIQUE INDEX one_running_sync ON syncs (project) WHERE status = 'running';
   ALTER TABLE projects ADD COLUMN content_version INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE projects ADD COLUMN sync_requested_at TEXT;
   ALTER TABLE projects ADD COLUMN last_synced_at TEXT;`,
  `ALTER TABLE sources ADD COLUMN sync_interval_ms INTEGER;`,
  `ALTER TABLE sources ADD COLUMN credentials TEXT;
   CREATE TABLE source_files (
     source_id TEXT NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
     position INTEGER NOT NULL,
     name TEXT NOT NULL,
     content_type TEXT NOT NULL,
     data BLOB NOT NULL,
     PRIMARY KEY (source_id, name)
   );`,
  `ALTER TABLE documents ADD COLUMN page BLOB;`,
  `ALTER TABLE syncs ADD COLUMN renewed_at TEXT;
   CREATE TABLE visits (
     key TEXT NOT NULL,
     window_start TEXT NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (key, window_start)
   );
   CREATE INDEX visits_by_window ON visits (window_start);
   CREATE TABLE server_secrets (
     name TEXT PRIMARY KEY,
     value BLOB NOT NULL
   );`,
  // A model's answer: how many of its statements were checked against the sections, and how many dropped.
  `ALTER TABLE messages ADD COLUMN statements_checked INTEGER;
   ALTER TABLE messages ADD COLUMN statements_dropped INTEGER;`,
];
