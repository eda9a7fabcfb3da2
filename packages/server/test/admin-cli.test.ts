/**
 * The administration commands as team.mdx, roles.mdx and projects.mdx use them: `docent project`, `member` and
 * `key` through the CLI's own main(), on the database of a `docent serve` running on 127.0.0.1, so every change is
 * checked by a real request right after the command. Also: exit codes (2 usage, 1 failure), keys printed alone on
 * standard output and never logged, and a failed command leaving the database as it was.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { main } from '../src/cli.js';
import { startServer, type RunningServer } from '../src/commands/serve.js';

interface Run {
  code: number;
  out: string;
  err: string;
}

async function docent(...argv: string[]): Promise<Run> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

const KEY = /^dk_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/;

/** Every row of every table, to compare a database before and after a command (a key's last use aside: using a key with --as is a use). */
function dump(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    const rows = (table: string) => (db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]).map(({ last_used_at: _used, ...row }) => row);
    return JSON.stringify(tables.map((table) => [table, rows(table)]));
  } finally {
    db.close();
  }
}

describe('docent project, member and key against a running server', () => {
  let dir: string;
  let db: string;
  let server: RunningServer;
  const logged: string[] = [];

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-admin-'));
    const site = path.join(dir, 'site');
    db = path.join(dir, 'docent.db');
    await import('node:fs').then(({ mkdirSync }) => mkdirSync(site));
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Webhooks | Acme</title><main><h1>Webhooks</h1><p>Failed webhook deliveries are retried five times.</p></main>');
    server = await startServer({ site, project: 'acme-docs', port: 0, host: '127.0.0.1', db, allowedOrigins: [] }, (line) => logged.push(line), {});
  });

  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const api = (pathname: string, key?: string, init: RequestInit = {}) =>
    fetch(`${server.url}${pathname}`, { ...init, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(init.headers as Record<string, string>) } });

  it('creates, lists, shows and updates projects; a change counts on the next request', async () => {
    const created = await docent('project', 'create', 'my-project', '--name', 'My project', '--private', '--allowed-origin', 'https://docs.example.com', '--db', db);
    assert.equal(created.code, 0, created.err);
    const list = await docent('project', 'list', '--json', '--db', db);
    assert.deepEqual(JSON.parse(list.out), [
      { id: 'acme-docs', name: 'Acme', public: true, plan: 'unlimited' },
      { id: 'my-project', name: 'My project', public: false, plan: 'unlimited' },
    ]);
    assert.equal((await api('/v1/projects/my-project/search?q=x')).status, 401, 'private: no key, no answer');
    assert.equal((await docent('project', 'update', 'my-project', '--public', '--db', db)).code, 0);
    assert.equal((await api('/v1/projects/my-project/search?q=x')).status, 200, 'public from the next request on');
    const widget = await docent('project', 'update', 'my-project', '--widget', '{"assistant_name": "Atlas", "hide_branding": true}', '--db', db);
    assert.equal(widget.code, 0, widget.err);
    const project = (await (await api('/v1/projects/my-project')).json()) as { widget: { assistant_name: string; hide_branding: boolean; header_title: string } };
    assert.equal(project.widget.assistant_name, 'Atlas');
    assert.equal(project.widget.hide_branding, true);
    assert.equal(project.widget.header_title, 'Ask AI', 'settings left unset keep the widget default');
    const shown = JSON.parse((await docent('project', 'show', 'my-project', '--json', '--db', db)).out) as { allowed_origins: string[]; widget: object };
    assert.deepEqual(shown.allowed_origins, ['https://docs.example.com']);
    assert.deepEqual(shown.widget, { assistant_name: 'Atlas', hide_branding: true });
  });

  it('answers bad input with a message naming the value, exit 2 for usage and 1 for failures, changing nothing', async () => {
    const before = dump(db);
    const cases: [string[], number, RegExp][] = [
      [['project', 'create', 'My_Project'], 2, /"My_Project" is not a project id: 3 to 40 characters/],
      [['project', 'create', 'my-project'], 1, /the project my-project already exists/],
      [['project', 'show', 'nope-docs'], 1, /there is no project nope-docs/],
      [['project', 'update', 'my-project', '--allowed-origin', 'https://docs.example.com/'], 2, /must be an origin only .* write "https:\/\/docs\.example\.com"/],
      [['project', 'update', 'my-project', '--plan', 'gold'], 2, /--plan is "gold", which is neither free, team, unlimited nor a key of plans/],
      [['project', 'update', 'my-project', '--widget', '{"assistant_nme": "Atlas"}'], 2, /assistant_nme is not a field Docent knows; the fields allowed in --widget are header_title/],
      [['member', 'add', 'writer@example.com', '--project', 'my-project', '--role', 'author'], 2, /--role must be one of owner, admin, editor, viewer; got "author"/],
      [['member', 'add', 'not-an-email', '--project', 'my-project', '--role', 'viewer'], 2, /"not-an-email" is not an e-mail address/],
      [['member', 'add', 'writer@example.com', '--project', 'nope-docs', '--role', 'viewer'], 1, /there is no project nope-docs/],
      [['key', 'create', '--project', 'my-project', '--scopes', 'search,publish'], 2, /"publish" is not a scope; the scopes are project:read, search, chat/],
      [['key', 'create', '--project', 'my-project', '--scopes', 'sync', '--expires', '2020-01-31'], 2, /--expires 2020-01-31 is in the past/],
      [['key', 'create', '--project', 'my-project', '--scopes', 'sync', '--expires', 'soon'], 2, /--expires must be a duration such as 90d/],
      [['key', 'revoke', 'dk_zzzzzzzzzz'], 1, /there is no key dk_zzzzzzzzzz/],
      [['key', 'revoke', 'my-key'], 2, /give the key's prefix as docent key list shows it/],
      [['project', 'frobnicate'], 2, /unknown command "project frobnicate"; the project commands are create, update, show, list/],
    ];
    for (const [argv, code, message] of cases) {
      const run = await docent(...argv, '--db', db);
      assert.equal(run.code, code, `${argv.join(' ')}: ${run.err}`);
      assert.match(run.err, message, argv.join(' '));
      assert.equal(run.out, '', `${argv.join(' ')} printed nothing on standard output`);
    }
    assert.equal(dump(db), before, 'no failed command changed the database');
  });

  it('adds members with their role, prints each key once and alone, and applies role changes at once', async () => {
    const owner = await docent('member', 'add', 'lead@example.com', '--project', 'my-project', '--role', 'owner', '--db', db);
    assert.equal(owner.code, 0, owner.err);
    const ownerKey = owner.out.trim();
    assert.match(ownerKey, KEY);
    assert.equal(owner.out, `${ownerKey}\n`, 'the key alone, on one line of standard output');
    assert.ok(!owner.err.includes(ownerKey), 'the key is not on standard error');
    assert.match(owner.err, /Added lead@example\.com to my-project as owner/);

    const editor = await docent('member', 'add', 'writer@example.com', '--project', 'my-project', '--role', 'editor', '--db', db);
    const editorKey = editor.out.trim();
    assert.equal((await api('/v1/projects/my-project/analytics', editorKey)).status, 200, 'an editor reads analytics');
    assert.equal((await api('/v1/projects/my-project', editorKey)).status, 403, 'an editor does not read settings');
    assert.equal((await docent('member', 'update', 'writer@example.com', '--project', 'my-project', '--role', 'viewer', '--db', db)).code, 0);
    assert.equal((await api('/v1/projects/my-project', editorKey)).status, 200, 'the same key, now a viewer, reads settings');

    const duplicate = await docent('member', 'add', 'writer@example.com', '--project', 'my-project', '--role', 'admin', '--db', db);
    assert.equal(duplicate.code, 1);
    assert.match(duplicate.err, /already a member of my-project; change the role with docent member update/);

    const members = JSON.parse((await docent('member', 'list', '--project', 'my-project', '--json', '--db', db)).out) as { email: string; role: string }[];
    assert.deepEqual(members.map(({ email, role }) => [email, role]), [['lead@example.com', 'owner'], ['writer@example.com', 'viewer']]);
  });

  it('lets an admin manage editors and viewers only, and never removes the last owner', async () => {
    const admin = (await docent('member', 'add', 'admin@example.com', '--project', 'my-project', '--role', 'admin', '--db', db)).out.trim();
    const before = dump(db);
    const owner = await docent('member', 'add', 'boss@example.com', '--project', 'my-project', '--role', 'owner', '--as', admin, '--db', db);
    assert.equal(owner.code, 1);
    assert.match(owner.err, /admin@example\.com \(admin\) may not manage members with the role owner; an admin manages editor and viewer/);
    const promote = await docent('member', 'update', 'writer@example.com', '--project', 'my-project', '--role', 'admin', '--as', admin, '--db', db);
    assert.equal(promote.code, 1);
    const lastOwner = await docent('member', 'remove', 'lead@example.com', '--project', 'my-project', '--db', db);
    assert.equal(lastOwner.code, 1);
    assert.match(lastOwner.err, /lead@example\.com is the last owner of my-project; make another member owner first/);
    const demote = await docent('member', 'update', 'lead@example.com', '--project', 'my-project', '--role', 'admin', '--db', db);
    assert.equal(demote.code, 1);
    assert.equal(dump(db), before, 'the refused commands changed nothing');
    const viewer = await docent('member', 'add', 'pm@example.com', '--project', 'my-project', '--role', 'viewer', '--as', admin, '--db', db);
    assert.equal(viewer.code, 0, viewer.err);
    const removed = await docent('member', 'remove', 'pm@example.com', '--project', 'my-project', '--as', admin, '--db', db);
    assert.equal(removed.code, 0, removed.err);
    assert.equal((await api('/v1/projects/my-project', viewer.out.trim())).status, 401, "a removed member's key stops working");
  });

  it('creates machine keys that work on the next request, lists them, and revokes them at once', async () => {
    const created = await docent('key', 'create', '--project', 'my-project', '--scopes', 'search,chat', '--name', 'MCP client', '--expires', '90d', '--db', db);
    assert.equal(created.code, 0, created.err);
    const key = created.out.trim();
    assert.match(key, KEY);
    const search = await api('/v1/projects/my-project/search?q=webhook', key);
    assert.equal(search.status, 200);
    assert.equal((await api('/v1/projects/my-project/analytics', key)).status, 403, 'search and chat do not read analytics');

    const rows = JSON.parse((await docent('key', 'list', '--project', 'my-project', '--json', '--db', db)).out) as {
      prefix: string;
      name: string;
      scopes: string[];
      last_used_at: string | null;
      expires_at: string | null;
    }[];
    const row = rows.find((entry) => key.startsWith(`${entry.prefix}_`));
    assert.ok(row, 'key list shows the key by its prefix');
    assert.equal(row.name, 'MCP client');
    assert.deepEqual(row.scopes, ['search', 'chat']);
    assert.ok(row.last_used_at, 'the request above is its last use');
    const days = (Date.parse(row.expires_at ?? '') - Date.now()) / 86_400_000;
    assert.ok(days > 89 && days <= 90, `expires in 90 days, not ${days}`);
    const text = (await docent('key', 'list', '--project', 'my-project', '--db', db)).out;
    assert.match(text, new RegExp(`${row.prefix}\\s+MCP client \\(search, chat\\)`));
    assert.ok(!text.includes(key), 'key list never shows a key');

    const revoked = await docent('key', 'revoke', row.prefix, '--db', db);
    assert.equal(revoked.code, 0, revoked.err);
    const after = await api('/v1/projects/my-project/search?q=webhook', key);
    assert.equal(after.status, 401);
    assert.match(((await after.json()) as { detail: string }).detail, /was revoked/);
  });

  it('applies docent.config.json with project update --config, idempotently, and names a typo', async () => {
    const file = path.join(dir, 'docent.config.json');
    const config = {
      $schema: './node_modules/@docent/server/docent.config.schema.json',
      plans: { tiny: { monthly_messages: 2 } },
      projects: [{ id: 'code-docs', name: 'Code docs', settings: { public: false, widget: { assistant_name: 'Atlas' } }, limits: { plan: 'tiny' } }],
    };
    writeFileSync(file, JSON.stringify(config));
    for (let time = 0; time < 2; time++) assert.equal((await docent('project', 'update', '--config', file, '--db', db)).code, 0);
    const listed = JSON.parse((await docent('project', 'list', '--json', '--db', db)).out) as { id: string }[];
    assert.equal(listed.filter((project) => project.id === 'code-docs').length, 1);
    const before = dump(db);
    writeFileSync(file, JSON.stringify({ ...config, projects: [{ ...config.projects[0], settings: { public: false, widgett: {} } }] }));
    const typo = await docent('project', 'update', '--config', file, '--db', db);
    assert.equal(typo.code, 2);
    assert.equal(typo.err.trim(), `docent: project update: ${file}: projects[0].settings.widgett is not a field Docent knows; the fields allowed in projects[0].settings are public, sync_interval, retention_days, synonyms, prompt, widget`);
    assert.equal(dump(db), before);
  });

  it('prints analytics with reader text on one line each, without control characters', async () => {
    const question = 'Title \u001b]0;pwned\u0007 and \u001b[2J clear?';
    const asked = await api('/v1/projects/acme-docs/messages', undefined, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question }) });
    assert.equal(asked.status, 200);
    const comment = 'Fine.\nquestions     999 (answered 999, 100 %; not covered 0)';
    const rated = await api('/v1/projects/acme-docs/feedback', undefined, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target: { type: 'page', url: 'https://docs.acme.test/' }, rating: 'down', comment }),
    });
    assert.equal(rated.status, 202);
    const report = await docent('analytics', '--project', 'acme-docs', '--db', db);
    assert.equal(report.code, 0, report.err);
    assert.doesNotMatch(report.out, /[\u0000-\u0009\u000b-\u001f\u007f]/, 'no control characters but line ends');
    assert.equal(report.out.match(/^questions /gm)?.length, 1, 'a comment cannot forge a report line');
    assert.match(report.out, /Fine\. questions 999/);
    const json = JSON.parse((await docent('analytics', '--project', 'acme-docs', '--json', '--db', db)).out) as { unanswered_questions: { question: string }[] };
    assert.ok(json.unanswered_questions.some((row) => row.question === question), '--json keeps the text as stored');
  });

  it('never writes a key into the server log', () => {
    assert.ok(logged.length > 0);
    for (const line of logged) assert.doesNotMatch(line, /dk_[a-z0-9]{10}_/);
  });
});
