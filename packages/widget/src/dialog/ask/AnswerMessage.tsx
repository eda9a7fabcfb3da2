/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import { Markdown } from '../../markdown/render.js';
import type { AssistantMessage, Rating } from '../../state/types.js';
import { STRINGS } from '../../strings.js';
import { AnswerActions } from './AnswerActions.js';
import { PageLinks } from './PageLinks.js';
import { SourceList } from './SourceList.js';

interface AnswerMessageProps {
  readonly message: AssistantMessage;
  readonly hideSources: boolean;
  readonly hideFeedback: boolean;
  readonly pageOrigin: string | undefined;
  readonly onCopy: (message: AssistantMessage) => void;
  readonly onRate: (id: string, rating: Rating) => void;
  readonly onRetry: (question: string) => void;
}

/** The body of one assistant turn: pending, streaming, failed, answered with citations, or not covered. */
export function AnswerMessage({ message, hideSources, hideFeedback, pageOrigin, onCopy, onRate, onRetry }: AnswerMessageProps): ReactNode {
  if (message.status === 'pending') {
    return (
      <p className="docent-thinking">
        <span className="docent-spinner" aria-hidden="true" />
        {STRINGS.thinking}
      </p>
    );
  }
  if (message.status === 'streaming') {
    // The Markdown so far, parsed again as it grows (an unfinished line reads as text until it is complete).
    // The live region says "Answer ready" once at the end; this text is not announced piece by piece.
    return (
      <div className="docent-answer-streaming" aria-busy="true">
        <Markdown source={message.partial ?? ''} citations={message.partialCitations} pageOrigin={pageOrigin} />
      </div>
    );
  }
  if (message.status === 'error' || !message.answer) {
    return (
      <div className="docent-answer-error">
        <p>{STRINGS.answerFailed}</p>
        {message.errorDetail && <p className="docent-muted">{message.errorDetail}</p>}
        <button type="button" className="docent-secondary-button" onClick={() => onRetry(message.question)}>
          {STRINGS.retry}
        </button>
      </div>
    );
  }
  const { answer } = message;
  return (
    <>
      {answer.answered ? (
        <>
          <Markdown source={answer.markdown} citations={answer.citations} pageOrigin={pageOrigin} />
          {!hideSources && <SourceList citations={answer.citations} pageOrigin={pageOrigin} />}
          {!hideSources && (
            <div className="docent-markdown">
              <PageLinks title={STRINGS.relatedPages} pages={answer.related ?? []} pageOrigin={pageOrigin} />
            </div>
          )}
        </>
      ) : (
        <div className="docent-markdown">
          <p>{STRINGS.notCovered}</p>
          <PageLinks title={STRINGS.closestPages} pages={answer.closest} pageOrigin={pageOrigin} />
        </div>
      )}
      <AnswerActions rating={message.rating} hideFeedback={hideFeedback} onCopy={() => onCopy(message)} onRate={(rating) => onRate(message.id, rating)} />
    </>
  );
}
