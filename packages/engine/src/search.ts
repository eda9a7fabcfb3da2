/**
 * Search: a query's terms, the sections they match ranked with their page's evidence (its other matching sections,
 * how much of the query it covers, the section's length and kind), then the word pairs and definitions the best
 * candidates' text holds, grouped by page. snippet.ts makes what each result shows.
 */
import { yieldToEventLoop, type DocentIndex } from './indexing.js';
import type { QueryTerm, RankResult, TermHit } from './termIndex.js';
import { QUESTION_STOP_WORDS, WEAK_QUESTION_WORDS, bigramsOf, fuzzyDistance, primaryTerms, normalizeWord, termsOfQueryWord, words } from './text.js';
import { highlight, snippet, termsToMark } from './snippet.js';
import type { PageHit, SearchOptions, Section, SectionHit } from './types.js';
import { definesAny, prepareDefinitions, rareTerms } from './definitions.js';
import { phrasesIn, preparePhrases } from './phrases.js';

/**
 * Field boosts. A page title and a heading count twice the text. The page's description (its meta description, or the
 * start of its first paragraph: a man page's NAME line, a module's opening sentence) says in one sentence what the
 * page is for, so it counts four times, on the page's first section with text only.
 */
export const FIELD_BOOSTS = { pageTitle: 2, heading: 2, text: 1, description: 4 } as const;

/**
 * BM25 parameters: less length normalisation than the usual b 0.7, so that a long section that covers a topic in
 * depth is not beaten by a short one that mentions a word once; a larger `d` (BM25+ lower bound) rewards matching
 * one more query term over repeating one.
 */
export const BM25 = { k: 1.2, b: 0.4, d: 1 } as const;

/** Whether an index term exists (`prefix`: whether any index term starts with it). */
export function termExists(index: DocentIndex, term: string, prefix: boolean): boolean {
  return prefix ? index.terms.hasPrefix(term) : index.terms.has(term);
}

/**
 * Fixes swapped letters (`drak` → `dark`), which edit-distance fuzzy matching counts as two
 * typos: a word of 4+ letters that matches nothing, not even as a prefix, is replaced by the
 * first adjacent-letter swap that is an index term.
 */
export function correctTranspositions(index: DocentIndex, query: string): string {
  return query.replace(/[\p{L}\p{N}]{4,}/gu, (word) => {
    const terms = termsOfQueryWord(word);
    if (!terms.length || terms.some((term) => termExists(index, term, true))) return word;
    for (let i = 0; i + 1 < word.length; i++) {
      if (word[i] === word[i + 1]) continue;
      const swapped = word.slice(0, i) + word.charAt(i + 1) + word.charAt(i) + word.slice(i + 2);
      const swappedTerms = termsOfQueryWord(swapped);
      if (swappedTerms.length && swappedTerms.every((term) => termExists(index, term, false))) return swapped;
    }
    return word;
  });
}

/**
 * How much a word that says what the reader wants to do rather than what about ("add", "change", "make", "run")
 * counts in a section's score. It still counts in full in how much of the query a section covers.
 */
const WEAK_WORD_WEIGHT = 0.5;

/**
 * The query's terms as the ranker takes them: only the last may be unfinished (the reader is still typing it), as a
 * finished word that matched its prefixes would pull in unrelated words ("short" → "shortcut"); a term the docs
 * contain is not a typo ("openai" must not also match "openapi").
 */
export function searchTerms(index: DocentIndex, query: string): QueryTerm[] {
  const terms = words(query).flatMap((word) => {
    const wordTerms = termsOfQueryWord(word);
    const weight = WEAK_QUESTION_WORDS.has(normalizeWord(word)) ? { weight: WEAK_WORD_WEIGHT } : {};
    // A name's first term is the whole name, the others its words (`freeMemoryPercent`: free, memory, percent).
    return wordTerms.map((term, i) => ({ term, ...weight, ...(i === 0 && wordTerms.length > 1 ? { parts: wordTerms.slice(1) } : {}) }));
  });
  return terms.map((query, position) => ({
    ...query,
    prefix: position === terms.length - 1,
    fuzzy: index.terms.has(query.term) ? false : fuzzyDistance(query.term),
    ...synonymsOf(index, query.term),
  }));
}

/** The site's synonyms of a query term, as `QueryTerm.synonyms`. */
export function synonymsOf(index: DocentIndex, term: string): Pick<QueryTerm, 'synonyms'> {
  const synonyms = index.synonyms?.of(term) ?? [];
  return synonyms.length ? { synonyms } : {};
}

