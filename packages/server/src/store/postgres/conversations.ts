/**
 * What readers write on PostgreSQL: message reservations against the monthly quota, conversations and answers,
 * feedback and events within the daily storage allowance, and the purge that retention runs. The quota and the
 * allowance are the places where two servers racing could each see room for one more: the reservation takes a
 * per-project advisory lock and counts in one statement, the allowance is one conditional UPDATE.
 */
import { randomBytes } from 'node:crypto';
import { StorageQuotaError, type DailyAllowance, type EventRow, type FeedbackRow, type PurgeCounts, type StoredAnswer, type Turn } from '../types.js';
import { changed, first, lock, LOCK_SPACE, rows, type Db, type Sql } from './db.js';
import { storedBytes } from './rows.js';

const MESSAGES_SINCE = `SELECT count(*) FROM messages JOIN conversations ON conversations.id = messages.conversation_id
                        WHERE conversations.project = $1 AND messages.created_at >= $2`;

export async function reserveMessage(db: Db, project: string, monthStart: string, quota: number, now: string, staleBefore: string): Promise<string | null> {
  const id = `res_${randomBytes(12).toString('hex')}`;
  return db.transaction(async (sql) => {
    // Reservations of one project are taken one at a time: the count below stays true until this one commits.
    await lock(sql, LOCK_SPACE.reservations, project);
    await sql.query('DELETE FROM message_reservations WHERE project = $1 AND created_at < $2', [project, staleBefore]);
    // One statement, one snapshot: a saveAnswer committing meanwhile (reservation out, message in) is counted
    // once, never zero times as two separate counts could.
    const row = await first<{ taken: number }>(sql, `SELECT (SELECT count(*) FROM message_reservations WHERE project = $1) + (${MESSAGES_SINCE}) AS taken`, [project, monthStart]);
    if ((row?.taken ?? 0) >= quota) return null;
    await sql.query('INSERT INTO message_reservations (id, project, created_at) VALUES ($1, $2, $3)', [id, project, now]);
    return id;
  });
}

export async function releaseReservation(sql: Sql, id: string): Promise<void> {
  await sql.query('DELETE FROM message_reservations WHERE id = $1', [id]);
}

export async function conversationExists(sql: Sql, project: string, conversationId: string): Promise<boolean> {
  return (await first(sql, 'SELECT 1 FROM conversations WHERE id = $1 AND project = $2', [conversationId, project])) !== null;
}

export async function recentTurns(sql: Sql, conversationId: string, count: number): Promise<Turn[]> {
  const found = await rows<Turn>(sql, 'SELECT question, answer FROM messages WHERE conversation_id = $1 ORDER BY created_at DESC LIMIT $2', [conversationId, count]);
  return found.reverse();
}

export async function saveAnswer(db: Db, project: string, answer: StoredAnswer, reservation?: string): Promise<void> {
  await db.transaction(async (sql) => {
    if (reservation) await sql.query('DELETE FROM message_reservations WHERE id = $1', [reservation]);
    if (answer.newConversation) await sql.query('INSERT INTO conversations (id, project) VALUES ($1, $2)', [answer.conversationId, project]);
    await sql.query(
      'INSERT INTO messages (id, conversation_id, question, answer, answered, citations, statements_checked, statements_dropped) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [answer.messageId, answer.conversationId, answer.question, answer.answer, answer.answered, JSON.stringify(answer.citations), answer.statements?.checked ?? null, answer.statements?.dropped ?? null],
    );
  });
}

export async function messagesSince(sql: Sql, project: string, since: string): Promise<number> {
  return (await first<{ count: number }>(sql, MESSAGES_SINCE, [project, since]))?.count ?? 0;
}

export async function answerExists(sql: Sql, project: string, messageId: string): Promise<boolean> {
  const row = await first(sql, 'SELECT 1 FROM messages JOIN conversations ON conversations.id = messages.conversation_id WHERE messages.id = $1 AND conversations.project = $2', [
    messageId,
    project,
  ]);
  return row !== null;
}

