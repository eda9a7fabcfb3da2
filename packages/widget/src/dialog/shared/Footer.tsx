/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import { STRINGS } from '../../strings.js';

interface FooterProps {
  readonly searchOnly: boolean;
  readonly onSearchOnlyChange: (searchOnly: boolean) => void;
  readonly hideBranding: boolean;
  readonly children?: ReactNode;
}

/** The strip at the bottom of the dialog and the panel: the "Search only" switch and the branding. */
export function Footer({ searchOnly, onSearchOnlyChange, hideBranding, children }: FooterProps): ReactNode {
  return (
    <div className="docent-footer">
      <button type="button" role="switch" className="docent-switch" aria-checked={searchOnly} onClick={() => onSearchOnlyChange(!searchOnly)}>
        <span className="docent-switch-track" aria-hidden="true">
          <span className="docent-switch-thumb" />
        </span>
        {STRINGS.searchOnly}
      </button>
      {children}
      {!hideBranding && <span className="docent-branding">{STRINGS.poweredBy}</span>}
    </div>
  );
}
