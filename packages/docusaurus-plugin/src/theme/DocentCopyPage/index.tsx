import React, { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

interface Props {
  /** URL of the page's Markdown copy, written by the plugin after the build. */
  markdownUrl: string;
}

const LABELS: Record<CopyState, string> = { idle: 'Copy page', copied: 'Copied', failed: 'Copy failed' };
const RESET_AFTER_MS = 2000;

async function fetchMarkdown(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** Copies the text while the click still counts as a user gesture: Safari refuses a later writeText. */
async function copyMarkdown(url: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('this page is not served over HTTPS, so the clipboard is not available');
  if (typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard.write === 'function') {
    const blob = fetchMarkdown(url).then((text) => new Blob([text], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    return;
  }
  await navigator.clipboard.writeText(await fetchMarkdown(url));
}

/** "Copy page": puts the page, as Markdown, on the clipboard (for pasting into an AI tool or an issue). */
export default function DocentCopyPage({ markdownUrl }: Props): ReactNode {
  const [state, setState] = useState<CopyState>('idle');
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (): Promise<void> => {
    clearTimeout(timer.current);
    try {
      await copyMarkdown(markdownUrl);
      setState('copied');
      setMessage('The page is on your clipboard as Markdown.');
      timer.current = setTimeout(() => setState('idle'), RESET_AFTER_MS);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setState('failed');
      setMessage(`Could not copy the page (${reason}). Open the Markdown copy and copy it from there.`);
    }
  };

  return (
    <div className={`docent-copy-page ${styles.actions}`}>
      <button type="button" className={`button button--secondary button--sm ${styles.button}`} onClick={() => void copy()}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" className={styles.icon}>
          {state === 'copied' ? (
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          ) : (
            <>
              <rect x="8" y="8" width="12" height="12" rx="2" />
              <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
            </>
          )}
        </svg>
        {LABELS[state]}
      </button>
      <span role="status" className={state === 'failed' ? styles.failure : styles.visuallyHidden}>
        {message}
        {state === 'failed' ? (
          <>
            {' '}
            <a href={markdownUrl}>Open the Markdown copy</a>
          </>
        ) : null}
      </span>
    </div>
  );
}
