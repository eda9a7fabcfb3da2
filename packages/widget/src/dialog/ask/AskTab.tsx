/** @jsxRuntime automatic @jsxImportSource react */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { WidgetOptions } from '@docent/contract/attributes';
import { Markdown } from '../../markdown/render.js';
import { isAnswering } from '../../state/reducer.js';
import type { AssistantMessage, AssistantState } from '../../state/types.js';
import { STRINGS } from '../../strings.js';
import { Avatar } from '../shared/Avatar.js';
import { Icon } from '../shared/icons.js';
import type { AssistantActions } from '../useAssistant.js';
import { AnswerMessage } from './AnswerMessage.js';
import { Composer } from './Composer.js';
import { ConsentGate } from './ConsentGate.js';
import { answerToMarkdown, conversationToMarkdown, download } from './exportConversation.js';
import { SuggestedQuestions } from './SuggestedQuestions.js';

interface AskTabProps {
  readonly state: AssistantState;
  readonly actions: AssistantActions;
  readonly options: WidgetOptions;
  readonly inputRef: RefObject<HTMLTextAreaElement | null>;
  readonly announce: (message: string) => void;
  /** Text for the question field (from `open({ tab: 'ask', query })`); `seq` makes each request apply once. */
  readonly prefill?: { readonly text: string; readonly seq: number };
}

const pageOrigin = (): string | undefined => (typeof location === 'undefined' ? undefined : location.origin);

function AssistantTurn({ options, children }: { options: WidgetOptions; children: ReactNode }): ReactNode {
  return (
    <div className="docent-message docent-message-assistant">
      <div className="docent-message-author">
        <Avatar src={options.assistantAvatar} />
        <span>{options.assistantName}</span>
      </div>
      <div className="docent-message-body">{children}</div>
    </div>
  );
}

/** The Ask AI tab, also the whole of the embedded `<docent-chat>` panel. */
export function AskTab({ state, actions, options, inputRef, announce, prefill }: AskTabProps): ReactNode {
  const origin = pageOrigin();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { conversation } = state;
  // A new turn scrolls to the bottom; a streaming answer keeps it there only while the reader has not scrolled up.
  const pinned = useRef(true);
  const turns = useRef(conversation.length);
  const onScroll = (): void => {
    const scroller = scrollRef.current;
    if (scroller) pinned.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 32;
  };
  useEffect(() => {
    const scroller = scrollRef.current;
    const newTurn = turns.current !== conversation.length;
    turns.current = conversation.length;
    if (scroller && (newTurn || pinned.current)) {
      scroller.scrollTop = scroller.scrollHeight;
      pinned.current = true;
    }
  }, [conversation]);
  const needsConsent = options.consentText !== undefined && !state.consentAccepted;
  const askedForConsent = useRef(needsConsent);
  useEffect(() => {
    // The Accept button is gone once clicked: the question input takes the focus it had.
    if (askedForConsent.current && !needsConsent) inputRef.current?.focus();
    askedForConsent.current = needsConsent;
  }, [needsConsent, inputRef]);

  if (state.searchOnly) {
    return (
      <div className="docent-ask">
        <div className="docent-empty">
          <p>{STRINGS.searchOnlyNotice}</p>
          <button type="button" className="docent-secondary-button" onClick={() => actions.setSearchOnly(false)}>
            {STRINGS.turnAiBackOn}
          </button>
        </div>
      </div>
    );
  }

  const copy = (message: AssistantMessage): void => {
    if (!message.answer) return;
    const text = answerToMarkdown(message.answer);
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      announce(STRINGS.copyFailed);
      return;
    }
    clipboard.writeText(text).then(
      () => announce(STRINGS.copied),
      () => announce(STRINGS.copyFailed),
    );
  };
  const exportConversation = (): void =>
    download(conversationToMarkdown(conversation, options.assistantName, typeof location === 'undefined' ? undefined : location.href), STRINGS.exportFileName);
  return (
    <div className="docent-ask">
      {conversation.length > 0 && (
        <div className="docent-toolbar">
          <button type="button" className="docent-text-button" onClick={exportConversation}>
            <Icon name="download" />
            {STRINGS.exportConversation}
          </button>
          <button type="button" className="docent-text-button" onClick={actions.clearConversation}>
            <Icon name="trash" />
            {STRINGS.clearConversation}
          </button>
        </div>
      )}
      <div className="docent-conversation" ref={scrollRef} tabIndex={0} role="group" aria-label={STRINGS.conversationLabel} onScroll={onScroll}>
        {options.initialMessage && (
          <AssistantTurn options={options}>
            <Markdown source={options.initialMessage} pageOrigin={origin} />
          </AssistantTurn>
        )}
        {conversation.length === 0 && (
          <SuggestedQuestions title={options.suggestedQuestionsTitle} questions={options.suggestedQuestions} onAsk={actions.ask} />
        )}
        {conversation.map((message) =>
          message.role === 'user' ? (
            <div key={message.id} className="docent-message docent-message-user">
              <span className="docent-visually-hidden">{STRINGS.you}: </span>
              <p className="docent-question">{message.text}</p>
            </div>
          ) : (
            <AssistantTurn key={message.id} options={options}>
              <AnswerMessage
                message={message}
                hideSources={options.hideSources}
                hideFeedback={options.hideFeedback}
                pageOrigin={origin}
                onCopy={copy}
                onRate={actions.rate}
                onRetry={actions.retryAnswer}
              />
            </AssistantTurn>
          ),
        )}
      </div>
      {needsConsent && options.consentText !== undefined ? (
        <ConsentGate text={options.consentText} pendingQuestion={state.pendingQuestion} pageOrigin={origin} onAccept={actions.acceptConsent} />
      ) : (
        <Composer placeholder={options.placeholder} busy={isAnswering(state)} inputRef={inputRef} onAsk={actions.ask} prefill={prefill} />
      )}
      {options.footerText && <p className="docent-footer-text">{options.footerText}</p>}
    </div>
  );
}
