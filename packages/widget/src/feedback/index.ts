/**
 * The feedback chunk: `<docent-feedback>` loads it when it connects, so a page without the element never does, and
 * it carries no dialog code. It parses the element's feedback attributes, renders the block or the single thumb,
 * dispatches `docent:feedback` once a rating is recorded and, in connected mode, records it on the server first.
 */
import { FEEDBACK_ROWS } from '@docent/contract/attributes/feedbackRows';
import type { AttributeRule, FeedbackOptionName, FeedbackOptions } from '@docent/contract/attributes/model';
import { parseRows } from '@docent/contract/attributes/parse';
import { FEEDBACK_STRINGS as STRINGS } from '../feedbackStrings.js';
import type { FeedbackHandle, FeedbackHost } from './api.js';
import { feedbackDetail, feedbackReducer, initialFeedbackState, pageUrlOf, startsSending, type FeedbackAction, type FeedbackState } from './model.js';
import { FeedbackError, sendFeedback } from './send.js';
import { createBlockView, createSingleView, type FeedbackView } from './view.js';

const ROWS = Object.values(FEEDBACK_ROWS) as AttributeRule<FeedbackOptionName>[];

function parse(host: FeedbackHost): FeedbackOptions {
  return parseRows(ROWS, 'feedback', (name) => host.getAttribute(name), host.warner);
}

export function mountFeedback(container: HTMLElement, host: FeedbackHost): FeedbackHandle {
  let options = parse(host);
  let state: FeedbackState;
  let view: FeedbackView;
  /** Bumped when the view is rebuilt or destroyed, so an answer to an older request changes nothing. */
  let generation = 0;

  const render = (): void => view.render(state, { label: host.labelText, hideBranding: options.hideBranding });

  function act(action: FeedbackAction): void {
    const previous = state;
    state = feedbackReducer(state, action);
    if (state === previous) return;
    render();
    if (startsSending(previous, state)) void record(state, generation);
  }

  async function record(sending: FeedbackState, started: number): Promise<void> {
    const detail = feedbackDetail(sending, pageUrlOf(window.location.href));
    try {
      if (options.apiUrl !== undefined) await sendFeedback(options.apiUrl, options.project, detail);
    } catch (error) {
      if (started !== generation) return;
      const reason = error instanceof FeedbackError ? error.message : STRINGS.feedbackUnreachable;
      act({ type: 'failed', error: STRINGS.feedbackNotSent(reason) });
      return;
    }
    if (started !== generation) return;
    // Static mode records nothing itself: the event is the feedback, for the host page to route.
    host.dispatch('docent:feedback', detail);
    act({ type: 'sent' });
  }

  function build(): void {
    generation += 1;
    state = initialFeedbackState(options.rating !== undefined);
    view = options.rating === undefined ? createBlockView(container, act) : createSingleView(container, options.rating, act);
    render();
  }

  build();
  return {
    update() {
      const before = options.rating;
      options = parse(host);
      if (options.rating !== before) build();
      else render();
    },
    destroy() {
      generation += 1;
      container.replaceChildren();
    },
  };
}
