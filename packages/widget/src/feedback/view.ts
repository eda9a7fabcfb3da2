/**
 * The DOM of `<docent-feedback>`, built once and updated from the state, so focus and the text being typed never
 * jump. No React: the block is on every doc page and must stay small.
 *
 * The block: a heading, "Yes" and "No" as toggle buttons (`aria-pressed`), the comment form after "No" (a labelled
 * textarea, where Enter adds a line, and a Send button), a polite live region for "Sending…", the thank-you and
 * failures, and "Try again" after a failure. The single thumb (`rating`): one toggle button and a live region.
 */
import { element, icon } from '../elements/dom.js';

const THUMB_UP_ICON = 'M8.6 2.2 9.7 2c1 0 1.8.8 1.8 1.8V7h4a2 2 0 0 1 2 2.3l-1 6A2 2 0 0 1 14.5 17H6V8.3l2.6-6.1ZM2 8h2.5v9H2V8Z';
const THUMB_DOWN_ICON = 'M11.4 17.8l-1.1.2c-1 0-1.8-.8-1.8-1.8V13h-4a2 2 0 0 1-2-2.3l1-6A2 2 0 0 1 5.5 3H14v8.7l-2.6 6.1ZM18 12h-2.5V3H18v9Z';
import type { FeedbackRating } from '../events.js';
import { FEEDBACK_STRINGS as STRINGS } from '../feedbackStrings.js';
import { COMMENT_MAX_LENGTH, isLocked, showsCommentBox, type FeedbackAction, type FeedbackState } from './model.js';

export interface ViewTexts {
  /** The element's text, or empty for the default heading or thumb name. */
  readonly label: string;
  readonly hideBranding: boolean;
}

export interface FeedbackView {
  render(state: FeedbackState, texts: ViewTexts): void;
}

type Act = (action: FeedbackAction) => void;

const ICONS: Record<FeedbackRating, string> = { up: THUMB_UP_ICON, down: THUMB_DOWN_ICON };

function statusText(state: FeedbackState): string {
  if (state.phase === 'sending') return STRINGS.feedbackSending;
  if (state.phase === 'sent') return STRINGS.thanksForFeedback;
  if (state.phase === 'failed') return state.error ?? '';
  return '';
}

function setLocked(button: HTMLButtonElement, locked: boolean): void {
  // aria-disabled, not disabled: a disabled button drops the keyboard focus it holds.
  if (locked) button.setAttribute('aria-disabled', 'true');
  else button.removeAttribute('aria-disabled');
}

function isPressed(state: FeedbackState, rating: FeedbackRating): boolean {
  return state.rating === rating && state.phase !== 'choosing';
}

/**
 * Runs `update`, then, when it hid the control that had the focus (the Send button once the rating is recorded, or
 * "Try again" once it is pressed), moves the focus to `fallback()` instead of letting it fall back to the page.
 */
function keepingFocus(container: HTMLElement, update: () => void, fallback: () => HTMLElement): void {
  const root = container.getRootNode() as Document | ShadowRoot;
  const focused = root.activeElement;
  update();
  if (focused instanceof HTMLElement && container.contains(focused) && focused.closest('[hidden]')) {
    fallback().focus();
  }
}

function choiceButton(rating: FeedbackRating, text: string, act: Act): HTMLButtonElement {
  const button = element('button', 'docent-feedback-choice', { type: 'button', 'aria-pressed': 'false' });
  const label = element('span', '');
  label.textContent = text;
  button.append(icon(ICONS[rating]), label);
  button.addEventListener('click', () => act({ type: 'rate', rating }));
  return button;
}

