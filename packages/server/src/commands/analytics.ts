/**
 * `docent analytics --project <id> [--since 30d] [--db <file>] [--json]`: what readers asked and searched, what
 * the docs answered and what they did not (the list a docs writer acts on), and how pages and answers were rated.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { analyticsReport, parseSince, type AnalyticsReport, type Count, type Thumbs } from '../analytics/report.js';
import type { Io } from '../cli.js';
import { UsageError } from '../cli.js';
import { openDatabase } from '../serve/database.js';
import { parseCommand } from './args.js';

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)} %`;
}

function counts(title: string, rows: Count[]): string[] {
  if (rows.length === 0) return [`${title}: none`];
  return [`${title}:`, ...rows.map((row) => `  ${String(row.count).padStart(5)}  ${row.label}`)];
}

function thumbs(title: string, rows: Thumbs[]): string[] {
  if (rows.length === 0) return [`${title}: none`];
  return [`${title}:`, ...rows.map((row) => `  ${String(row.up).padStart(4)} up ${String(row.down).padStart(4)} down  ${row.label}`)];
}

export function formatReport(report: AnalyticsReport): string {
  const lines = [
    `Docent analytics for ${report.project} since ${report.since.slice(0, 10)}`,
    '',
    `questions     ${report.questions} (answered ${report.answered}, ${percent(report.answered, report.questions)}; unanswered ${report.unanswered})`,
    `searches      ${report.searches}`,
    `page views    ${report.pageViews}`,
    `answer thumbs ${report.thumbsOnAnswers.up} up, ${report.thumbsOnAnswers.down} down`,
    '',
    ...counts('Unanswered questions (write or fix these pages)', report.unansweredQuestions),
    '',
    ...thumbs('Pages rated', report.thumbsByPage),
    '',
    ...thumbs('Answers rated down', report.downvotedAnswers),
    '',
    ...counts('Top searches', report.topQueries),
    '',
    ...counts('Top pages', report.topPages),
    '',
    ...(report.comments.length ? ['Latest comments:', ...report.comments.map((row) => `  ${row.url || '(answer)'}: ${row.comment.replace(/\s+/g, ' ')}`)] : ['Latest comments: none']),
  ];
  return `${lines.join('\n')}\n`;
}

export async function runAnalytics(args: string[], io: Io): Promise<number> {
  const { values } = parseCommand('analytics', args, {
    project: { type: 'string' },
    since: { type: 'string', default: '30d' },
    db: { type: 'string', default: path.join('.docent', 'docent.db') },
    json: { type: 'boolean', default: false },
  });
  if (!values.project) throw new UsageError('analytics: --project is required, such as --project my-docs');
  const since = parseSince(values.since);
  if (!since) throw new UsageError(`analytics: --since must be a number and h, d or w, such as 30d or 12h; got "${values.since}"`);
  if (!existsSync(values.db)) {
    throw new UsageError(`analytics: there is no database at ${values.db}; run "docent serve" first, or pass the file with --db`);
  }
  const db = openDatabase(values.db);
  try {
    const report = analyticsReport(db, values.project, since);
    io.out(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
    return 0;
  } finally {
    db.close();
  }
}
