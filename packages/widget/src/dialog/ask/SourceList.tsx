/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import type { Citation } from '../../data/types.js';
import { isExternal } from '../../markdown/url.js';
import { STRINGS } from '../../strings.js';

/** The numbered sources under an answer. */
export function SourceList({ citations, pageOrigin }: { citations: readonly Citation[]; pageOrigin: string | undefined }): ReactNode {
  if (citations.length === 0) return null;
  return (
    <div className="docent-sources">
      <p className="docent-sources-title">{STRINGS.sources}</p>
      <ol className="docent-sources-list">
        {citations.map((citation) => (
          <li key={citation.number} className="docent-source" value={citation.number}>
            <a href={citation.url} {...(isExternal(citation.url, pageOrigin) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              <span className="docent-source-number" aria-hidden="true">
                {citation.number}
              </span>
              <span className="docent-source-text">
                <span className="docent-source-title">{citation.title}</span>
                {citation.breadcrumb.length > 1 && <span className="docent-source-breadcrumb">{citation.breadcrumb.slice(1).join(' › ')}</span>}
              </span>
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}
