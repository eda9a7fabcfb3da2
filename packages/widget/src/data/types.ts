/**
 * What the UI needs from a data source. Static mode (the engine in the browser) and connected mode (a Docent
 * server) both produce these shapes, so the UI never knows which one runs.
 */

export interface SectionHit {
  readonly url: string;
  readonly heading: string;
  /** The heading, HTML-escaped, with matched words in `<mark>` (rendered like `snippet`). */
  readonly headingHtml?: string;
  readonly breadcrumb: readonly string[];
  /** HTML-escaped text with `<mark>` around the matched words. Rendered by `Highlighted`, never as HTML. */
  readonly snippet: string;
  readonly score: number;
}

export interface PageHit {
  readonly pageUrl: string;
  readonly pageTitle: string;
  readonly score: number;
  readonly sections: readonly SectionHit[];
}

export interface Citation {
  readonly number: number;
  /** The section URL plus a `#:~:text=` fragment of the cited words, where there is one. */
  readonly url: string;
  readonly sectionUrl: string;
  readonly title: string;
  readonly breadcrumb: readonly string[];
}

export interface PageLink {
  readonly url: string;
  readonly title: string;
}

export interface Answer {
  readonly answered: boolean;
  /** Markdown in which every sentence ends with its citation number `[n]`. */
  readonly markdown: string;
  readonly citations: readonly Citation[];
  /** When `answered` is false: the pages that come closest. */
  readonly closest: readonly PageLink[];
  /** When `answered` is true: pages worth reading next, none of them cited (absent in conversations saved before). */
  readonly related?: readonly PageLink[];
}

export interface SearchOptions {
  readonly limit?: number;
  readonly pathPrefix?: string;
}

export interface DataSource {
  /** Starts loading what the source needs (the index in static mode); safe to call many times. */
  prepare(): Promise<void>;
  search(query: string, options?: SearchOptions): Promise<readonly PageHit[]>;
  ask(question: string): Promise<Answer>;
}
