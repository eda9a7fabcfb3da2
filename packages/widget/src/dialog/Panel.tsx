/** @jsxRuntime automatic @jsxImportSource react */
import { useId, useRef, type ReactNode } from 'react';
import type { WidgetOptions } from '@docent/contract/attributes';
import type { AssistantHost } from './api.js';
import { AskTab } from './ask/AskTab.js';
import { Footer } from './shared/Footer.js';
import { LiveRegion } from './shared/LiveRegion.js';
import { useAssistant } from './useAssistant.js';

/** `<docent-chat>`: the Ask AI conversation inline in the page. No dialog, no shortcut. */
export function Panel({ host, options }: { host: AssistantHost; options: WidgetOptions }): ReactNode {
  const { state, actions, announcement, announce } = useAssistant(host, options, 'ask');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  return (
    <section className="docent-panel" aria-labelledby={titleId}>
      <div className="docent-panel-header">
        <h2 id={titleId} className="docent-dialog-title">
          {options.headerTitle}
        </h2>
      </div>
      <AskTab state={state} actions={actions} options={options} inputRef={inputRef} announce={announce} />
      <Footer searchOnly={state.searchOnly} onSearchOnlyChange={actions.setSearchOnly} hideBranding={options.hideBranding} />
      <LiveRegion message={announcement} />
    </section>
  );
}
