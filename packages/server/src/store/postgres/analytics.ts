/**
 * The analytics of one project on PostgreSQL: the same rows and order as the SQLite store's. Where SQLite leans
 * on its own liberties, this says it outright: `count(*) FILTER` for `sum(rating = 'up')`, `->>` for
 * `json_extract`, `min(question)` for the bare column SQLite shows from a group, and `COLLATE "C"` on the one
 * computed text (the query of a search event) that is grouped and ordered with stored ones.
 */
import type { AnalyticsData, Count, Thumbs } from '../types.js';
import { first, rows, type Sql } from './db.js';

/** Parameters: $1 the project, $2 the start of the period; a list's LIMIT is $3. */
const MESSAGES = `FROM messages JOIN conversations ON conversations.id = messages.conversation_id
                  WHERE conversations.project = $1 AND messages.created_at >= $2`;

/** Searches: the widget's `search` events, and the rows 0.1.0 wrote for every searchProject call. */
const SEARCH_QUERIES = `SELECT lower((properties::json ->> 'query') COLLATE "C") AS query FROM events
                        WHERE project = $1 AND created_at >= $2 AND type = 'search' AND properties::json ->> 'query' IS NOT NULL
                        UNION ALL SELECT lower(query) FROM searches WHERE project = $1 AND created_at >= $2`;

const UP = "count(*) FILTER (WHERE rating = 'up')";
const DOWN = "count(*) FILTER (WHERE rating = 'down')";

export async function analytics(sql: Sql, project: string, since: string, top: number): Promise<AnalyticsData> {
  const one = async <T extends Record<string, unknown>>(text: string): Promise<T> => (await first<T>(sql, text, [project, since])) as T;
  const list = <T extends Record<string, unknown>>(text: string, limit = top): Promise<T[]> => rows<T>(sql, `${text} LIMIT $3`, [project, since, limit]);
  const thumbs = (where: string): Promise<{ up: number; down: number }> => one(`SELECT ${UP} AS up, ${DOWN} AS down FROM feedback WHERE project = $1 AND created_at >= $2 ${where}`);

  const { questions, answered } = await one<{ questions: number; answered: number }>(`SELECT count(*) AS questions, count(*) FILTER (WHERE answered) AS answered ${MESSAGES}`);
  const searches = await one<{ count: number }>(`SELECT count(*) AS count FROM (${SEARCH_QUERIES}) AS searched`);
  const pageViews = await one<{ count: number }>("SELECT count(*) AS count FROM events WHERE project = $1 AND created_at >= $2 AND type = 'page_view'");
  const modelAnswers = await one<{ answers: number; checked: number; dropped: number }>(
    `SELECT count(statements_checked) AS answers, coalesce(sum(statements_checked), 0) AS checked, coalesce(sum(statements_dropped), 0) AS dropped ${MESSAGES}`,
  );
  return {
    questions,
    answered,
    searches: searches.count,
    pageViews: pageViews.count,
    feedback: await thumbs(''),
    answerFeedback: await thumbs("AND target_type = 'answer'"),
    pagesRated: await list<Thumbs & Record<string, unknown>>(
      `SELECT url AS label, ${UP} AS up, ${DOWN} AS down FROM feedback
       WHERE project = $1 AND created_at >= $2 AND target_type = 'page'
       GROUP BY url ORDER BY down DESC, up DESC, url`,
    ),
    // Grouped by the message (its id is the key the question hangs on); ties in the order of the message ids.
    answersRatedDown: await list<Thumbs & Record<string, unknown>>(
      `SELECT messages.question AS label, count(*) FILTER (WHERE feedback.rating = 'up') AS up, count(*) FILTER (WHERE feedback.rating = 'down') AS down
       FROM feedback JOIN messages ON messages.id = feedback.message_id
       WHERE feedback.project = $1 AND feedback.created_at >= $2 AND feedback.target_type = 'answer'
       GROUP BY messages.id HAVING count(*) FILTER (WHERE feedback.rating = 'down') > 0 ORDER BY down DESC, messages.id`,
    ),
    topPages: await list<Count & Record<string, unknown>>(
      `SELECT url AS label, count(*) AS count FROM events WHERE project = $1 AND created_at >= $2 AND type = 'page_view'
       GROUP BY url ORDER BY count DESC, url`,
    ),
    topQueries: await list<Count & Record<string, unknown>>(`SELECT query AS label, count(*) AS count FROM (${SEARCH_QUERIES}) AS searched GROUP BY query ORDER BY count DESC, query`),
    unansweredQuestions: await list<Count & Record<string, unknown>>(
      `SELECT min(question) AS label, count(*) AS count ${MESSAGES} AND NOT answered
       GROUP BY lower(question) ORDER BY count DESC, label`,
      top * 2,
    ),
    modelAnswers,
    comments: await list<{ url: string | null; rating: 'up' | 'down'; comment: string }>(
      `SELECT url, rating, comment FROM feedback
       WHERE project = $1 AND created_at >= $2 AND comment IS NOT NULL ORDER BY created_at DESC`,
    ),
  };
}
