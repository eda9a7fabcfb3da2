/**
 * `docent analytics --project <id> [--since 30d] [--db <file>] [--json]`: what readers asked and searched, what
 * the docs answered and what they did not (the list a docs writer acts on), and how pages and answers were rated.
 * The same report as `getAnalytics`. Reader text is printed with control characters and line breaks removed, so a
 * question cannot move the cursor, retitle the terminal or forge report lines.
 */
import { analyticsReport, parseSince, type AnalyticsReport } from '../analytics/report.js';
import { ADMIN_OPTIONS, existingProject, projectIdArg, withStore } from './admin.js';
import { printable } from '../terminal.js';
import { parseCommand } from './args.js';
import { UsageError, type Io } from './usage.js';

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)} %`;
}

function counts(title: string, rows: { label: string; count: number }[]): string[] {
  if (rows.length === 0) return [`${title}: none`];
  return [`${title}:`, ...rows.map((row) => `  ${String(row.count).padStart(5)}  ${printable(row.label)}`)];
}

function thumbs(title: string, rows: { label: string; up: number; down: number }[]): string[] {
  if (rows.length === 0) return [`${title}: none`];
  return [`${title}:`, ...rows.map((row) => `  ${String(row.up).padStart(4)} up ${String(row.down).padStart(4)} down  ${printable(row.label)}`)];
}

export function formatReport(report: AnalyticsReport): string {
  const lines = [
    `Docent analytics for ${report.project} since ${report.since.slice(0, 10)}`,
    '',
    `questions     ${report.questions} (answered ${report.answered}, ${percent(report.answered, report.questions)}; not covered ${report.not_covered})`,
    `searches      ${report.searches}`,
    `page views    ${report.page_views}`,
    `answer thumbs ${report.answer_feedback.up} up, ${report.answer_feedback.down} down`,
    `model answers ${report.model_answers.answers} (statements checked ${report.model_answers.statements_checked}, dropped ${report.model_answers.statements_dropped}, ${percent(report.model_answers.statements_dropped, report.model_answers.statements_checked)})`,
    '',
    ...counts('Unanswered questions (write or fix these pages)', report.unanswered_questions.map(({ question, count }) => ({ label: question, count }))),
    '',
    ...thumbs('Pages rated', report.pages_rated.map(({ url, up, down }) => ({ label: url, up, down }))),
    '',
    ...thumbs('Answers rated down', report.answers_rated_down.map(({ question, up, down }) => ({ label: question, up, down }))),
    '',
    ...counts('Top searches', report.top_queries.map(({ query, count }) => ({ label: query, count }))),
    '',
    ...counts('Top pages', report.top_pages.map(({ url, count }) => ({ label: url, count }))),
    '',
    ...(report.comments.length
      ? ['Latest comments:', ...report.comments.map((row) => `  ${row.rating === 'up' ? '+' : '-'} ${printable(row.url ?? '(answer)')}: ${printable(row.comment)}`)]
      : ['Latest comments: none']),
  ];
  return `${lines.join('\n')}\n`;
}

/** JSON with the characters JSON.stringify leaves raw but a terminal obeys (C1 controls, line separators) escaped. */
function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export async function runAnalytics(args: string[], io: Io): Promise<number> {
  const { values } = parseCommand('analytics', args, { ...ADMIN_OPTIONS, project: { type: 'string' }, since: { type: 'string', default: '30d' } });
  const project = projectIdArg('analytics', values.project, '--project my-docs');
  const since = parseSince(values.since);
  if (!since) throw new UsageError(`analytics: --since must be a number and h, d or w, such as 30d or 12h; got "${values.since}"`);
  return withStore('analytics', values.db, false, async (store) => {
    await existingProject('analytics', store, project);
    const report = await analyticsReport(store, project, since);
    io.out(values.json ? `${terminalSafeJson(report)}\n` : formatReport(report));
    return 0;
  });
}
