/**
 * @docent/engine: HTML → sections → search index → search results and cited answers.
 * Runs in the browser and in Node (no DOM, no Node built-ins). Folder indexing is in
 * `@docent/engine/node`.
 */
export { extractSections, extractPage, cleanTitle, sharedTitleSuffix, withoutSuffix, parseSelector } from './extract/index.js';
export type { PageExtraction } from './extract/index.js';
export {
  buildIndex,
  buildIndexAsync,
  serializeIndex,
  loadIndex,
  hashSections,
  IndexLoadError,
  INDEX_FORMAT,
  INDEX_VERSION,
  SUPPORTED_INDEX_VERSIONS,
} from './indexing.js';
export type { BuildOptions, DocentIndex, SerializedIndex, LoadOptions, PartLoader } from './indexing.js';
export { checkSynonyms, SynonymError, MAX_SYNONYM_GROUPS } from './synonyms.js';
export type { SynonymGroups } from './synonyms.js';
export { indexFiles, PARTS_THRESHOLD_BYTES, splitIndex } from './parts.js';
export type { IndexPart, SplitIndex, SplitOptions } from './parts.js';
export { search, searchAsync, warmSearch } from './search.js';
export { snippet, highlight } from './snippet.js';
export { answer, answerAsync, notCovered, withTextFragment, encodeTextDirective } from './answer.js';
export { ANSWER_THRESHOLD } from '@docent/contract/answerThreshold';
export { contentHash } from './hash.js';
export { splitSentences, escapeHtml, escapeMarkdown } from './text.js';
export { AnswerGrounding, groundAnswer, SUPPORT_THRESHOLD } from './grounding.js';
export type { GroundedAnswer, GroundingCounts } from './grounding.js';
export type {
  Section,
  HeadingLevel,
  HtmlPage,
  ExtractOptions,
  SearchOptions,
  PageHit,
  SectionHit,
  AnswerOptions,
  Answer,
  AnswerSentence,
  Citation,
  ClosestPage,
} from './types.js';