function pathFilter(index: DocentIndex, pathPrefix: string | undefined): ((id: number) => boolean) | undefined {
  return pathPrefix ? (id) => (index.sections[id]?.pageUrl ?? '').startsWith(pathPrefix) : undefined;
}

function sectionHit(index: DocentIndex, section: Section, result: TermHit, expansions: RankResult['expansions']): SectionHit {
  const matched = termsToMark(index, result, expansions);
  return {
    url: section.url,
    heading: section.heading,
    headingHtml: highlight(section.heading, matched),
    breadcrumb: [...section.breadcrumb],
    snippet: snippet(section.text, matched),
    score: result.score,
  };
}

/**
 * The words of a query worth searching. A query of three or more words reads as a question
 * ("how do i make the button round"): its question words and filler are dropped, unless that
 * would leave nothing. Shorter queries are kept whole (search as you type).
 */
export function topicQuery(query: string): string {
  const all = words(query);
  if (all.length < 3) return query;
  const kept = all.filter((word) => !QUESTION_STOP_WORDS.has(normalizeWord(word)));
  return kept.length ? kept.join(' ') : query;
}

/** How many of the best matching sections are ranked with page evidence; the rest cannot reach the first results. */
const RANKED_CANDIDATES = 500;
/** How many of those get the text evidence (phrases, definitions, pointer headings), which reads their text. */
const TEXT_CANDIDATES = 24;
/** Bonus for a section holding all the query's consecutive word pairs (proportionally fewer). */
const PHRASE_BOOST = 1;
/** Bonus for a section with a line that starts with a rare word of the query (see definitions.ts). */
const DEFINITION_BOOST = 1;
/**
 * A section headed "Next steps", "See also" or "Related pages" describes other pages in a line each, so it matches
 * questions that those pages answer: it counts half. It is text evidence because an index in parts keeps headings
 * with the text.
 */
