import type { Theme } from '@docent/contract/attributes/model';

export type Scheme = 'light' | 'dark';

/**
 * `auto` follows `<html data-theme>` when it is `light` or `dark`, then `prefers-color-scheme`.
 * Pure, for tests and for the watcher below.
 */
export function resolveScheme(theme: Theme, htmlDataTheme: string | null, prefersDark: boolean): Scheme {
  if (theme !== 'auto') return theme;
  if (htmlDataTheme === 'dark' || htmlDataTheme === 'light') return htmlDataTheme;
  return prefersDark ? 'dark' : 'light';
}

type Listener = () => void;
const listeners = new Set<Listener>();
let stopWatching: (() => void) | undefined;

function startWatching(): () => void {
  const observer = new MutationObserver(() => listeners.forEach((listener) => listener()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  const onMedia = (): void => listeners.forEach((listener) => listener());
  media?.addEventListener?.('change', onMedia);
  return () => {
    observer.disconnect();
    media?.removeEventListener?.('change', onMedia);
  };
}

/** The page's current scheme for a `theme` value. */
export function currentScheme(theme: Theme): Scheme {
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  return resolveScheme(theme, document.documentElement.getAttribute('data-theme'), prefersDark);
}

/** Calls `listener` whenever `<html data-theme>` or the system scheme changes. One observer for the page. */
export function watchScheme(listener: Listener): () => void {
  listeners.add(listener);
  stopWatching ??= startWatching();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopWatching?.();
      stopWatching = undefined;
    }
  };
}
