/** @jsxRuntime automatic @jsxImportSource react */
import { useEffect, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { STRINGS } from '../../strings.js';
import { Icon } from '../shared/icons.js';

interface ComposerProps {
  readonly placeholder: string;
  readonly busy: boolean;
  readonly inputRef: RefObject<HTMLTextAreaElement | null>;
  readonly onAsk: (question: string) => void;
  readonly prefill?: { readonly text: string; readonly seq: number };
}

/** The question input: Enter sends, Shift+Enter adds a line. */
export function Composer({ placeholder, busy, inputRef, onAsk, prefill }: ComposerProps): ReactNode {
  const [draft, setDraft] = useState('');
  const prefillSeq = prefill?.seq;
  useEffect(() => {
    if (prefill !== undefined) setDraft(prefill.text);
    // Applies once per `open()` request, not on every render.
  }, [prefillSeq]);
  const canSend = draft.trim() !== '' && !busy;

  const submit = (event?: FormEvent): void => {
    event?.preventDefault();
    if (!canSend) return;
    onAsk(draft);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="docent-composer" onSubmit={submit}>
      <textarea
        ref={inputRef}
        className="docent-composer-input"
        aria-label={STRINGS.questionLabel}
        placeholder={placeholder}
        rows={1}
        value={draft}
        enterKeyHint="send"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="docent-send" aria-label={STRINGS.send} title={STRINGS.send} disabled={!canSend}>
        <Icon name="send" />
      </button>
    </form>
  );
}
