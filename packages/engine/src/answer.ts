import type { DocentIndex } from './indexing.js';
import { FIELD_BOOSTS, search, searchAsync, sectionWithText, synonymsOf, termExists } from './search.js';
import type { QueryTerm, TermHit } from './termIndex.js';
import {
  bigramsOf,
  primaryTerms,
  QUESTION_STOP_WORDS,
  WEAK_QUESTION_WORDS,
  normalizeWord,
  editDistance,
  escapeMarkdown,
  splitSentences,
  termsOfQueryWord,
  termsOfWord,
  words,
} from './text.js';
import type { Answer, AnswerOptions, AnswerSentence, Citation, ClosestPage, PageHit, Section } from './types.js';
import { passageOf } from './passage.js';
import { confidenceOf, leaveOneOutQueries, stability } from './confidence.js';
import { isProseLine, parseShape } from './shape.js';
import { ANSWER_THRESHOLD } from '@docent/contract/answerThreshold';


/** BM25 for choosing answer passages: the usual length normalisation, so a short passage on the topic wins. */
const ANSWER_BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/** How many sections to re-rank, and how many may contribute sentences. */
const CANDIDATES = 40;
/** The share of the question the best section must cover, whatever the confidence. */
const COVERAGE_FLOOR = 0.55;
/** How many sections an answer quotes, and how good a second one's best sentence must be next to the first's. */
const MAX_PASSAGES = 2;
/** Sentences of prose in an answer, unless the caller says otherwise. */
const MAX_SENTENCES = 8;
const SECOND_PASSAGE_SHARE = 0.75;
const RELATED_PAGES = 3;
/** A question the docs do not cover gets more pages to try than an answered one. */
const CLOSEST_PAGES = 5;
const ROUNDUP_HEADING = /^(next steps?|see also|related( pages| topics)?|further reading|learn more|where to go next|what's next)$/i;
/** The search's first pages whose shown sections are candidates of an answer. */
const SHOWN_PAGES = 3;
/** How many of the best candidates are re-scored by their best sentence. */
const RESCORED = 15;
/** Words shown at the start and at the end of a text fragment. */
const FRAGMENT_WORDS = 5;

interface QuestionWord {
  /** The word as the question has it. */
  word: string;
  /** The word's main term (its stem). */
  primary: string;
  /** The main term and, for identifiers, the terms of their parts. */
  terms: string[];
  /** Inverse document frequency: rare words weigh more. */
  weight: number;
}

interface SectionTerms {
  all: Set<string>;
  heading: Set<string>;
  bigrams: Set<string>;
}

const sectionTermsCache = new WeakMap<Section, SectionTerms>();


function termSet(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of words(text)) for (const term of termsOfWord(word)) set.add(term);
  return set;
}

function sectionTerms(section: Section): SectionTerms {
  let cached = sectionTermsCache.get(section);
  if (!cached) {
    const heading = termSet(`${section.pageTitle} ${section.heading}`);
    const all = termSet(section.text);
    heading.forEach((term) => all.add(term));
    const bigrams = new Set<string>();
    for (const block of `${section.heading}\n${section.text}`.split('\n')) {
      bigramsOf(primaryTerms(block)).forEach((bigram) => bigrams.add(bigram));
    }
    cached = { all, heading, bigrams };
    sectionTermsCache.set(section, cached);
  }
  return cached;
}

/**
 * The topic words of a question: stop words removed, each weighted by its rarity in the index. In a yes/no question,
 * "without" and "not" say which answer is asked about, not what about: they are left out too.
 */
function questionWords(index: DocentIndex, question: string): QuestionWord[] {
  const seen = new Set<string>();
  const result: QuestionWord[] = [];
  const total = Math.max(1, index.sections.length);
  const yesNo = isYesNoQuestion(question);
  for (const word of words(question)) {
    if (yesNo && NEGATIONS.has(word.toLowerCase())) continue;
    const terms = termsOfWord(word, QUESTION_STOP_WORDS);
    const primary = terms[0];
    if (!primary || seen.has(primary)) continue;
    seen.add(primary);
    const frequency = index.terms.documentFrequency(primary);
    const rarity = Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
    const weight = WEAK_QUESTION_WORDS.has(normalizeWord(word)) ? 0.3 * rarity : rarity;
    result.push({ word, primary, terms, weight });
  }
  return result;
}

