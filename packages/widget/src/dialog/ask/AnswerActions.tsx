/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import type { Rating } from '../../state/types.js';
import { STRINGS } from '../../strings.js';
import { Icon } from '../shared/icons.js';

interface AnswerActionsProps {
  readonly rating: Rating | undefined;
  readonly hideFeedback: boolean;
  readonly onCopy: () => void;
  readonly onRate: (rating: Rating) => void;
}

/** Copy, thumbs up and thumbs down under an answer. */
export function AnswerActions({ rating, hideFeedback, onCopy, onRate }: AnswerActionsProps): ReactNode {
  return (
    <div className="docent-answer-actions">
      <button type="button" className="docent-icon-button" aria-label={STRINGS.copyAnswer} title={STRINGS.copyAnswer} onClick={onCopy}>
        <Icon name="copy" />
      </button>
      {!hideFeedback && (
        <>
          <button
            type="button"
            className="docent-icon-button"
            aria-label={STRINGS.rateUp}
            title={STRINGS.rateUp}
            aria-pressed={rating === 'up'}
            onClick={() => onRate('up')}
          >
            <Icon name="thumbUp" />
          </button>
          <button
            type="button"
            className="docent-icon-button"
            aria-label={STRINGS.rateDown}
            title={STRINGS.rateDown}
            aria-pressed={rating === 'down'}
            onClick={() => onRate('down')}
          >
            <Icon name="thumbDown" />
          </button>
        </>
      )}
    </div>
  );
}
