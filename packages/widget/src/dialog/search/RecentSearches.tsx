/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import { STRINGS } from '../../strings.js';
import { Icon } from '../shared/icons.js';

interface RecentSearchesProps {
  readonly recent: readonly string[];
  readonly onPick: (query: string) => void;
  readonly onRemove: (query: string) => void;
}

/** The start screen: recent searches (each can be removed), or a hint when there are none. */
export function RecentSearches({ recent, onPick, onRemove }: RecentSearchesProps): ReactNode {
  if (recent.length === 0) return <p className="docent-empty">{STRINGS.startHint}</p>;
  return (
    <section className="docent-recent" aria-label={STRINGS.recentSearches}>
      <h3 className="docent-section-title">{STRINGS.recentSearches}</h3>
      <ul className="docent-recent-list">
        {recent.map((query) => (
          <li key={query} className="docent-recent-item">
            <button type="button" className="docent-recent-query" onClick={() => onPick(query)}>
              <Icon name="clock" />
              <span>{query}</span>
            </button>
            <button type="button" className="docent-icon-button" aria-label={STRINGS.removeRecent(query)} onClick={() => onRemove(query)}>
              <Icon name="close" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