const POINTER_FACTOR = 0.5;
const POINTER_HEADING = /^(next steps?|see also|related( pages| topics| guides)?|further reading|what'?s next|learn more)$/i;
/** Score share kept by a section of a page that matches none of the query's weight (the rest scales with coverage squared). */
const COVERAGE_FLOOR = 0.2;


/** How many searches `warmSearch` runs, on the headings of the index's first sections. */
const WARM_UP_SEARCHES = 20;

/**
 * Computes what searches compute per section on first use (what the phrase and definition bonuses read), `chunkSize`
 * sections at a time with a pause between two, then runs a few searches so the engine's code is compiled: for a
 * server that swaps in a freshly built index, so the first searches on it are not the ones that pay for it.
 */
export async function warmSearch(index: DocentIndex, chunkSize = 200): Promise<void> {
  sectionsPerPage(index);
  for (let start = 0; start < index.sections.length; start += chunkSize) {
    for (const section of index.sections.slice(start, start + chunkSize)) {
      preparePhrases(section);
      prepareDefinitions(section);
    }
    await yieldToEventLoop();
  }
  if (index.parts) return;
  for (const section of index.sections.slice(0, WARM_UP_SEARCHES)) {
    search(index, `${section.pageTitle} ${section.heading}`);
    await yieldToEventLoop();
  }
}

/**
 * A section longer than this many distinct words (a whole reference table, a man page's OPTIONS) holds most words
 * of most queries somewhere; its score shrinks as (LONG_SECTION_WORDS / length)^LONG_SECTION_EXPONENT.
 */
const LONG_SECTION_WORDS = 300;
const LONG_SECTION_EXPONENT = 0.7;

/**
 * Release notes mention every feature in passing, so they match most questions; the pages that document a feature
 * answer better. A section of a changelog (by its title or its path) counts half, unless the query asks for one.
 */
const CHANGELOG_FACTOR = 0.5;
const CHANGELOG_TITLE = /\b(release notes?|changelog|change log|what['’]?s new)\b/i;
const CHANGELOG_PATH = /\/(releases?|changelog|release-notes)(\/|$)/;

/** What a section's length and page kind make of its score (1 for a section of ordinary length on a content page). */
function sectionFactor(index: DocentIndex, id: number, asksForChanges: boolean): number {
  const section = index.sections[id]!;
  const length = index.terms.fieldLength(id, 'text');
  const changelog = CHANGELOG_TITLE.test(section.pageTitle) || CHANGELOG_PATH.test(section.pageUrl);
  const kind = changelog && !asksForChanges ? CHANGELOG_FACTOR : 1;
  return kind * (length > LONG_SECTION_WORDS ? (LONG_SECTION_WORDS / length) ** LONG_SECTION_EXPONENT : 1);
}

/** Weight of a page's second, third and fourth best sections in its score (the best counts in full). */
const SUPPORT_WEIGHTS = [0.7, 0.3, 0.15];

/**
 * A page of more sections than this (a manual on one page, a module's whole API) holds sections on many topics, so
 * its other matching sections say less about whether it is about the question: their support shrinks as
 * √(SUPPORT_FULL_SECTIONS / sections).
 */
const SUPPORT_FULL_SECTIONS = 40;

const sectionCounts = new WeakMap<DocentIndex, Map<string, number>>();

/** How many sections each page has, counted once per index. */
function sectionsPerPage(index: DocentIndex): Map<string, number> {
  let counts = sectionCounts.get(index);
  if (!counts) {
    counts = new Map();
    for (const section of index.sections) counts.set(section.pageUrl, (counts.get(section.pageUrl) ?? 0) + 1);
    sectionCounts.set(index, counts);
  }
  return counts;
}

/** The share of its other sections' scores that supports a page of `sections` sections. */
function supportShare(sections: number): number {
  return Math.min(1, Math.sqrt(SUPPORT_FULL_SECTIONS / Math.max(1, sections)));
}

interface Scored {
  result: TermHit;
  score: number;
}

interface SearchPlan {
  topic: string;
  limit: number;
  perPage: number;
  pathPrefix: string | undefined;
  queries: QueryTerm[];
  /** Whether the query asks what changed ("release notes", "changelog", "what's new"): then changelogs count in full. */
  asksForChanges: boolean;
}

function planSearch(index: DocentIndex, query: string, options: SearchOptions): SearchPlan | null {
  const limit = Math.max(0, Math.floor(options.limit ?? 8));
  const perPage = Math.max(1, Math.floor(options.maxSectionsPerPage ?? 3));
  if (!query.trim() || limit === 0) return null;
  const topic = topicQuery(query);
  const queries = searchTerms(index, correctTranspositions(index, topic));
  return { topic, limit, perPage, pathPrefix: options.pathPrefix, queries, asksForChanges: CHANGELOG_TITLE.test(query) };
}

/** The sections ranked on their own match and their page's evidence: needs the query's postings, no text. */
function scoreSections(index: DocentIndex, plan: SearchPlan): { scored: Scored[]; expansions: RankResult['expansions'] } {
  const filter = pathFilter(index, plan.pathPrefix);
  const { hits: results, expansions } = index.terms.rank(plan.queries, { boost: FIELD_BOOSTS, bm25: BM25, ...(filter ? { filter } : {}) });
  // Rarer query terms weigh more in coverage: a page matching only "api" covers little.
  const frequency = new Map<string, number>();
  for (const result of results) for (const term of result.queryTerms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const total = Math.max(1, index.sections.length);
  const weights = new Map<string, number>();
  let totalWeight = 0;
  for (const [term, count] of frequency) {
    const weight = Math.log(1 + total / count);
    weights.set(term, weight);
    totalWeight += weight;
  }
  const weightOf = (term: string) => weights.get(term) ?? 0;
  totalWeight ||= 1;
  const byPage = new Map<string, { results: TermHit[]; terms: Set<string> }>();
  for (const result of results.slice(0, RANKED_CANDIDATES)) {
    const pageUrl = index.sections[result.id]?.pageUrl;
    if (pageUrl === undefined) continue;
    let page = byPage.get(pageUrl);
    if (!page) byPage.set(pageUrl, (page = { results: [], terms: new Set() }));
    page.results.push(result);
    result.queryTerms.forEach((term) => page!.terms.add(term));
  }
  const scored: Scored[] = [];
  const pageSizes = sectionsPerPage(index);
  for (const [pageUrl, page] of byPage) {
    // Results are best first, so results[1] onwards are the next best sections.
    const support = SUPPORT_WEIGHTS.reduce((sum, weight, i) => sum + weight * (page.results[i + 1]?.score ?? 0), 0);
    const bonus = supportShare(pageSizes.get(pageUrl) ?? 1) * support;
    let pageWeight = 0;
    page.terms.forEach((term) => (pageWeight += weightOf(term)));
    const pageCoverage = pageWeight / totalWeight;
    for (const result of page.results) {
      const own = result.queryTerms.reduce((sum, term) => sum + weightOf(term), 0) / totalWeight;
      const coverage = 0.5 * pageCoverage + 0.5 * own;
      const score = sectionFactor(index, result.id, plan.asksForChanges) * (result.score + bonus) * (COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * coverage * coverage);
      scored.push({ result, score });
    }
  }
  scored.sort(byScore);
  return { scored, expansions };
}

function byScore(a: Scored, b: Scored): number {
  return b.score - a.score || a.result.id - b.result.id;
}

/** The sections whose text the text evidence reads. */
function textCandidates(scored: readonly Scored[]): number[] {
  return scored.slice(0, TEXT_CANDIDATES).map((entry) => entry.result.id);
}

/**
 * Multiplies the best candidates' scores by what their text shows, and puts them in order again: a heading that
 * points to other pages, the query's word pairs they hold, and a line that starts with a rare word of the query.
 */
function applyTextEvidence(index: DocentIndex, scored: Scored[], topic: string): void {
  const terms = primaryTerms(topic);
  const queryBigrams = bigramsOf(terms);
  const rare = rareTerms(index, terms);
  // All three read what travels with a section's text (in an index in parts, its heading too): only the best
  // candidates are looked at, so a query costs the same on any site.
  const best = scored.slice(0, TEXT_CANDIDATES);
  for (const entry of best) {
    const section = sectionWithText(index, entry.result.id);
    if (POINTER_HEADING.test(section.heading.trim())) entry.score *= POINTER_FACTOR;
    if (queryBigrams.length) entry.score *= 1 + PHRASE_BOOST * Math.min(1, phrasesIn(section, queryBigrams) / queryBigrams.length);
    if (definesAny(section, rare)) entry.score *= 1 + DEFINITION_BOOST;
  }
  scored.splice(0, best.length, ...best.sort(byScore));
}

/** The sections shown: `limit` in all, at most `perPage` under one page, in order. */
function shownSections(index: DocentIndex, scored: readonly Scored[], plan: SearchPlan): Scored[] {
  const perPage = new Map<string, number>();
  const shown: Scored[] = [];
  for (const entry of scored) {
    if (shown.length >= plan.limit) break;
    const pageUrl = index.sections[entry.result.id]!.pageUrl;
    const count = perPage.get(pageUrl) ?? 0;
    if (count >= plan.perPage) continue;
    perPage.set(pageUrl, count + 1);
    shown.push(entry);
  }
  return shown;
}

function pageHits(index: DocentIndex, shown: readonly Scored[], expansions: RankResult['expansions']): PageHit[] {
  const pages = new Map<string, PageHit>();
  for (const { result, score } of shown) {
    const section = sectionWithText(index, result.id);
    let page = pages.get(section.pageUrl);
    if (!page) pages.set(section.pageUrl, (page = { pageUrl: section.pageUrl, pageTitle: section.pageTitle, score, sections: [] }));
    page.sections.push({ ...sectionHit(index, section, result, expansions), score });
  }
  return [...pages.values()];
}

/** A section whose text is here: for an index in parts, an error naming the fix when it is not loaded yet. */
export function sectionWithText(index: DocentIndex, id: number): Section {
  if (index.parts && !index.parts.hasText(id)) {
    throw new Error(`the text of section ${id} is in a part of the index that is not loaded: use searchAsync or answerAsync`);
  }
  return index.sections[id]!;
}

/**
 * Searches the index: prefix and typo tolerant, page title > heading > text, results grouped by
 * page. A section's score is its own match plus page evidence: part of the scores of the page's
 * next best sections and the share of query terms the page matches as a whole. Pages are ordered
 * by their best section. An empty query gives `[]`. An index in parts needs `searchAsync`.
 */
export function search(index: DocentIndex, query: string, options: SearchOptions = {}): PageHit[] {
  const plan = planSearch(index, query, options);
  if (!plan) return [];
  const { scored, expansions } = scoreSections(index, plan);
  applyTextEvidence(index, scored, plan.topic);
  return pageHits(index, shownSections(index, scored, plan), expansions);
}

/** `search` on any index: an index in parts first loads the postings and the text the query needs. */
export async function searchAsync(index: DocentIndex, query: string, options: SearchOptions = {}): Promise<PageHit[]> {
  const parts = index.parts;
  if (!parts) return search(index, query, options);
  const plan = planSearch(index, query, options);
  if (!plan) return [];
  await parts.ensure({ terms: index.terms.termsOf(plan.queries) });
  const { scored, expansions } = scoreSections(index, plan);
  await parts.ensure({ sections: textCandidates(scored) });
  applyTextEvidence(index, scored, plan.topic);
  const shown = shownSections(index, scored, plan);
  await parts.ensure({ sections: shown.map((entry) => entry.result.id) });
  return pageHits(index, shown, expansions);
}
