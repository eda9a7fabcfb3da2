export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * One part of a page under one heading (h1–h3, a deeper heading with an anchor, or an API entry): the unit of
 * retrieval and citation.
 */
export interface Section {
  /** Unique within an index: the section URL, with `~2`, `~3`… appended to repeats. */
  id: string;
  /** `/path#anchor`; the page's h1 section (and text before the first heading) uses `/path`. */
  url: string;
  /** The page path without anchor. */
  pageUrl: string;
  /** From `<title>` (site-name suffix dropped with `cleanTitles`), else from the h1. */
  pageTitle: string;
  /** The heading's text. */
  heading: string;
  /** 1–6: h1–h3, and h4–h6 or an API entry (a deeper level than its parent) with an anchor. */
  level: HeadingLevel;
  /** `[pageTitle, …parent headings…, heading]`, repeats of the same title dropped. */
  breadcrumb: string[];
  /**
   * Clean text of the section, one line per block separated by `\n`: a paragraph, list item or heading with its
   * whitespace collapsed to one space, a table row with its cells separated by tabs, and a code block line by line
   * with its indentation.
   */
  text: string;
  /** What each line of `text` is (paragraph, code, list item, table row…, see shape.ts); absent when all are paragraphs. */
  shape?: string;
  /** The page's `<meta name="description">`, or `""`. */
  description: string;
}

/** The document given to `extractSections`. */
export interface HtmlPage {
  /** The page path (`/installation/docusaurus`) or a full URL; any `#hash` is ignored. */
  url: string;
  html: string;
}

export interface ExtractOptions {
  /** Drop a site-name suffix from `<title>` (`Quickstart | Docent docs` → `Quickstart`). Default `false`. */
  cleanTitles?: boolean;
  /**
   * Where the content is, as a CSS selector (tags, `#id`, `.class`, `[attr=value]`, descendants, commas), tried
   * before the known roots of common generators. A page it does not match is read as if it were not set.
   */
  contentSelector?: string;
  /** Leave out generated pages (genindex, module indexes, search and not-found pages, `noindex`). Default `true`. */
  skipGeneratedPages?: boolean;
}

export interface SearchOptions {
  /** Maximum number of sections returned, across all pages. Default 8. */
  limit?: number;
  /** Only sections whose page URL starts with this path (`/customization`). */
  pathPrefix?: string;
  /** Maximum number of sections shown under one page. Default 3. */
  maxSectionsPerPage?: number;
}

export interface SectionHit {
  /** `/path#anchor` of the section. */
  url: string;
  heading: string;
  /** The heading, HTML-escaped, with matched words wrapped in `<mark>`. */
  headingHtml: string;
  breadcrumb: string[];
  /** About 160 characters of HTML-escaped text around the best match, matched words in `<mark>`. */
  snippet: string;
  score: number;
}

export interface PageHit {
  pageUrl: string;
  pageTitle: string;
  /** The best score of the page's sections. */
  score: number;
  sections: SectionHit[];
}

export interface AnswerOptions {
  /** Maximum number of sentences of prose in the answer (code blocks and tables are not sentences). Default 8. */
  maxSentences?: number;
  /** Only use sections whose page URL starts with this path. */
  pathPrefix?: string;
  /**
   * The confidence an answer needs, 0–1 (see `ANSWER_THRESHOLD`). Default `ANSWER_THRESHOLD` (0.4). Higher declines
   * more questions and answers the rest more reliably: measure both with `docent eval --answer-threshold`.
   */
  threshold?: number;
}

export interface AnswerSentence {
  text: string;
  /** The `number` of the citation this sentence comes from. */
  citation: number;
}

export interface Citation {
  /** 1-based, in order of first use in the answer. */
  number: number;
  /** `sectionUrl` plus a URL text fragment (`#:~:text=` or `#anchor:~:text=`) of the cited words. */
  url: string;
  /** `/path#anchor` of the cited section. */
  sectionUrl: string;
  /** The page title. */
  title: string;
  breadcrumb: string[];
}

export interface ClosestPage {
  url: string;
  title: string;
}

export interface Answer {
  /** `false` when the documentation does not cover the question well enough to answer. */
  answered: boolean;
  /** The answer as Markdown: every sentence followed by its citation number, `[n]`. */
  markdown: string;
  sentences: AnswerSentence[];
  citations: Citation[];
  /** When not answered: up to five pages closest to the question. */
  closest: ClosestPage[];
  /** When answered: up to three more pages the search ranks high for the question, none of them cited. */
  related: ClosestPage[];
  /** How sure the answer is, 0–1: the answer threshold applies to it (see `ANSWER_THRESHOLD`). */
  confidence: number;
}
