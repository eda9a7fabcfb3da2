/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import { Markdown } from '../../markdown/render.js';
import { STRINGS } from '../../strings.js';

interface ConsentGateProps {
  readonly text: string;
  readonly pendingQuestion: string | null;
  readonly pageOrigin: string | undefined;
  readonly onAccept: () => void;
}

/** `consent-text`: accepted once before the first question; a question asked before that waits here. */
export function ConsentGate({ text, pendingQuestion, pageOrigin, onAccept }: ConsentGateProps): ReactNode {
  return (
    <div className="docent-consent">
      <Markdown source={text} pageOrigin={pageOrigin} />
      {pendingQuestion !== null && <p className="docent-muted">{STRINGS.consentPending}</p>}
      <button type="button" className="docent-primary-button" onClick={onAccept}>
        {STRINGS.consentAccept}
      </button>
    </div>
  );
}
