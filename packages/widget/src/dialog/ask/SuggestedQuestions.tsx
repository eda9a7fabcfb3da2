/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';

interface SuggestedQuestionsProps {
  readonly title: string;
  readonly questions: readonly string[];
  readonly onAsk: (question: string) => void;
}

/** Starter questions: a click asks, exactly as if the visitor had typed the question and pressed Enter. */
export function SuggestedQuestions({ title, questions, onAsk }: SuggestedQuestionsProps): ReactNode {
  if (questions.length === 0) return null;
  return (
    <section className="docent-suggestions" aria-label={title}>
      <h3 className="docent-section-title">{title}</h3>
      <ul className="docent-suggestion-list">
        {questions.map((question) => (
          <li key={question}>
            <button type="button" className="docent-suggestion" onClick={() => onAsk(question)}>
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