/** "Was this page helpful?" with Yes and No, the comment form after No, and the thank-you. */
export function createBlockView(container: HTMLElement, act: Act): FeedbackView {
  const block = element('div', 'docent-feedback');
  const heading = element('h2', 'docent-feedback-question', { id: 'docent-feedback-question' });
  const choices = element('div', 'docent-feedback-choices', { role: 'group', 'aria-labelledby': 'docent-feedback-question' });
  const yes = choiceButton('up', STRINGS.feedbackYes, act);
  const no = choiceButton('down', STRINGS.feedbackNo, act);
  choices.append(yes, no);
  const prompt = element('div', 'docent-feedback-prompt');
  prompt.append(heading, choices);

  const form = element('form', 'docent-feedback-form');
  const label = element('label', 'docent-feedback-label', { for: 'docent-feedback-comment' });
  label.textContent = STRINGS.feedbackCommentLabel;
  const comment = element('textarea', 'docent-feedback-comment', {
    id: 'docent-feedback-comment',
    name: 'comment',
    rows: '3',
    maxlength: String(COMMENT_MAX_LENGTH),
    'aria-describedby': 'docent-feedback-hint',
  });
  const hint = element('p', 'docent-feedback-hint', { id: 'docent-feedback-hint' });
  hint.textContent = STRINGS.feedbackCommentHint(COMMENT_MAX_LENGTH);
  const send = element('button', 'docent-feedback-send', { type: 'submit' });
  send.textContent = STRINGS.feedbackSend;
  form.append(label, comment, hint, send);
  // A textarea never submits its form on Enter, so Enter adds a line; the Send button submits.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    act({ type: 'submit' });
  });
  comment.addEventListener('input', () => act({ type: 'comment', text: comment.value }));

  const status = element('p', 'docent-feedback-status', { role: 'status' });
  const retry = element('button', 'docent-feedback-retry', { type: 'button' });
  retry.textContent = STRINGS.retry;
  retry.addEventListener('click', () => act({ type: 'submit' }));
  const branding = element('p', 'docent-feedback-branding');
  branding.textContent = STRINGS.poweredBy;

  block.append(prompt, form, status, retry, branding);
  container.replaceChildren(block);

  return {
    render(state, texts) {
      const locked = isLocked(state);
      keepingFocus(
        container,
        () => {
          heading.textContent = texts.label || STRINGS.feedbackQuestion;
          yes.setAttribute('aria-pressed', String(isPressed(state, 'up')));
          no.setAttribute('aria-pressed', String(isPressed(state, 'down')));
          for (const button of [yes, no, send]) setLocked(button, locked);
          form.hidden = !showsCommentBox(state);
          comment.readOnly = locked;
          if (comment.value !== state.comment) comment.value = state.comment;
          status.textContent = statusText(state);
          status.classList.toggle('docent-feedback-error', state.phase === 'failed');
          retry.hidden = state.phase !== 'failed';
          branding.hidden = texts.hideBranding;
        },
        () => (!form.hidden ? send : isPressed(state, 'down') ? no : yes),
      );
    },
  };
}

/** One thumb for inline use (`rating="up"` or `"down"`): it sends at once and says thanks to screen readers. */
export function createSingleView(container: HTMLElement, rating: FeedbackRating, act: Act): FeedbackView {
  const wrapper = element('span', 'docent-feedback-single');
  const thumb = element('button', 'docent-feedback-thumb', { type: 'button', 'aria-pressed': 'false' });
  thumb.append(icon(ICONS[rating]));
  thumb.addEventListener('click', () => act({ type: 'rate', rating }));
  const status = element('span', '', { role: 'status' });
  wrapper.append(thumb, status);
  container.replaceChildren(wrapper);

  return {
    render(state, texts) {
      const name = texts.label || (rating === 'up' ? STRINGS.feedbackRateUp : STRINGS.feedbackRateDown);
      thumb.setAttribute('aria-label', name);
      thumb.title = name;
      thumb.setAttribute('aria-pressed', String(state.phase === 'sending' || state.phase === 'sent'));
      setLocked(thumb, isLocked(state));
      status.textContent = statusText(state);
      // Inline, only a failure takes room; "Sending…" and the thank-you are for screen readers (the thumb shows it).
      status.className = state.phase === 'failed' ? 'docent-feedback-single-error' : 'docent-visually-hidden';
    },
  };
}
