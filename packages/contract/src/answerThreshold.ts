// The default of the widget's `answer-threshold` and the engine's: a module without imports, so the attribute
// table reads it without the engine, and the engine (which re-exports it) reads it without the table.

/**
 * The confidence an answer needs (0–1): below it the assistant declines and lists the closest pages. The confidence
 * is how far the search's first page leads its second (1 − second score / first score, weighing 0.7) and whether the
 * answer's own ranker puts a section of that page first, or, for a yes/no question, finds a section that decides it
 * (0.3); it is 0 when leaving out one word of the question moves the quoted page from first place in most searches.
 * Calibrated on the tuning question sets (Docent's public set, and the dev sets of Django's, Node.js's and Git's
 * documentation): at 0.4, the first citation of an answer is on a right page for 93 % of the answered questions of
 * Docent's public set.
 */
export const ANSWER_THRESHOLD = 0.4;
