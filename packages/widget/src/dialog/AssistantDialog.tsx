/** @jsxRuntime automatic @jsxImportSource react */
import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { Tab, WidgetOptions } from '@docent/contract/attributes';
import { STRINGS } from '../strings.js';
import type { AssistantHost } from './api.js';
import { AskTab } from './ask/AskTab.js';
import { SearchTab } from './search/SearchTab.js';
import { tabbableElements, trapTab } from './shared/focus.js';
import { Footer } from './shared/Footer.js';
import { Icon } from './shared/icons.js';
import { LiveRegion } from './shared/LiveRegion.js';
import { Tabs } from './Tabs.js';
import { useAssistant } from './useAssistant.js';

export interface DialogRequest {
  readonly open: boolean;
  readonly tab: Tab;
  readonly query?: string;
  /** Changes with every `open()` call, so opening twice re-applies tab and query. */
  readonly seq: number;
}

interface AssistantDialogProps {
  readonly host: AssistantHost;
  readonly options: WidgetOptions;
  readonly request: DialogRequest;
}

function KeyHints(): ReactNode {
  return (
    <span className="docent-key-hints" aria-hidden="true">
      <span>
        <kbd className="docent-key">↑</kbd>
        <kbd className="docent-key">↓</kbd> {STRINGS.navigateHint}
      </span>
      <span>
        <kbd className="docent-key">↵</kbd> {STRINGS.selectHint}
      </span>
      <span>
        <kbd className="docent-key">esc</kbd> {STRINGS.closeHint}
      </span>
    </span>
  );
}

/** The modal dialog of the search and chat buttons: header, the Search and Ask AI tabs, footer. */
export function AssistantDialog({ host, options, request }: AssistantDialogProps): ReactNode {
  const { state, actions, announcement, announce } = useAssistant(host, options, 'closed');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const searchInputRef = useRef<HTMLInputElement>(null);
  const askInputRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const panelIds = { search: useId(), ask: useId() };
  const tabIds = { search: useId(), ask: useId() };

  // Layout effects: the modal opens or closes, and focus lands in the visible tab's input, in the commit of the
  // request, never a frame apart (when the modal's own focusing would show on the first tab for a moment).
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (request.open) {
      // `open({query})` fills the input of the tab it opens: the search field, or the question field.
      actions.open(request.tab, request.tab === 'search' ? request.query : undefined);
      if (!dialog.open) dialog.showModal();
    } else {
      actions.close();
      if (dialog.open) dialog.close();
    }
    // `seq` changes with every request; `actions` is stable for a given set of options.
  }, [request.open, request.seq]);

  // The visible tab's input has focus, also after "Ask AI about…" switches tabs. Without an input (the consent
  // gate, search only), the first control of the tab has it: never the tab list, where a Space would switch tabs.
  useLayoutEffect(() => {
    if (state.view === 'closed') return;
    const input = state.view === 'search' ? searchInputRef.current : askInputRef.current;
    const panel = dialogRef.current?.querySelector<HTMLElement>(`[id="${panelIds[state.view]}"]`);
    const fallback = panel?.querySelector<HTMLElement>('.docent-consent button, .docent-empty button') ?? (panel && tabbableElements(panel)[0]);
    (input ?? fallback)?.focus();
  }, [state.view, request.seq]);

  const close = (): void => {
    dialogRef.current?.close();
    actions.close();
    host.onClosed();
  };
  const navigate = (url: string, newTab: boolean): void => {
    if (newTab) {
      window.open(url, '_blank', 'noopener');
      return;
    }
    close();
    window.location.assign(url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if (event.key === 'Tab' && dialogRef.current) trapTab(event, dialogRef.current);
  };
  const view = state.view === 'closed' ? request.tab : state.view;

  return (
    <dialog
      ref={dialogRef}
      className={`docent-dialog docent-dialog-${options.modalPosition}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => event.target === event.currentTarget && close()}
    >
      <div className="docent-dialog-frame">
        <div className="docent-dialog-header">
          <h2 id={titleId} className="docent-dialog-title">
            {options.headerTitle}
          </h2>
          <Tabs selected={view} tabIds={tabIds} panelIds={panelIds} onSelect={actions.setTab} />
          <button type="button" className="docent-icon-button docent-close" aria-label={STRINGS.close} title={STRINGS.close} onClick={close}>
            <Icon name="close" />
          </button>
        </div>
        <div role="tabpanel" id={panelIds.search} aria-labelledby={tabIds.search} className="docent-tabpanel" hidden={view !== 'search'}>
          <SearchTab state={state} actions={actions} options={options} inputRef={searchInputRef} navigate={navigate} />
        </div>
        <div role="tabpanel" id={panelIds.ask} aria-labelledby={tabIds.ask} className="docent-tabpanel" hidden={view !== 'ask'}>
          <AskTab
            state={state}
            actions={actions}
            options={options}
            inputRef={askInputRef}
            announce={announce}
            prefill={request.open && request.tab === 'ask' && request.query !== undefined ? { text: request.query, seq: request.seq } : undefined}
          />
        </div>
        <Footer searchOnly={state.searchOnly} onSearchOnlyChange={actions.setSearchOnly} hideBranding={options.hideBranding}>
          {view === 'search' && <KeyHints />}
        </Footer>
        <LiveRegion message={announcement} />
      </div>
    </dialog>
  );
}
