import type { DialogModule } from '../dialog/api.js';

let pending: Promise<DialogModule> | undefined;

/** Imports the dialog chunk (React and the assistant UI) once, on first hover, focus, click or shortcut. */
export function loadDialogModule(): Promise<DialogModule> {
  pending ??= import('../dialog/index.js').catch((error: unknown) => {
    pending = undefined; // let a later attempt retry
    throw error;
  });
  return pending;
}

/** Why an element could not open: logged once per failed attempt. */
export function reportLoadError(error: unknown, what = 'the assistant'): void {
  console.error(`Docent: ${what} could not load.`, error);
}
