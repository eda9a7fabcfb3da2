/**
 * The strings `<docent-feedback>` shows. They are part of the one string table (`STRINGS` in strings.ts); they live
 * in this file only so the feedback chunk does not carry the dialog's strings, nor the dialog the feedback's twice.
 */
import { groupDigits } from './numbers.js';

export interface FeedbackStrings {
  /** Heading of the block (the element's text replaces it). */
  feedbackQuestion: string;
  feedbackYes: string;
  feedbackNo: string;
  /** Accessible names of the single thumb (`rating="up"` or `"down"`; the element's text replaces them). */
  feedbackRateUp: string;
  feedbackRateDown: string;
  feedbackCommentLabel: string;
  feedbackCommentHint: (maxLength: number) => string;
  feedbackSend: string;
  feedbackSending: string;
  thanksForFeedback: string;
  feedbackNotSent: (reason: string) => string;
  feedbackUnreachable: string;
  feedbackTimedOut: string;
  feedbackTooManyRequests: string;
  feedbackServerError: (status: number) => string;
  feedbackNoProject: string;
  retry: string;
  poweredBy: string;
}

export const FEEDBACK_STRINGS: FeedbackStrings = {
  feedbackQuestion: 'Was this page helpful?',
  feedbackYes: 'Yes',
  feedbackNo: 'No',
  feedbackRateUp: 'This page was helpful',
  feedbackRateDown: 'This page was not helpful',
  feedbackCommentLabel: 'What was missing or unclear? (optional)',
  feedbackCommentHint: (maxLength) => `Up to ${groupDigits(maxLength)} characters. Do not include personal data.`,
  feedbackSend: 'Send',
  feedbackSending: 'Sending your feedback…',
  thanksForFeedback: 'Thanks for your feedback.',
  feedbackNotSent: (reason) => `Your feedback was not sent: ${reason}.`,
  feedbackUnreachable: 'the Docent server cannot be reached',
  feedbackTimedOut: 'the Docent server did not answer in time',
  feedbackTooManyRequests: 'the Docent server has received too many requests, wait a moment',
  feedbackServerError: (status) => `the Docent server answered HTTP ${status}`,
  feedbackNoProject: 'the element has no project attribute',
  retry: 'Try again',
  poweredBy: 'Powered by Docent',
};
