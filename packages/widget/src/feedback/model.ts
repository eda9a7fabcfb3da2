/**
 * The state of one `<docent-feedback>`: what the reader chose, what they wrote, and where the sending is. A reducer
 * and the payload it sends, pure (no DOM), so the whole flow is tested without a browser.
 *
 * The block: "Yes" sends at once; "No" opens the comment box, and "Send" sends the thumbs-down with the comment
 * (or without one). A single thumb (`rating="up"` or `"down"`) sends at once. A failure keeps the choice and the
 * comment, so the reader can try again.
 */
import type { FeedbackDetail, FeedbackRating, PageFeedbackTarget } from '../events.js';

/** The server's limit on a comment (`FeedbackRequest.comment` in openapi.yaml). */
export const COMMENT_MAX_LENGTH = 2000;

/** What a page rating dispatches and sends. */
export type PageFeedbackDetail = FeedbackDetail & { readonly target: PageFeedbackTarget };

export type FeedbackPhase = 'choosing' | 'commenting' | 'sending' | 'sent' | 'failed';

export interface FeedbackState {
  /** `rating="up"|"down"`: one thumb button that sends at once, instead of the block. */
  readonly single: boolean;
  readonly phase: FeedbackPhase;
  readonly rating: FeedbackRating | undefined;
  readonly comment: string;
  /** Why the last attempt failed (phase `failed`), as the reader reads it. */
  readonly error: string | undefined;
}

export type FeedbackAction =
  | { readonly type: 'rate'; readonly rating: FeedbackRating }
  | { readonly type: 'comment'; readonly text: string }
  | { readonly type: 'submit' }
  | { readonly type: 'sent' }
  | { readonly type: 'failed'; readonly error: string };

export function initialFeedbackState(single: boolean): FeedbackState {
  return { single, phase: 'choosing', rating: undefined, comment: '', error: undefined };
}

/** While a rating is on its way or recorded, the controls do nothing. */
export function isLocked(state: FeedbackState): boolean {
  return state.phase === 'sending' || state.phase === 'sent';
}

export function feedbackReducer(state: FeedbackState, action: FeedbackAction): FeedbackState {
  switch (action.type) {
    case 'rate': {
      if (isLocked(state)) return state;
      if (action.rating === 'down' && !state.single) {
        // "No" is a toggle: pressed again before sending, it closes the comment box (the text stays for later).
        if (state.phase === 'commenting' && state.rating === 'down') return { ...state, phase: 'choosing', rating: undefined };
        return { ...state, phase: 'commenting', rating: 'down', error: undefined };
      }
      return { ...state, phase: 'sending', rating: action.rating, error: undefined };
    }
    case 'comment':
      if (isLocked(state)) return state;
      return { ...state, comment: limitComment(action.text) };
    case 'submit':
      if ((state.phase !== 'commenting' && state.phase !== 'failed') || state.rating === undefined) return state;
      return { ...state, phase: 'sending', error: undefined };
    case 'sent':
      return state.phase === 'sending' ? { ...state, phase: 'sent' } : state;
    case 'failed':
      return state.phase === 'sending' ? { ...state, phase: 'failed', error: action.error } : state;
  }
}

/** True when this transition starts a request: the caller sends `feedbackDetail(next, url)`. */
export function startsSending(previous: FeedbackState, next: FeedbackState): boolean {
  return next.phase === 'sending' && previous.phase !== 'sending';
}

/** Whether the comment box shows: after "No" in the block, until the rating is recorded. */
export function showsCommentBox(state: FeedbackState): boolean {
  return !state.single && state.rating === 'down' && state.phase !== 'choosing' && state.phase !== 'sent';
}

/** At most `COMMENT_MAX_LENGTH` characters (code points, as the server counts them). */
export function limitComment(text: string): string {
  if (text.length <= COMMENT_MAX_LENGTH) return text;
  return Array.from(text).slice(0, COMMENT_MAX_LENGTH).join('');
}

/**
 * The page a rating is about: the URL without its query (it can carry personal data) and its fragment (a heading
 * of the same page).
 */
export function pageUrlOf(href: string): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}`;
}

/**
 * The `docent:feedback` detail, which is also the `sendFeedback` request body: `{target: {type: 'page', url}, rating,
 * comment?}`. The comment goes only with a thumbs-down, trimmed, and only when something is left.
 */
export function feedbackDetail(state: FeedbackState, url: string): PageFeedbackDetail {
  const rating = state.rating ?? 'up';
  const comment = rating === 'down' ? limitComment(state.comment.trim()) : '';
  const target = { type: 'page', url } as const;
  return comment === '' ? { target, rating } : { target, rating, comment };
}
