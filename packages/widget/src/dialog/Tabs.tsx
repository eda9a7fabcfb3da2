/** @jsxRuntime automatic @jsxImportSource react */
import type { KeyboardEvent, ReactNode } from 'react';
import type { Tab } from '@docent/contract/attributes';
import { STRINGS } from '../strings.js';

interface TabsProps {
  readonly selected: Tab;
  readonly tabIds: Readonly<Record<Tab, string>>;
  readonly panelIds: Readonly<Record<Tab, string>>;
  readonly onSelect: (tab: Tab) => void;
}

const TABS: ReadonlyArray<{ tab: Tab; label: string }> = [
  { tab: 'search', label: STRINGS.searchTab },
  { tab: 'ask', label: STRINGS.askTab },
];

/** The Search / Ask AI tab list (arrow keys move between tabs, as the ARIA tabs pattern says). */
export function Tabs({ selected, tabIds, panelIds, onSelect }: TabsProps): ReactNode {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: Tab = selected === 'search' ? 'ask' : 'search';
    onSelect(next);
    const root = event.currentTarget.getRootNode() as Document | ShadowRoot;
    root.getElementById?.(tabIds[next])?.focus();
  };
  return (
    <div role="tablist" className="docent-tabs">
      {TABS.map(({ tab, label }) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={tabIds[tab]}
          className="docent-tab"
          aria-selected={selected === tab}
          aria-controls={panelIds[tab]}
          tabIndex={selected === tab ? 0 : -1}
          onClick={() => onSelect(tab)}
          onKeyDown={onKeyDown}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
