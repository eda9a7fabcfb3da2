import type { DialogModule } from '../dialog/api.js';

/** A loader that imports a chunk once, shared by every caller; a failed import is tried again on the next call. */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/**
 * Imports the dialog chunk (React and the assistant UI) once, on first hover, focus, click or shortcut. Pure, so
 * a chunk that does not call it (the page feedback's) leaves it out.
 */
export const loadDialogModule = /* @__PURE__ */ importOnce<DialogModule>(() => import('../dialog/index.js'));

/** Why an element could not open: logged once per failed attempt. */
export function reportLoadError(error: unknown, what = 'the assistant'): void {
  console.error(`Docent: ${what} could not load.`, error);
}
