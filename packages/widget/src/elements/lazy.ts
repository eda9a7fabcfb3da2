import type { DialogModule } from '../dialog/api.js';
import type { FeedbackModule } from '../feedback/api.js';

let pending: Promise<DialogModule> | undefined;
let pendingFeedback: Promise<FeedbackModule> | undefined;

/** Imports the dialog chunk (React and the assistant UI) once, on first hover, focus, click or shortcut. */
export function loadDialogModule(): Promise<DialogModule> {
  pending ??= import('../dialog/index.js').catch((error: unknown) => {
    pending = undefined; // let a later attempt retry
    throw error;
  });
  return pending;
}

/** Imports the page-feedback chunk once, when the first `<docent-feedback>` connects. It holds no dialog code. */
export function loadFeedbackModule(): Promise<FeedbackModule> {
  pendingFeedback ??= import('../feedback/index.js').catch((error: unknown) => {
    pendingFeedback = undefined;
    throw error;
  });
  return pendingFeedback;
}

/** Why an element could not open: logged once per failed attempt. */
export function reportLoadError(error: unknown, what = 'the assistant'): void {
  console.error(`Docent: ${what} could not load.`, error);
}
