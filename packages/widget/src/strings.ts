import { ELEMENT_STRINGS, type ElementStrings } from './elementStrings.js';
import { FEEDBACK_STRINGS, type FeedbackStrings } from './feedbackStrings.js';
import { groupDigits } from './numbers.js';

/**
 * Every user-facing string of the widget, in one typed table. Attributes override a few (`header-title`,
 * `placeholder`, `footer-text`…: see attributes.ts); the element labels default to the element's text.
 */
export interface WidgetStrings extends ElementStrings, FeedbackStrings {
  searchTab: string;
  askTab: string;
  close: string;
  searchLabel: string;
  resultsLabel: string;
  /** The scrollable area under the input (focusable, so keyboard users can scroll it). */
  searchBodyLabel: string;
  filtersLabel: string;
  allFilter: string;
  startHint: string;
  recentSearches: string;
  removeRecent: (query: string) => string;
  noResults: (query: string) => string;
  noResultsHint: string;
  askAbout: (query: string) => string;
  loading: string;
  stalled: string;
  searchError: string;
  resultCount: (count: number) => string;
  questionLabel: string;
  conversationLabel: string;
  send: string;
  you: string;
  thinking: string;
  answerReady: string;
  answerFailed: string;
  serverUnreachable: string;
  serverError: (status: number) => string;
  unreadableResponse: string;
  answerInterrupted: string;
  tooManyRequests: (wait: string | undefined) => string;
  /** How long to wait, for `tooManyRequests`: `in 30 seconds`, `in 5 minutes`… */
  waitFor: (amount: number, unit: 'second' | 'minute' | 'hour' | 'day') => string;
  questionTooLong: (maxLength: number) => string;
  notCovered: string;
  closestPages: string;
  relatedPages: string;
  sources: string;
  copyAnswer: string;
  copied: string;
  copyFailed: string;
  exportConversation: string;
  clearConversation: string;
  conversationCleared: string;
  rateUp: string;
  rateDown: string;
  searchOnly: string;
  searchOnlyNotice: string;
  turnAiBackOn: string;
  consentAccept: string;
  consentPending: string;
  citationLabel: (number: number, title: string) => string;
  exportTitle: (assistantName: string) => string;
  exportQuestion: string;
  exportFileName: string;
  navigateHint: string;
  selectHint: string;
  closeHint: string;
}

export const STRINGS: WidgetStrings = {
  ...ELEMENT_STRINGS,
  ...FEEDBACK_STRINGS,
  searchTab: 'Search',
  askTab: 'Ask AI',
  close: 'Close',
  searchLabel: 'Search the documentation',
  resultsLabel: 'Search results',
  searchBodyLabel: 'Results and recent searches',
  filtersLabel: 'Filter results',
  allFilter: 'All',
  startHint: 'Type to search the documentation.',
  recentSearches: 'Recent searches',
  removeRecent: (query) => `Remove “${query}” from recent searches`,
  noResults: (query) => `No results for “${query}”`,
  noResultsHint: 'Check the spelling, try other words, or ask the question.',
  askAbout: (query) => `Ask AI about ‘${query}’`,
  loading: 'Loading…',
  stalled: 'Still loading the search index…',
  searchError: 'Search is not available right now.',
  resultCount: (count) => (count === 1 ? '1 result' : `${count} results`),
  questionLabel: 'Your question',
  conversationLabel: 'Conversation',
  send: 'Send',
  you: 'You',
  thinking: 'Looking for the answer in the documentation…',
  answerReady: 'Answer ready.',
  answerFailed: 'The answer could not be loaded.',
  serverUnreachable: 'The Docent server cannot be reached. Check your connection and try again.',
  serverError: (status) => `The Docent server could not complete the request (HTTP ${status}). Try again later.`,
  unreadableResponse: 'The Docent server sent a response the assistant cannot read.',
  answerInterrupted: 'The answer stopped before it was complete. Try again.',
  tooManyRequests: (wait) => `The assistant has received too many requests. Try again ${wait ?? 'later'}.`,
  waitFor: (amount, unit) => `in ${amount} ${unit}${amount === 1 ? '' : 's'}`,
  questionTooLong: (maxLength) => `Your question is too long: keep it under ${groupDigits(maxLength)} characters.`,
  notCovered: 'I could not find the answer to that in the documentation.',
  closestPages: 'These pages come closest:',
  relatedPages: 'Related pages:',
  sources: 'Sources',
  copyAnswer: 'Copy answer',
  copied: 'Answer copied.',
  copyFailed: 'Could not copy the answer.',
  exportConversation: 'Export conversation',
  clearConversation: 'Clear conversation',
  conversationCleared: 'Conversation cleared.',
  rateUp: 'Helpful answer',
  rateDown: 'Unhelpful answer',
  searchOnly: 'Search only',
  searchOnlyNotice: 'AI answers are off. Results come from search only.',
  turnAiBackOn: 'Turn AI answers on',
  consentAccept: 'Accept and continue',
  consentPending: 'Your question is sent after you accept.',
  citationLabel: (number, title) => `Source ${number}: ${title}`,
  exportTitle: (assistantName) => `Conversation with ${assistantName}`,
  exportQuestion: 'Question',
  exportFileName: 'docent-conversation.md',
  navigateHint: 'to navigate',
  selectHint: 'to open',
  closeHint: 'to close',
};
