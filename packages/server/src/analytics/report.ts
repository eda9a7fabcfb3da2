/**
 * The analytics report of one project and period: the body of `getAnalytics` and what `docent analytics` prints,
 * made by the same function from the store.
 */
import type { Store } from '../store/types.js';

export interface AnalyticsReport {
  project: string;
  since: string;
  questions: number;
  answered: number;
  not_covered: number;
  searches: number;
  page_views: number;
  feedback: { up: number; down: number };
  answer_feedback: { up: number; down: number };
  pages_rated: { url: string; up: number; down: number }[];
  answers_rated_down: { question: string; up: number; down: number }[];
  top_pages: { url: string; count: number }[];
  top_queries: { query: string; count: number }[];
  unanswered_questions: { question: string; count: number }[];
  model_answers: { answers: number; statements_checked: number; statements_dropped: number };
  comments: { url: string | null; rating: 'up' | 'down'; comment: string }[];
}

const TOP = 10;

export async function analyticsReport(store: Store, project: string, since: Date): Promise<AnalyticsReport> {
  const data = await store.analytics(project, since.toISOString(), TOP);
  return {
    project,
    since: since.toISOString(),
    questions: data.questions,
    answered: data.answered,
    not_covered: data.questions - data.answered,
    searches: data.searches,
    page_views: data.pageViews,
    feedback: data.feedback,
    answer_feedback: data.answerFeedback,
    pages_rated: data.pagesRated.map(({ label, up, down }) => ({ url: label, up, down })),
    answers_rated_down: data.answersRatedDown.map(({ label, up, down }) => ({ question: label, up, down })),
    top_pages: data.topPages.map(({ label, count }) => ({ url: label, count })),
    top_queries: data.topQueries.map(({ label, count }) => ({ query: label, count })),
    unanswered_questions: data.unansweredQuestions.map(({ label, count }) => ({ question: label, count })),
    model_answers: { answers: data.modelAnswers.answers, statements_checked: data.modelAnswers.checked, statements_dropped: data.modelAnswers.dropped },
    comments: data.comments,
  };
}

/** `30d`, `12h`, `2w` → the moment that long before `now`. */
export function parseSince(text: string, now: Date = new Date()): Date | null {
  const match = /^([1-9]\d{0,4})([hdw])$/.exec(text.trim());
  if (!match) return null;
  const hours = { h: 1, d: 24, w: 24 * 7 }[match[2] as 'h' | 'd' | 'w'] * Number(match[1]);
  return new Date(now.getTime() - hours * 3_600_000);
}
