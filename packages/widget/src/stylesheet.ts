/**
 * Where the shadow roots load the stylesheets from, so a strict `style-src 'self'` works and no inline style is
 * needed. `docent.css` comes with every element; `docent-chat.css` with `<docent-chat-button>` and `<docent-chat>`;
 * `docent-dialog.css` with the dialog; `docent-feedback.css` with `<docent-feedback>`.
 * A host whose bundler moves the files says where `docent.css` is with `setStylesheetUrl` (the other stylesheets
 * are expected beside it); otherwise they are the files beside the widget's code (stylesheetFiles.ts), whose module
 * then loads: a page whose host set the URL never carries those file references.
 */
import type { StylesheetName } from '@docent/contract/stylesheets';

export type { StylesheetName };

let override: string | undefined;

export function setStylesheetUrl(url: string): void {
  override = url;
}

export async function stylesheetUrl(name: StylesheetName): Promise<string> {
  if (override !== undefined) return new URL(name, new URL(override, document.baseURI)).href;
  const { bundledStylesheetUrl } = await import('./stylesheetFiles.js');
  return bundledStylesheetUrl(name);
}