/**
 * Adds `bytes` to the project's usage of the day, or throws StorageQuotaError when that would pass the allowance.
 * The UPDATE checks and adds in one step on the locked row, so concurrent writers cannot both slip under it.
 */
async function spend(sql: Sql, project: string, allowance: DailyAllowance, bytes: number): Promise<void> {
  await sql.query('INSERT INTO usage (project, day, bytes) VALUES ($1, $2, 0) ON CONFLICT (project, day) DO NOTHING', [project, allowance.day]);
  const spent = await changed(sql, 'UPDATE usage SET bytes = bytes + $3 WHERE project = $1 AND day = $2 AND bytes + $3 <= $4', [project, allowance.day, bytes, allowance.bytes]);
  if (spent === 0) throw new StorageQuotaError(`the project ${project} has stored its ${allowance.bytes} bytes of feedback and events for ${allowance.day}`);
}

export async function saveFeedback(db: Db, feedback: FeedbackRow, allowance: DailyAllowance): Promise<void> {
  const bytes = storedBytes([feedback.url, feedback.messageId, feedback.comment, feedback.rating, feedback.targetType]);
  await db.transaction(async (sql) => {
    await spend(sql, feedback.project, allowance, bytes);
    await sql.query('INSERT INTO feedback (id, project, target_type, url, message_id, rating, comment) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      feedback.id,
      feedback.project,
      feedback.targetType,
      feedback.url,
      feedback.messageId,
      feedback.rating,
      feedback.comment,
    ]);
  });
}

export async function saveEvents(db: Db, project: string, events: readonly EventRow[], allowance: DailyAllowance): Promise<void> {
  const stored = events.map((event) => ({ ...event, properties: event.properties ? JSON.stringify(event.properties) : null }));
  const bytes = stored.reduce((sum, row) => sum + storedBytes([row.type, row.url, row.occurredAt, row.properties]), 0);
  await db.transaction(async (sql) => {
    await spend(sql, project, allowance, bytes);
    if (!stored.length) return;
    // One statement for the batch; unnest keeps the order of the arrays, so ids grow in the order events came.
    await sql.query(
      `INSERT INTO events (project, type, url, occurred_at, properties)
       SELECT $1, batch.type, batch.url, batch.occurred_at, batch.properties
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS batch (type, url, occurred_at, properties, position)
       ORDER BY batch.position`,
      [project, stored.map((row) => row.type), stored.map((row) => row.url), stored.map((row) => row.occurredAt), stored.map((row) => row.properties)],
    );
  });
}

export async function purge(db: Db, project: string, before: string): Promise<PurgeCounts> {
  return db.transaction(async (sql) => {
    const events = await changed(sql, 'DELETE FROM events WHERE project = $1 AND created_at < $2', [project, before]);
    const searches = await changed(sql, 'DELETE FROM searches WHERE project = $1 AND created_at < $2', [project, before]);
    // Locking the candidates first stops a reader's message landing in one of them (its insert waits on the
    // lock); the check for newer messages then runs on a fresh snapshot that has every committed one.
    await sql.query('SELECT id FROM conversations WHERE project = $1 AND created_at < $2 FOR UPDATE', [project, before]);
    // A conversation goes when its newest message is older than the cut; feedback on its answers stays, unlinked.
    const old = (
      await rows<{ id: string }>(
        sql,
        `SELECT id FROM conversations WHERE project = $1 AND created_at < $2
         AND NOT EXISTS (SELECT 1 FROM messages WHERE conversation_id = conversations.id AND created_at >= $2)`,
        [project, before],
      )
    ).map((row) => row.id);
    if (old.length) {
      await sql.query('UPDATE feedback SET message_id = NULL WHERE message_id IN (SELECT id FROM messages WHERE conversation_id = ANY($1::text[]))', [old]);
      await sql.query('DELETE FROM messages WHERE conversation_id = ANY($1::text[])', [old]);
      await sql.query('DELETE FROM conversations WHERE id = ANY($1::text[])', [old]);
    }
    await sql.query('DELETE FROM usage WHERE project = $1 AND day < $2', [project, before.slice(0, 10)]);
    return { events, searches, conversations: old.length };
  });
}
