/** What `docent analytics` reports, read from the server's database for one project and period. */
import type { Db } from '../serve/database.js';

export interface Count {
  label: string;
  count: number;
}

export interface Thumbs {
  label: string;
  up: number;
  down: number;
}

export interface AnalyticsReport {
  project: string;
  since: string;
  questions: number;
  answered: number;
  unanswered: number;
  searches: number;
  pageViews: number;
  thumbsByPage: Thumbs[];
  thumbsOnAnswers: { up: number; down: number };
  downvotedAnswers: Thumbs[];
  topPages: Count[];
  topQueries: Count[];
  unansweredQuestions: Count[];
  comments: { url: string; comment: string }[];
}

const TOP = 10;

export function analyticsReport(db: Db, project: string, since: Date): AnalyticsReport {
  const from = since.toISOString();
  const one = <T>(sql: string, ...params: unknown[]): T => db.prepare(sql).get(project, from, ...params) as T;
  const all = <T>(sql: string, ...params: unknown[]): T[] => db.prepare(sql).all(project, from, ...params) as T[];
  const messages = `FROM messages JOIN conversations ON conversations.id = messages.conversation_id
                    WHERE conversations.project = ? AND messages.created_at >= ?`;
  const { questions, answered } = one<{ questions: number; answered: number | null }>(
    `SELECT COUNT(*) AS questions, SUM(answered) AS answered ${messages}`,
  );
  const searchEvents = one<{ count: number }>("SELECT COUNT(*) AS count FROM events WHERE project = ? AND created_at >= ? AND type = 'search'");
  const apiSearches = one<{ count: number }>('SELECT COUNT(*) AS count FROM searches WHERE project = ? AND created_at >= ?');
  const pageViews = one<{ count: number }>("SELECT COUNT(*) AS count FROM events WHERE project = ? AND created_at >= ? AND type = 'page_view'");
  const answerThumbs = one<{ up: number | null; down: number | null }>(
    `SELECT SUM(rating = 'up') AS up, SUM(rating = 'down') AS down FROM feedback
     WHERE project = ? AND created_at >= ? AND target_type = 'answer'`,
  );
  return {
    project,
    since: from,
    questions,
    answered: answered ?? 0,
    unanswered: questions - (answered ?? 0),
    searches: searchEvents.count + apiSearches.count,
    pageViews: pageViews.count,
    thumbsByPage: all<Thumbs>(
      `SELECT url AS label, SUM(rating = 'up') AS up, SUM(rating = 'down') AS down FROM feedback
       WHERE project = ? AND created_at >= ? AND target_type = 'page'
       GROUP BY url ORDER BY down DESC, up DESC, url LIMIT ${TOP}`,
    ),
    thumbsOnAnswers: { up: answerThumbs.up ?? 0, down: answerThumbs.down ?? 0 },
    downvotedAnswers: all<Thumbs>(
      `SELECT messages.question AS label, SUM(feedback.rating = 'up') AS up, SUM(feedback.rating = 'down') AS down
       FROM feedback JOIN messages ON messages.id = feedback.message_id
       WHERE feedback.project = ? AND feedback.created_at >= ? AND feedback.target_type = 'answer'
       GROUP BY feedback.message_id HAVING down > 0 ORDER BY down DESC LIMIT ${TOP}`,
    ),
    topPages: all<Count>(
      `SELECT url AS label, COUNT(*) AS count FROM events WHERE project = ? AND created_at >= ? AND type = 'page_view'
       GROUP BY url ORDER BY count DESC, url LIMIT ${TOP}`,
    ),
    topQueries: all<Count>(
      `SELECT lower(query) AS label, COUNT(*) AS count FROM searches WHERE project = ? AND created_at >= ?
       GROUP BY lower(query) ORDER BY count DESC, label LIMIT ${TOP}`,
    ),
    unansweredQuestions: all<Count>(
      `SELECT question AS label, COUNT(*) AS count ${messages} AND answered = 0
       GROUP BY lower(question) ORDER BY count DESC, question LIMIT ${TOP * 2}`,
    ),
    comments: all<{ url: string; comment: string }>(
      `SELECT COALESCE(url, '') AS url, comment FROM feedback
       WHERE project = ? AND created_at >= ? AND comment IS NOT NULL ORDER BY created_at DESC LIMIT ${TOP}`,
    ),
  };
}

/** `30d`, `12h`, `2w` → the moment that long before `now`. */
export function parseSince(text: string, now: Date = new Date()): Date | null {
  const match = /^(\d+)([hdw])$/.exec(text.trim());
  if (!match) return null;
  const hours = { h: 1, d: 24, w: 24 * 7 }[match[2] as 'h' | 'd' | 'w'] * Number(match[1]);
  return new Date(now.getTime() - hours * 3_600_000);
}
