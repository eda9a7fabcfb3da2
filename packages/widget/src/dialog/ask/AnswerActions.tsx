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

const RATINGS = [
  { value: 'up', label: STRINGS.rateUp, icon: 'thumbUp' },
  { value: 'down', label: STRINGS.rateDown, icon: 'thumbDown' },
] as const;

/** Copy, thumbs up and thumbs down under an answer. */
export function AnswerActions({ rating, hideFeedback, onCopy, onRate }: AnswerActionsProps): ReactNode {
  return (
    <div className="docent-answer-actions">
      <button type="button" className="docent-icon-button" aria-label={STRINGS.copyAnswer} title={STRINGS.copyAnswer} onClick={onCopy}>
        <Icon name="copy" />
      </button>
      {!hideFeedback &&
        RATINGS.map(({ value, label, icon }) => (
          <button
            key={value}
            type="button"
            className="docent-icon-button"
            aria-label={label}
            title={label}
            aria-pressed={rating === value}
            onClick={() => onRate(value)}
          >
            <Icon name={icon} />
          </button>
        ))}
    </div>
  );
}
