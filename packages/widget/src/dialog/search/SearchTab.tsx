/** @jsxRuntime automatic @jsxImportSource react */
import { useCallback, useId, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import type { WidgetOptions } from '@docent/contract/attributes';
import { listOptions, searchScreen } from '../../state/reducer.js';
import type { AssistantState } from '../../state/types.js';
import { STRINGS } from '../../strings.js';
import { Icon } from '../shared/icons.js';
import type { AssistantActions } from '../useAssistant.js';
import { FilterChips } from './FilterChips.js';
import { RecentSearches } from './RecentSearches.js';
import { ResultList } from './ResultList.js';

interface SearchTabProps {
  readonly state: AssistantState;
  readonly actions: AssistantActions;
  readonly options: WidgetOptions;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  /** Follows a result: in this tab (closing the dialog) or in a new one. */
  readonly navigate: (url: string, newTab: boolean) => void;
}

export function SearchTab({ state, actions, options, inputRef, navigate }: SearchTabProps): ReactNode {
  const listId = useId();
  const optionId = useCallback((index: number) => `${listId}-option-${index}`, [listId]);
  const screen = searchScreen(state);
  const rows = screen === 'error' ? [] : listOptions(state);
  const active = state.activeIndex >= 0 && state.activeIndex < rows.length ? state.activeIndex : -1;

  const choose = (index: number, newTab: boolean): void => {
    const url = actions.chooseOption(index);
    if (url !== undefined) navigate(url, newTab);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      actions.moveActive(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(active, event.ctrlKey || event.metaKey);
    }
  };

  const onRowClick = (index: number, event: MouseEvent): void => {
    const row = rows[index];
    if (row?.kind === 'section') {
      // A real link: the browser handles Ctrl/⌘/middle clicks; a plain click also closes the dialog.
      actions.chooseOption(index);
      if (!(event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)) navigate(row.section.url, false);
      event.preventDefault();
      return;
    }
    choose(index, false);
  };

  return (
    <div className="docent-search">
      <div className="docent-search-field">
        <Icon name="search" />
        <input
          ref={inputRef}
          className="docent-search-input"
          type="text"
          role="combobox"
          aria-label={STRINGS.searchLabel}
          aria-autocomplete="list"
          aria-controls={listId}
          aria-expanded={rows.length > 0}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder={options.placeholder}
          value={state.query}
          onChange={(event) => actions.setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {state.status === 'stalled' && <span className="docent-spinner" aria-hidden="true" />}
      </div>
      <FilterChips filters={options.filters} active={state.filterPath} onChange={actions.setFilter} />
      <div className="docent-search-body" role="region" aria-label={STRINGS.searchBodyLabel} tabIndex={0}>
        {screen === 'start' && (
          <RecentSearches recent={state.recentSearches} onPick={actions.setQuery} onRemove={actions.removeRecent} />
        )}
        {screen === 'error' && (
          <div className="docent-empty">
            <p>{STRINGS.searchError}</p>
            {state.error && <p className="docent-muted">{state.error}</p>}
            <button type="button" className="docent-secondary-button" onClick={actions.retrySearch}>
              {STRINGS.retry}
            </button>
          </div>
        )}
        {screen === 'no-results' && (
          <div className="docent-empty">
            <p>{STRINGS.noResults(state.query.trim())}</p>
            <p className="docent-muted">{STRINGS.noResultsHint}</p>
          </div>
        )}
        {screen === 'results' && state.status === 'stalled' && rows.length <= 1 && <p className="docent-empty">{STRINGS.stalled}</p>}
        <ResultList
          id={listId}
          options={rows}
          activeIndex={active}
          optionId={optionId}
          onHover={actions.setActive}
          onChoose={onRowClick}
        />
      </div>
    </div>
  );
}
