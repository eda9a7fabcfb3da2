import type { DocentIndex } from './indexing.js';
import { search } from './search.js';
import type { PageHit } from './types.js';

/** What a confirmed first section weighs in the confidence; the search's lead weighs the rest. */
const AGREEMENT_WEIGHT = 0.3;
/**
 * The share of the question's words that may each be left out with the search's first page staying the answer's
 * page. Under it, one word decides which page is quoted, and the answer is a guess: the confidence is 0.
 */
const STABILITY_FLOOR = 0.5;

/**
 * How sure an answer is, 0–1: how far the search's first page leads its second (see `leadOf`, weighing 0.7), and
 * whether the first section is confirmed (0.3): the answer's own ranker puts a section of the search's first page
 * first, or, for a yes/no question, one of its best sections decides it. 0 when the quoted page is not stable (see
 * `stability`).
 */
export function confidenceOf(confirmed: boolean, pages: readonly PageHit[], stability: number): number {
  if (stability < STABILITY_FLOOR) return 0;
  return Math.round((AGREEMENT_WEIGHT * (confirmed ? 1 : 0) + (1 - AGREEMENT_WEIGHT) * leadOf(pages)) * 1000) / 1000;
}

/** 1 − second score / first score; 1 without a second page, and 0 when the two pages' best sections read the same. */
function leadOf(pages: readonly PageHit[]): number {
  const [first, second] = pages;
  if (!first || !second || first.score <= 0) return 1;
  return sameBestSection(first, second) ? 0 : 1 - second.score / first.score;
}

/**
 * Whether two pages' best sections read the same: one text included in several pages (Git's man pages share their
 * diff options). The first page then leads only by its other sections, and the passage does not single it out.
 */
function sameBestSection(first: PageHit, second: PageHit): boolean {
  const [a, b] = [first.sections[0], second.sections[0]];
  return a !== undefined && b !== undefined && a.heading === b.heading && a.snippet === b.snippet;
}

/** The fewest topic words a question needs for the check: leaving a word out of two leaves a one-word search. */
const STABILITY_MIN_WORDS = 3;

/**
 * The questions that leave out one of the topic words each: "undo last commit keep changes" gives
 * "last commit keep changes", "undo commit keep changes", and so on. None for a question of one or two words.
 */
export function leaveOneOutQueries(topicWords: readonly string[]): string[] {
  if (topicWords.length < STABILITY_MIN_WORDS) return [];
  return topicWords.map((_, left) => topicWords.filter((__, at) => at !== left).join(' '));
}

/**
 * The share of the leave-one-out questions whose search still ranks `pageUrl` first (1 for a question of one or two
 * words). A page that only one word puts first is a weak source for an answer, however far it leads.
 */
export function stability(index: DocentIndex, topicWords: readonly string[], pageUrl: string, pathPrefix: string | undefined): number {
  const queries = leaveOneOutQueries(topicWords);
  if (!queries.length) return 1;
  const kept = queries.filter((query) => search(index, query, { limit: 1, maxSectionsPerPage: 1, pathPrefix })[0]?.pageUrl === pageUrl);
  return kept.length / queries.length;
}