/** Endings that make another form of the same word (install → installation, custom → customiz). */
const DERIVATIONAL_ENDINGS = new Set([
  'ation', 'ations', 'ion', 'ions', 'ment', 'ments', 'er', 'ers', 'or', 'ors', 'al', 'ali', 'ally', 'li', 'iti',
  'abl', 'ibl', 'ness', 'iv', 'ing', 'ed', 'e', 's', 'es', 'iz', 'is', 'ic', 'ical', 'ist',
]);

/** Whether `longer` is `base` plus a derivational ending (not another word: java ≠ javascript). */
function isDerivedForm(longer: string, base: string): boolean {
  return longer.length > base.length && longer.startsWith(base) && DERIVATIONAL_ENDINGS.has(longer.slice(base.length));
}

/** 1 for the exact term, less for another form of the word or a one-letter typo. */
function credit(word: QuestionWord, terms: SectionTerms): number {
  if (word.terms.some((term) => terms.all.has(term))) return 1;
  const primary = word.primary;
  if (primary.length < 4) return 0;
  let best = 0;
  for (const term of terms.all) {
    if (term.length >= 4 && (isDerivedForm(term, primary) || isDerivedForm(primary, term))) return 0.75;
    if (primary.length >= 5 && best < 0.5 && editDistance(primary, term, 1) <= 1) best = 0.5;
  }
  return best;
}

interface RankedSection {
  id: number;
  section: Section;
  coverage: number;
  score: number;
  /** For a yes/no question: whether a sentence of the section decides it (see `decidesQuestion`). */
  decides: boolean;
}

/**
 * Each question word as the ranker takes it: a prefix of longer forms and a typo only when it is 5 letters or more
 * and the docs do not contain it ("openai" must not also match "openapi").
 */
function answerQueries(index: DocentIndex, question: readonly QuestionWord[], yesNo: boolean): QueryTerm[] {
  const queries: QueryTerm[] = question.flatMap((word) => termsOfQueryWord(word.primary)).map((term) => ({
    term,
    prefix: term.length >= 5,
    fuzzy: term.length >= 5 && !termExists(index, term, false) ? 1 : (false as const),
    ...synonymsOf(index, term),
  }));
  // A yes/no question is often decided by a sentence that says no ("needs no server"): such sections are candidates too.
  if (yesNo) queries.push(...CANDIDATE_NEGATIONS.map((term) => ({ term, prefix: false, fuzzy: false as const })));
  return queries;
}

/** The sections that may answer, best first, by the ranker alone (BM25 with the usual length normalisation). */
function candidateHits(index: DocentIndex, question: readonly QuestionWord[], pathPrefix: string | undefined, yesNo: boolean): TermHit[] {
  const filter = pathPrefix ? (id: number) => (index.sections[id]?.pageUrl ?? '').startsWith(pathPrefix) : undefined;
  return index.terms.rank(answerQueries(index, question, yesNo), { boost: FIELD_BOOSTS, bm25: ANSWER_BM25, ...(filter ? { filter } : {}) }).hits;
}

/**
 * The sections an answer may quote, best first: the ranker's 40 best, and the sections the search shows first for
 * the pages it ranks first (`shown`, by URL), wherever the ranker puts them.
 */
