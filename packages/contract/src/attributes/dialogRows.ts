/**
 * Rows of the attribute table that the dialog and the panel read. They load with the dialog code. The rows that
 * `<docent-feedback>` also reads (feedbackRows.ts) come first, so the table keeps its order.
 */
import { enumeration } from './elementTypes.js';
import { FEEDBACK_ROWS } from './feedbackRows.js';
import { BUTTON_ELEMENTS, DIALOG_ELEMENTS, type AttributeRows, type ElementOptionName, type OptionName } from './model.js';
import { ANSWER_THRESHOLD } from '../answerThreshold.js';
import { boolean, filterArray, markdown, share, stringArray, text, url } from './dialogTypes.js';

export const DIALOG_ROWS: AttributeRows<Exclude<OptionName, ElementOptionName>> = {
  ...FEEDBACK_ROWS,
  indexUrl: {
    name: 'index-url', prop: 'indexUrl', type: url, default: '/docent-index.json',
    elements: DIALOG_ELEMENTS, group: 'connection', description: 'Where the static index file is, in static mode.',
  },
  headerTitle: {
    name: 'header-title', prop: 'headerTitle', type: text, default: 'Ask AI',
    elements: DIALOG_ELEMENTS, group: 'text', description: 'Title in the dialog header.',
  },
  placeholder: {
    name: 'placeholder', prop: 'placeholder', type: text, default: 'Search or ask a question…',
    elements: DIALOG_ELEMENTS, group: 'text', description: 'Placeholder text of the input.',
  },
  footerText: {
    name: 'footer-text', prop: 'footerText', type: text,
    default: 'Answers come from the documentation and can be wrong. Check the cited sources.',
    elements: DIALOG_ELEMENTS, group: 'text', description: 'Note under the chat input.',
  },
  initialMessage: {
    name: 'initial-message', prop: 'initialMessage', type: markdown, default: undefined, defaultLabel: 'none',
    elements: DIALOG_ELEMENTS, group: 'text', description: 'First assistant message of a new conversation.',
  },
  suggestedQuestions: {
    name: 'suggested-questions', prop: 'suggestedQuestions', type: stringArray, default: [],
    elements: DIALOG_ELEMENTS, group: 'text', description: 'Starter questions the visitor can click.',
  },
  suggestedQuestionsTitle: {
    name: 'suggested-questions-title', prop: 'suggestedQuestionsTitle', type: text, default: 'Suggested questions',
    elements: DIALOG_ELEMENTS, group: 'text', description: 'Heading above the suggested questions.',
  },
  modalPosition: {
    name: 'modal-position', prop: 'modalPosition', type: enumeration, values: ['center', 'sidebar-right', 'bottom-right'], default: 'center',
    elements: BUTTON_ELEMENTS, group: 'buttons', description: 'Where the dialog opens.',
  },
  cleanTitles: {
    name: 'clean-titles', prop: 'cleanTitles', type: boolean, default: false,
    elements: DIALOG_ELEMENTS, group: 'results',
    description: 'Drop the site-name suffix from result titles, so `Quickstart | Docent docs` shows as `Quickstart`.',
  },
  filters: {
    name: 'filters', prop: 'filters', type: filterArray, default: [],
    elements: ['search-button'], group: 'results', description: 'Filter chips above the results; a chip keeps the results whose URL path starts with its `path`.',
  },
  answerThreshold: {
    name: 'answer-threshold', prop: 'answerThreshold', type: share, default: ANSWER_THRESHOLD,
    elements: DIALOG_ELEMENTS, group: 'results',
    description: 'In static mode, the confidence an answer needs; below it the assistant declines and lists the closest pages. Higher answers fewer questions and the rest more reliably; `docent eval --answer-threshold` measures both.',
  },
  hideSources: {
    name: 'hide-sources', prop: 'hideSources', type: boolean, default: false,
    elements: DIALOG_ELEMENTS, group: 'results', description: 'Hide the list of sources under answers; the inline citation numbers stay.',
  },
  hideFeedback: {
    name: 'hide-feedback', prop: 'hideFeedback', type: boolean, default: false,
    elements: DIALOG_ELEMENTS, group: 'results', description: 'Hide the thumbs up and down on answers.',
  },
  assistantName: {
    name: 'assistant-name', prop: 'assistantName', type: text, default: 'Docent',
    elements: DIALOG_ELEMENTS, group: 'branding', description: 'Name shown next to answers.',
  },
  assistantAvatar: {
    name: 'assistant-avatar', prop: 'assistantAvatar', type: url, default: undefined, defaultLabel: 'the built-in icon',
    elements: DIALOG_ELEMENTS, group: 'branding', description: 'Image shown next to answers.',
  },
  storeHistory: {
    name: 'store-history', prop: 'storeHistory', type: boolean, default: true,
    elements: DIALOG_ELEMENTS, group: 'appearance',
    description: 'Keep recent searches and the conversation in `localStorage`; with `false`, they stay in memory only.',
  },
  consentText: {
    name: 'consent-text', prop: 'consentText', type: markdown, default: undefined, defaultLabel: 'none',
    elements: DIALOG_ELEMENTS, group: 'appearance', description: 'When set, the visitor accepts this text once before asking the first question.',
  },
};
