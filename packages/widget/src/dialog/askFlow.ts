/**
 * One question from asked to settled, and one thumb on an answer: what the assistant dispatches, which `docent:*`
 * events fire, what the live region says and what goes to the server. React-free, so it is tested as it runs.
 */
import { isAbortError, ReaderFacingError } from '../data/errors.js';
import type { DataSource, Rating } from '../data/types.js';
import type { Action, AssistantMessage } from '../state/types.js';
import { STRINGS } from '../strings.js';
import type { AssistantHost } from './api.js';
import { cleanAnswerTitles } from './search/titles.js';

export interface FlowContext {
  readonly source: DataSource;
  readonly dispatch: (action: Action) => void;
  readonly announce: (message: string) => void;
  readonly host: Pick<AssistantHost, 'dispatch'>;
  readonly cleanTitles: boolean;
}

export interface Question {
  readonly id: string;
  readonly question: string;
  /** The conversation to continue (connected mode). */
  readonly conversationId?: string;
  /** Aborted when the conversation is cleared or the dialog goes away: the answer is then dropped silently. */
  readonly signal?: AbortSignal;
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Asks, streams and settles one question. The live region speaks twice: "looking" when asked, and "ready" (or why
 * not) at the end; the pieces of a streaming answer are shown, not announced one by one. Never rejects.
 */
export async function askQuestion(context: FlowContext, { id, question, conversationId, signal }: Question): Promise<void> {
  const { source, dispatch, announce, host, cleanTitles } = context;
  dispatch({ type: 'questionAsked', id, question });
  host.dispatch('docent:question', { question });
  announce(STRINGS.thinking);
  try {
    const raw = await source.ask(question, {
      conversationId,
      signal,
      onStart: (start) => {
        const citations = cleanTitles ? cleanAnswerTitles({ citations: start.citations, closest: [] }).citations : start.citations;
        dispatch({ type: 'answerStarted', id, ...start, citations });
      },
      onDelta: (text) => dispatch({ type: 'answerDelta', id, text }),
    });
    const answer = cleanTitles ? cleanAnswerTitles(raw) : raw;
    dispatch({ type: 'answerReceived', id, answer });
    host.dispatch('docent:answer', {
      question,
      answered: answer.answered,
      sources: answer.citations.map(({ number, title, url }) => ({ number, title, url })),
    });
    announce(answer.answered ? STRINGS.answerReady : STRINGS.notCovered);
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) return; // cleared or closed for good: nothing left to show it in
    const detail = error instanceof ReaderFacingError ? error.message : undefined;
    dispatch({ type: 'answerFailed', id, error: errorMessage(error), ...(detail ? { detail } : {}) });
    announce(detail ? `${STRINGS.answerFailed} ${detail}` : STRINGS.answerFailed);
  }
}

/**
 * A thumb on an answer: stored on the message and reported as `docent:feedback`; in connected mode also sent to the
 * server (`sendFeedback`) under the answer's message id, with the page it was read on. The thumb stays pressed even
 * when the server cannot record it: it is the reader's choice, and the page's own event has fired.
 */
export function rateAnswer(context: Pick<FlowContext, 'source' | 'dispatch' | 'announce' | 'host'>, message: AssistantMessage, rating: Rating, pageUrl?: string): void {
  const { source, dispatch, announce, host } = context;
  if (message.rating === rating) return;
  dispatch({ type: 'answerRated', id: message.id, rating });
  host.dispatch('docent:feedback', { target: { type: 'answer', id: message.id, question: message.question }, rating });
  if (message.messageId !== undefined && source.sendFeedback) {
    source.sendFeedback({ target: { type: 'answer', messageId: message.messageId, ...(pageUrl ? { url: pageUrl } : {}) }, rating }).catch((error: unknown) => {
      console.warn(`Docent: the feedback could not be sent to the server: ${errorMessage(error)}`);
    });
  }
  announce(STRINGS.thanksForFeedback);
}