function rankSections(index: DocentIndex, question: QuestionWord[], pathPrefix: string | undefined, yesNo: boolean, shown: ReadonlySet<string>): RankedSection[] {
  const hits = candidateHits(index, question, pathPrefix, yesNo);
  const top = hits[0]?.score ?? 1;
  // In an index in parts, a section's URL has its anchor only once its text is loaded (before, it is the page's URL);
  // the sections the search showed are loaded.
  const isShown = (id: number): boolean => (index.parts?.hasText(id) ?? true) && shown.has(index.sections[id]?.url ?? '');
  const results = hits.filter((hit, rank) => rank < CANDIDATES || isShown(hit.id));
  const totalWeight = question.reduce((sum, word) => sum + word.weight, 0) || 1;
  const questionBigrams = bigramsOf(question.map((word) => word.primary));

  const ranked: RankedSection[] = [];
  for (const result of results) {
    const id = result.id;
    const section = sectionWithText(index, id);
    const terms = sectionTerms(section);
    let covered = 0;
    let inHeading = 0;
    for (const word of question) {
      covered += credit(word, terms) * word.weight;
      if (word.terms.some((term) => terms.heading.has(term))) inHeading += word.weight;
    }
    const coverage = covered / totalWeight;
    const phrase = questionBigrams.length
      ? questionBigrams.filter((bigram) => terms.bigrams.has(bigram)).length / questionBigrams.length
      : 0;
    let score = 0.35 * coverage + 0.15 * (inHeading / totalWeight) + 0.1 * phrase + 0.15 * (result.score / top);
    // Link lists ("Next steps", "See also") paraphrase other pages: the pages themselves answer better.
    if (ROUNDUP_HEADING.test(section.heading)) score *= 0.6;
    // For a yes/no question, a section that says no to its topic ("needs no server") is the one that decides it.
    const decides = yesNo && sentencesOf(section).some((sentence) => decidesQuestion(sentence, question));
    if (decides) score += DECIDING_SECTION_BONUS;
    ranked.push({ id, section, coverage, score, decides });
  }
  ranked.sort((a, b) => b.score - a.score || a.id - b.id);
  // A section with one sentence that says most of what was asked is a better source for an
  // extractive answer than one that mentions the words here and there.
  for (const entry of ranked.slice(0, RESCORED)) {
    const sentences = scoreSentences(entry.section, 0, question, headingShareOf(entry.section, question), yesNo);
    const best = sentences.reduce((max, sentence) => Math.max(max, sentence.score), 0);
    entry.score += 0.25 * Math.min(1, best);
  }
  return ranked.sort((a, b) => b.score - a.score || a.id - b.id);
}

interface ScoredSentence {
  text: string;
  rank: number;
  /** The sentence's place in the section, and its line and place in that line. */
  position: number;
  line: number;
  inLine: number;
  /** Whether the sentence is in a paragraph or list item: a second passage must open with one. */
  inProse: boolean;
  score: number;
}

/** Sentences that read as prose, not as code, a table row or a label: 1, else less. */
function proseFactor(sentence: string): number {
  const wordCount = sentence.split(/\s+/).length;
  const letters = (sentence.match(/[\p{L}\s]/gu) ?? []).length / sentence.length;
  const codeMarks = (sentence.match(/[{}<>=;]|=>|\(\)/g) ?? []).length;
  let factor = 1;
  if (letters < 0.75 || codeMarks >= 3) factor *= 0.15;
  else if (letters < 0.85) factor *= 0.6;
  if (wordCount < 4) factor *= 0.4;
  if (!/[.!?)"'”’]$/.test(sentence)) factor *= sentence.endsWith(':') ? 0.6 : 0.4;
  return factor;
}

interface SentenceTerms {
  text: string;
  line: number;
  inLine: number;
  /** Whether the sentence is in a paragraph or list item (not a table row, a line of code or a heading). */
  inProse: boolean;
  terms: Set<string>;
  bigrams: Set<string>;
  prose: number;
}

const sentenceCache = new WeakMap<Section, SentenceTerms[]>();

/** The sentences of a section with their terms, computed once per section. */
function sentencesOf(section: Section): SentenceTerms[] {
  let cached = sentenceCache.get(section);
  if (!cached) {
    const lines = section.text.split('\n');
    const shapes = parseShape(section.shape, lines.length);
    cached = lines.flatMap((lineText, line) =>
      splitSentences(lineText).map((text, inLine) => ({
        text,
        line,
        inLine,
        inProse: isProseLine(shapes[line]!),
        terms: termSet(text),
        bigrams: new Set(bigramsOf(primaryTerms(text))),
        prose: proseFactor(text),
      })),
    );
    sentenceCache.set(section, cached);
  }
  return cached;
}

function scored(sentence: SentenceTerms, rank: number, position: number, score: number): ScoredSentence {
  return { text: sentence.text, rank, position, line: sentence.line, inLine: sentence.inLine, inProse: sentence.inProse, score };
}

function scoreSentences(section: Section, rank: number, question: QuestionWord[], headingShare: number, yesNo: boolean): ScoredSentence[] {
  const totalWeight = question.reduce((sum, word) => sum + word.weight, 0) || 1;
  const questionBigrams = bigramsOf(question.map((word) => word.primary));
  const result: ScoredSentence[] = [];
  sentencesOf(section).forEach((sentence, position) => {
    if (sentence.text.length > 400) return;
    let covered = 0;
    for (const word of question) if (word.terms.some((term) => sentence.terms.has(term))) covered += word.weight;
    const phrase = questionBigrams.filter((bigram) => sentence.bigrams.has(bigram)).length;
    // A section whose heading matches the question usually answers it in its first sentences.
    const lead = position === 0 ? 0.3 * headingShare : position === 1 ? 0.1 * headingShare : 0;
    const decides = yesNo && decidesQuestion(sentence, question) ? DECIDING_BONUS : 0;
    const score = (covered / totalWeight + 0.3 * phrase + lead + decides) * sentence.prose;
    if (score > 0) result.push(scored(sentence, rank, position, score));
  });
  return result;
}

/** A question answered by yes or no: "Does it work offline?", "Can I use my own model?" */
const YES_NO_QUESTION = /^(do|does|did|can|could|is|are|was|were|will|would|should|must|may|has|have|am)\b/i;
function isYesNoQuestion(question: string): boolean {
  return YES_NO_QUESTION.test(question.trim());
}

/** The index terms of the commonest of those words, searched along with a yes/no question's words. */
const CANDIDATE_NEGATIONS = ['no', 'not', 'without'];
/** Words that turn a statement to no: the sentence that holds one just before a topic word of the question decides it. */
const NEGATIONS: ReadonlySet<string> = new Set([
  'no', 'not', 'never', 'without', 'cannot', 'none', 'nothing', "doesn't", "don't", "isn't", "aren't", "can't", "won't", 'neither', 'nor',
]);
/** How many words may sit between such a word and the topic word it turns ("not need a server"). */
const NEGATION_REACH = 3;
/** What a deciding sentence adds to its score, on the scale of a sentence that holds the whole question (1). */
const DECIDING_BONUS = 0.5;
/** What a section with a deciding sentence adds to its rank score (coverage of the whole question adds 0.35). */
const DECIDING_SECTION_BONUS = 0.05;

/** Whether a sentence says no to one of the question's words: "needs no server", "works without a key". */
function decidesYesNo(sentence: string, question: readonly QuestionWord[]): boolean {
  const tokens = words(sentence).map((word) => word.toLowerCase().replace(/’/g, "'"));
  return tokens.some((token, at) => {
    if (!NEGATIONS.has(token)) return false;
    return tokens.slice(at + 1, at + 1 + NEGATION_REACH).some((next) => {
      const terms = termsOfWord(next);
      return question.some((word) => word.terms.some((term) => terms.includes(term)));
    });
  });
}

/** Whether a sentence of prose holds every word of the question and says no to one of them. */
function decidesQuestion(sentence: SentenceTerms, question: readonly QuestionWord[]): boolean {
  return (
    sentence.inProse &&
    question.every((word) => word.terms.some((term) => sentence.terms.has(term))) &&
    decidesYesNo(sentence.text, question)
  );
}

function headingShareOf(section: Section, question: QuestionWord[]): number {
  const terms = sectionTerms(section);
  const totalWeight = question.reduce((sum, word) => sum + word.weight, 0) || 1;
  let inHeading = 0;
  for (const word of question) if (word.terms.some((term) => terms.heading.has(term))) inHeading += word.weight;
  return inHeading / totalWeight;
}

/** Percent-encodes a text directive term: URI component rules plus `-`, as the spec requires. */
export function encodeTextDirective(text: string): string {
  return encodeURIComponent(text).replace(/-/g, '%2D');
}

/**
 * Appends a text fragment to a URL: `/path#:~:text=…` without an anchor, `/path#anchor:~:text=…`
 * with one. `start` and optional `end` are the words that begin and end the cited passage.
 */
export function withTextFragment(url: string, start: string, end?: string): string {
  const directive = `:~:text=${encodeTextDirective(start)}${end ? `,${encodeTextDirective(end)}` : ''}`;
  return url.includes('#') ? `${url}${directive}` : `${url}#${directive}`;
}

/** The text fragment of a passage (one or more sentences, in page order). */
export function fragmentFor(url: string, passage: readonly string[]): string {
  const first = (passage[0] ?? '').split(/\s+/).filter(Boolean);
  const last = (passage[passage.length - 1] ?? '').split(/\s+/).filter(Boolean);
  const trim = (text: string): string => text.replace(/[.,:;!?]+$/, '');
  if (passage.length === 1 && first.length <= FRAGMENT_WORDS * 2) return withTextFragment(url, trim(first.join(' ')));
  return withTextFragment(
    url,
    first.slice(0, FRAGMENT_WORDS).join(' '),
    trim(last.slice(Math.max(0, last.length - FRAGMENT_WORDS)).join(' ')),
  );
}

function closestPages(index: DocentIndex, question: QuestionWord[], pathPrefix: string | undefined): ClosestPage[] {
  if (!question.length) return [];
  const query = question.map((word) => word.primary).join(' ');
  return search(index, query, { limit: 12, maxSectionsPerPage: 1, pathPrefix })
    .slice(0, CLOSEST_PAGES)
    .map((page) => ({ url: page.pageUrl, title: page.pageTitle }));
}

/** Pages the Search tab shows for the question (`pages`), after the cited ones: where to read on. */
function relatedPages(pages: readonly PageHit[], cited: readonly Citation[]): ClosestPage[] {
  const citedPages = new Set(cited.map((citation) => citation.sectionUrl.split('#')[0]));
  return pages
    .filter((page) => !citedPages.has(page.pageUrl))
    .slice(0, RELATED_PAGES)
    .map((page) => ({ url: page.pageUrl, title: page.pageTitle }));
}

/**
 * Where a section answers best: its highest-scoring sentence; for the best section, its first sentence of prose when
 * the question's words are in its heading only.
 */
function bestSentence(section: Section, rank: number, question: QuestionWord[], yesNo: boolean): ScoredSentence | undefined {
  const candidates = scoreSentences(section, rank, question, headingShareOf(section, question), yesNo);
  candidates.sort((a, b) => b.score - a.score || a.position - b.position);
  if (candidates[0] || rank > 0) return candidates[0];
  const all = sentencesOf(section);
  const position = Math.max(0, all.findIndex((sentence) => sentence.prose === 1));
  const first = all[position];
  return first ? scored(first, rank, position, 0) : { text: '', rank, position: 0, line: 0, inLine: 0, inProse: false, score: 0 };
}

/** The answer that says the documentation does not cover the question, with the closest pages if any. */
export function notCovered(closest: ClosestPage[], confidence: number): Answer {
  const lines = ['The documentation does not cover this question, so there is no answer to give.'];
  if (closest.length) {
    lines.push('', 'The closest pages are:', '');
    for (const page of closest) lines.push(`- [${escapeMarkdown(page.title)}](${page.url})`);
  }
  return { answered: false, markdown: lines.join('\n'), sentences: [], citations: [], closest, related: [], confidence };
}

/**
 * Answers a natural-language question from the documentation alone: the most relevant
 * sentences of the best one to three sections, every sentence with its citation. When no
 * section covers the question well enough, says so and lists the closest pages.
 */
export function answer(index: DocentIndex, question: string, options: AnswerOptions = {}): Answer {
  const maxSentences = Math.max(1, Math.floor(options.maxSentences ?? MAX_SENTENCES));
  const topic = questionWords(index, question);
  if (!topic.length) return notCovered([], 0);
  const yesNo = isYesNoQuestion(question);
  const threshold = options.threshold ?? ANSWER_THRESHOLD;
  // The search's first page is the page an answer quotes first (its best section for the question): the search
  // ranks pages better than the answer's ranker, which weighs how much of the question one section says.
  const pages = search(index, question, { limit: RELATED_PAGES + MAX_PASSAGES, maxSectionsPerPage: 1, pathPrefix: options.pathPrefix });
  const shown = new Set(pages.slice(0, SHOWN_PAGES).flatMap((page) => page.sections.map((section) => section.url)));
  const ranked = rankSections(index, topic, options.pathPrefix, yesNo, shown);
  const topPage = pages[0]?.pageUrl;
  // A yes/no question goes to the best section that decides it, when there is one among the best.
  const decider = ranked.slice(0, RESCORED).find((entry) => entry.decides);
  const best = decider ?? ranked.find((entry) => entry.section.pageUrl === topPage) ?? ranked[0];
  const confirmed = decider !== undefined || ranked[0]?.section.pageUrl === topPage;
  // A deciding sentence is evidence of its own: the page that holds it need not also be the search's steady first.
  const steady = decider ? 1 : best ? stability(index, topic.map((word) => word.word), best.section.pageUrl, options.pathPrefix) : 0;
  const confidence = best ? confidenceOf(confirmed, pages, steady) : 0;
  if (!best || best.coverage < COVERAGE_FLOOR || confidence < threshold) {
    return notCovered(closestPages(index, topic, options.pathPrefix), confidence);
  }

  const chosen = [best];
  for (const entry of ranked) {
    if (chosen.length >= MAX_PASSAGES) break;
    if (entry === best || entry.score < 0.8 * best.score || entry.coverage < COVERAGE_FLOOR) continue;
    // A text included in several pages is quoted once.
    if (!chosen.some((taken) => taken.section.text === entry.section.text)) chosen.push(entry);
  }
  const leads = chosen.map((entry, rank) => bestSentence(entry.section, rank, topic, yesNo));
  const topScore = leads[0]?.score ?? 0;

  const citations: Citation[] = [];
  const sentences: AnswerSentence[] = [];
  const passages: string[] = [];
  chosen.forEach((entry, rank) => {
    const lead = leads[rank];
    const room = maxSentences - sentences.length;
    // A second passage only when its best sentence says nearly as much as the first one's.
    if (!lead || (rank > 0 && (room <= 0 || lead.score < SECOND_PASSAGE_SHARE * topScore || !lead.inProse))) return;
    const number = citations.length + 1;
    const passage = passageOf(entry.section, lead.line, lead.inLine, number, { maxSentences: rank === 0 ? maxSentences : room, wholeWhenShort: rank === 0 });
    if (!passage.markdown) return;
    const section = entry.section;
    citations.push({
      number,
      url: passage.sentences.length ? fragmentFor(section.url, passage.sentences) : withTextFragment(section.url, section.heading),
      sectionUrl: section.url,
      title: section.pageTitle,
      breadcrumb: [...section.breadcrumb],
    });
    sentences.push(...passage.sentences.map((text) => ({ text, citation: number })));
    passages.push(passage.markdown);
  });
  if (!passages.length) return notCovered(closestPages(index, topic, options.pathPrefix), confidence);
  const related = relatedPages(pages, citations);
  return { answered: true, markdown: passages.join('\n\n'), sentences, citations, closest: [], related, confidence };
}

/** `answer` on any index: an index in parts first loads the postings and the text the answer reads. */
export async function answerAsync(index: DocentIndex, question: string, options: AnswerOptions = {}): Promise<Answer> {
  const parts = index.parts;
  if (!parts) return answer(index, question, options);
  // The question words' own postings give their rarity; then the words as the ranker reads them.
  const primaries = words(question).flatMap((word) => termsOfWord(word, QUESTION_STOP_WORDS).slice(0, 1));
  await parts.ensure({ terms: primaries });
  const topic = questionWords(index, question);
  const yesNo = isYesNoQuestion(question);
  if (topic.length) {
    await parts.ensure({ terms: index.terms.termsOf(answerQueries(index, topic, yesNo)) });
    await parts.ensure({ sections: candidateHits(index, topic, options.pathPrefix, yesNo).slice(0, CANDIDATES).map((hit) => hit.id) });
    // The searches behind the closest and related pages, with the most results either asks for.
    await searchAsync(index, topic.map((word) => word.primary).join(' '), { limit: 12, maxSectionsPerPage: 1, pathPrefix: options.pathPrefix });
    await searchAsync(index, question, { limit: 12, maxSectionsPerPage: 1, pathPrefix: options.pathPrefix });
    for (const query of leaveOneOutQueries(topic.map((word) => word.word))) {
      await searchAsync(index, query, { limit: 1, maxSectionsPerPage: 1, pathPrefix: options.pathPrefix });
    }
  }
  return answer(index, question, options);
}
